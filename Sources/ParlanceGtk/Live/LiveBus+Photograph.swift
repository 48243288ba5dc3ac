import CGtk
import CParlanceLive

/// A running program's windows photographed by its module, and where its texts are drawn.
extension LiveBus {
  /// A window of a running program, as Photograph drew it.
  public struct Window: Hashable, Sendable {
    /// The PNG written; nil when none was asked for.
    public let file: String?
    /// Its width in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int
    /// Its title ("" for none: a menu, a tooltip).
    public let title: String
    /// Its GtkBuilder id, else its class.
    public let name: String
  }

  /// Where a text is drawn: a rectangle of a window's picture, in its pixels.
  public struct Place: Hashable, Sendable {
    /// The text's id in the last Collect.
    public let id: UInt32
    /// The window's index in `Photograph.windows`.
    public let window: Int
    /// The rectangle's left edge, in pixels from the picture's left.
    public let x: Int
    /// Its top edge, in pixels from the picture's top.
    public let y: Int
    /// Its width in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int
    /// The width the text needs whole, when it is cut short there (with an ellipsis, or
    /// clipped by a label narrower than it); nil when it fits.
    public let neededWidth: Int?
  }

  /// What a program's windows look like now and where its texts are.
  public struct Photograph: Sendable {
    /// The windows shown: the program's first, then its popups.
    public let windows: [Window]
    /// The object of each text of the last Collect, by id, for a reader: its GtkBuilder
    /// id, else the nearest ancestor's id and its class.
    public let names: [String]
    /// Every place a text of the last Collect is drawn (none for a text not drawn).
    public let places: [Place]
  }

  /// Waits until the windows of the program at `busName` have drawn the frame after
  /// everything asked of it so far, then has it write each as `window-N.png` into
  /// `directory` (nil: no files) and say where each text of its last Collect is drawn.
  ///
  /// - Throws: `Failure` when it does not answer, shows no window, or cannot write.
  public static func photograph(
    _ busName: String, into directory: String?, timeout: Duration = timeout
  ) throws(Failure) -> Photograph {
    var error: UnsafeMutablePointer<GError>?
    guard
      let answer = parlance_live_photograph(
        busName, directory ?? "", milliseconds(timeout), &error)
    else {
      throw failure(error, "\(busName) did not answer")
    }
    defer { parlance_live_photograph_free(answer) }
    let windows = items(of: answer.pointee.windows, as: ParlanceLiveWindow.self).map { window in
      let file = String(cString: window.pointee.file)
      return Window(
        file: file.isEmpty ? nil : file, width: Int(window.pointee.width),
        height: Int(window.pointee.height), title: String(cString: window.pointee.title),
        name: String(cString: window.pointee.name))
    }
    let names = items(of: answer.pointee.names, as: CChar.self).map { String(cString: $0) }
    let rows = answer.pointee.places.pointee
    let places: [Place] =
      rows.data.map { data in
        UnsafeBufferPointer(
          start: UnsafeRawPointer(data).assumingMemoryBound(to: ParlanceLivePlace.self),
          count: Int(rows.len)
        ).map { place in
          Place(
            id: place.id, window: Int(place.window), x: Int(place.x), y: Int(place.y),
            width: Int(place.width), height: Int(place.height),
            neededWidth: place.neededWidth == 0 ? nil : Int(place.neededWidth))
        }
      } ?? []
    return Photograph(windows: windows, names: names, places: places)
  }
}
