/// What belongs to the user and must survive every re-render: the notes and where the
/// cursor and selection are in them, the scroll position, which element has the
/// keyboard focus, the window's size, and the number chosen for the plural line.
public struct UserState: Hashable, Sendable {
  public var notes: String = ""
  /// Offsets in characters into `notes`.
  public var cursor: Int = 0
  public var selection: Range<Int>?
  /// Vertical scroll offset of the notes, in pixels.
  public var scrollOffset: Double = 0
  /// The id of the focused node.
  public var focusedNode: String?
  public var windowWidth: Int = 760
  public var windowHeight: Int = 640
  public var fileCount: Int = 5
  /// Translator mode: tooltips say where each string comes from, fallbacks are marked.
  public var translatorMode = false
  /// Keys instead of texts, to find which string is which.
  public var showsKeys = false

  public init() {}
}
