import CGtk
import CParlanceLive

/// A running program's windows photographed by its module, and where its texts are drawn.
extension LiveBus {
  /// A window of a running program, as Photograph drew it.
  public struct Window: Hashable, Sendable {
    /// The picture written (PNG or PAM); nil when none was asked for.
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

  /// How Photograph writes each window's picture.
  public enum PictureFormat: String, Sendable {
    /// `window-N.png`, compressed by the program.
    case png
    /// `window-N.pam`: Netpbm's P7, RGBA, uncompressed; the caller compresses it
    /// (`Screenshot(contentsOfPAM:)`).
    case pam
  }

  /// What a program shows and how it looks: its texts (as `collect` gives them) and its
  /// photograph, where those texts are drawn.
  public struct Reading: Sendable {
    /// The texts shown, as Collect answered.
    public let texts: [Text]
    /// The windows after the frame that followed, and where each text is drawn.
    public let photograph: Photograph
  }

  /// Waits until the windows of the program at `busName` have drawn the frame after
  /// everything asked of it so far, then has it write each as `window-N.png` (or `.pam`)
  /// into `directory` (nil: no files) and say where each text of its last Collect is
  /// drawn.
  ///
  /// - Throws: `Failure` when it does not answer, shows no window, or cannot write.
  public static func photograph(
    _ busName: String, into directory: String?, format: PictureFormat = .png,
    timeout: Duration = timeout
  ) throws(Failure) -> Photograph {
    var error: UnsafeMutablePointer<GError>?
    guard
      let answer = parlance_live_photograph(
        busName, directory ?? "", format.rawValue, milliseconds(timeout), &error)
    else {
      throw failure(error, "\(busName) did not answer")
    }
    defer { parlance_live_photograph_free(answer) }
    return photograph(of: answer)
  }

  /// `collect` and `photograph` asked together: the second is sent without waiting for
  /// the first's answer, and the program answers both from one turn of its main loop.
  ///
  /// - Throws: `Failure` when either fails.
  public static func read(
    _ busName: String, photographingInto directory: String?, format: PictureFormat = .png,
    timeout: Duration = timeout
  ) throws(Failure) -> Reading {
    var error: UnsafeMutablePointer<GError>?
    var collection: UnsafeMutablePointer<ParlanceLiveCollection>?
    var photograph: UnsafeMutablePointer<ParlanceLivePhotograph>?
    guard
      parlance_live_read(
        busName, directory ?? "", format.rawValue, milliseconds(timeout), &collection,
        &photograph, &error) != 0, let collection, let photograph
    else { throw failure(error, "\(busName) did not answer") }
    return reading(consuming: collection, photograph)
  }

  /// The reading of a Collect and a Photograph answer, which it frees.
  fileprivate static func reading(
    consuming collection: UnsafeMutablePointer<ParlanceLiveCollection>,
    _ photograph: UnsafeMutablePointer<ParlanceLivePhotograph>
  ) -> Reading {
    defer {
      parlance_live_collection_free(collection)
      parlance_live_photograph_free(photograph)
    }
    return Reading(texts: texts(of: collection), photograph: self.photograph(of: photograph))
  }

  /// `switchLanguage`, `collect` and `photograph` asked together: the program reads all
  /// three before GTK lays the switch out, so the photograph is of that one frame (GTK
  /// paces frames 1/60 s apart: asked after it, a photograph waits for the next).
  ///
  /// Sent at once; `switched()` and `read()` wait for their answers. A burst sent while
  /// the program's last photograph is still to come is taken after it, so the next
  /// language's may be sent before the last language is read. Its answers are all
  /// awaited when it is released.
  public final class Burst {
    private let burst: OpaquePointer
    private let busName: String

    /// Sends the switch to `languages` (gettext's names, preferred first) and the
    /// direction, then Collect and Photograph (each window written into `directory` in
    /// `format`, nil: no files).
    ///
    /// - Throws: `Failure` when there is no session bus.
    public init(
      _ busName: String, languages: [String], rightToLeft: Bool,
      photographingInto directory: String?, format: PictureFormat = .png,
      timeout: Duration = LiveBus.timeout
    ) throws(Failure) {
      var error: UnsafeMutablePointer<GError>?
      guard
        let sent = parlance_live_burst_send(
          busName, languages.joined(separator: ":"), rightToLeft ? 1 : 0, directory ?? "",
          format.rawValue, milliseconds(timeout), &error)
      else { throw failure(error, "no session bus") }
      burst = sent
      self.busName = busName
    }

    deinit { parlance_live_burst_free(burst) }

    /// What the program answered to the switch (as `switchLanguage`).
    ///
    /// - Throws: `Failure` when it does not answer.
    public func switched() throws(Failure) -> SelfSwitch {
      var error: UnsafeMutablePointer<GError>?
      var applied: UInt32 = 0
      var kept: UInt32 = 0
      var pending: UnsafeMutablePointer<ParlanceLiveCollection>?
      guard parlance_live_burst_switched(burst, &applied, &kept, &pending, &error) != 0 else {
        throw failure(error, "\(busName) did not answer")
      }
      guard let pending else { return .switched(applied: Int(applied), kept: Int(kept)) }
      defer { parlance_live_collection_free(pending) }
      return .pending(texts(of: pending))
    }

    /// What the program shows after a switch it made by itself (`switched()` answered
    /// `.switched`).
    ///
    /// - Throws: `Failure` when it does not answer, or made no switch.
    public func read() throws(Failure) -> Reading {
      var error: UnsafeMutablePointer<GError>?
      var collection: UnsafeMutablePointer<ParlanceLiveCollection>?
      var photograph: UnsafeMutablePointer<ParlanceLivePhotograph>?
      guard parlance_live_burst_read(burst, &collection, &photograph, &error) != 0,
        let collection, let photograph
      else { throw failure(error, "\(busName) did not answer") }
      return LiveBus.reading(consuming: collection, photograph)
    }
  }

  fileprivate static func photograph(of answer: UnsafeMutablePointer<ParlanceLivePhotograph>)
    -> Photograph
  {
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
