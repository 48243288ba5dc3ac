import CGtk
import CParlanceLive

/// The texts a window shows, each where it can be set again: what GTK made itself (a
/// dialog's buttons, a file chooser's parts, a stock button) as well as the program's.
///
/// ```swift
/// for text in ShownTexts(of: dialog).texts where !ownTexts.contains(text.place) {
///   text.set(translated(text.text))
/// }
/// ```
///
/// Collected once; each text keeps its object alive until the collection is released.
@MainActor
public final class ShownTexts {
  /// Where a text is: an object and one of its properties, comparable across walks; for
  /// a row of a model, also the row and column, each cell a place of its own.
  public struct Place: Hashable, Sendable {
    let object: UInt
    /// The property: `label`, `title`, `subtitle`, `placeholder-text`, `tooltip-markup`.
    public let property: String
    /// A model cell's row, as its path (`2`, `0:1`), and column; nil and -1 otherwise.
    let row: String?
    let column: Int

    /// The place of `property` of `object`.
    @MainActor
    public init(_ object: BuiltObject, property: String) {
      self.init(object.pointer, property: property)
    }

    /// The place of `property` of `widget`.
    @MainActor
    public init(_ widget: Widget, property: String) {
      self.init(widget.widgetPointer, property: property)
    }

    init(
      _ pointer: UnsafeMutableRawPointer, property: String, row: String? = nil, column: Int = -1
    ) {
      self.object = UInt(bitPattern: pointer)
      self.property = property
      self.row = row
      self.column = column
    }
  }

  /// Where a text is drawn: a rectangle of its toplevel, in the coordinates of the
  /// toplevel's picture (`Widget.snapshot()`), and when the text is cut short there (with
  /// an ellipsis, or clipped by a label narrower than it), the width it needs whole.
  public struct DrawnPlace: Hashable, Sendable {
    let toplevel: UInt
    /// The rectangle, in pixels of the toplevel.
    public let rectangle: Rectangle
    /// The width the text needs whole, when it is cut short; nil when it fits.
    public let neededWidth: Int?

    /// Whether it is drawn in `window`.
    @MainActor
    public func isIn(_ window: Window) -> Bool {
      toplevel == UInt(bitPattern: window.widgetPointer)
    }
  }

  /// One text, as shown now.
  @MainActor
  public struct Text {
    fileprivate let item: UnsafeMutablePointer<ParlanceShownText>
    /// Keeps the walk's array (and so the object) alive.
    fileprivate let owner: ShownTexts

    /// Where it is.
    public var place: Place {
      Place(
        UnsafeMutableRawPointer(item.pointee.object), property: property, row: rowPath,
        column: Int(item.pointee.column))
    }

    /// A model cell's row as a path string (`2`, `0:1`); nil for other texts, or a row
    /// removed since the walk.
    private var rowPath: String? {
      guard let row = item.pointee.row, let path = gtk_tree_row_reference_get_path(row) else {
        return nil
      }
      defer { gtk_tree_path_free(path) }
      guard let text = gtk_tree_path_to_string(path) else { return nil }
      defer { g_free(text) }
      return String(cString: text)
    }

    /// The property it is: `label`, `title`, `tooltip-markup`, …
    public var property: String { String(cString: item.pointee.property) }

    /// The text as the property holds it (markup and mnemonic included).
    public var text: String { String(cString: item.pointee.text) }

    /// Whether it is a stock item's label, which GTK translates itself when set again.
    public var isStock: Bool { item.pointee.kind == PARLANCE_TEXT_STOCK }

    /// For a stock item's label, the context of its message in GTK's catalog: `Stock
    /// label`, or `Stock label, navigation` and `Stock label, media` for the items
    /// whose labels other items share in English (gtk-go-forward's and
    /// gtk-media-forward's "_Forward"); nil for other texts.
    public var stockContext: String? {
      parlance_stock_context(item).map { String(cString: $0) }
    }

    /// What the widget shows: the text, or for a stock button its translated label.
    public var displayed: String {
      item.pointee.display.map { String(cString: $0) } ?? text
    }

    /// The GType name of the object showing it.
    public var typeName: String {
      String(cString: g_type_name(parlance_object_type(item.pointee.object)))
    }

    /// Where the text is drawn now, as laid out by the last frame: a label's text where
    /// its layout is, a button's or menu item's in its label, a window's title in its
    /// header bar, a placeholder in its empty entry, a tree view column's title in its
    /// button. Empty for what is not drawn (a tooltip, a closed menu, a hidden widget).
    public var places: [DrawnPlace] {
      let found = parlance_text_places(item)
      defer { g_array_unref(found) }
      guard let data = found.pointee.data else { return [] }
      return UnsafeBufferPointer(
        start: UnsafeRawPointer(data).assumingMemoryBound(to: ParlanceTextPlace.self),
        count: Int(found.pointee.len)
      ).map { place in
        DrawnPlace(
          toplevel: UInt(bitPattern: place.toplevel),
          rectangle: Rectangle(
            x: Int(place.x), y: Int(place.y), width: Int(place.width),
            height: Int(place.height)),
          neededWidth: place.needed_width > 0 ? Int(place.needed_width) : nil)
      }
    }

    /// Shows `value` instead (a stock item: its label again, in gettext's language).
    public func set(_ value: String) {
      parlance_set_shown_text(item, value)
    }
  }

  private let array: UnsafeMutablePointer<GPtrArray>

  /// Every text `widget` and the widgets inside it show, internal ones included; with
  /// `models`, also the rows of the list and tree stores their combo boxes and tree
  /// views show.
  public init(of widget: Widget, models: Bool = false) {
    array = parlance_collect_texts(
      widget.widgetPointer, models ? guint(PARLANCE_WALK_MODELS.rawValue) : 0)
  }

  // On the GTK thread: releasing the array releases its objects, which may finalize them.
  isolated deinit {
    g_ptr_array_unref(array)
  }

  /// Each text by its place, with where it is drawn in `window` (none when it is drawn
  /// elsewhere or not at all): what a screenshot of `window` attaches to its texts.
  public func drawn(in window: Window) -> [Place: (text: Text, places: [DrawnPlace])] {
    var drawn: [Place: (text: Text, places: [DrawnPlace])] = [:]
    for text in texts { drawn[text.place] = (text, text.places.filter { $0.isIn(window) }) }
    return drawn
  }

  /// The texts, in the order a reader meets them.
  public var texts: [Text] {
    (0..<Int(array.pointee.len)).compactMap { index in
      array.pointee.pdata?[index].map {
        Text(item: $0.assumingMemoryBound(to: ParlanceShownText.self), owner: self)
      }
    }
  }
}

/// gettext's language for this process: what GTK's own texts (a file chooser, a stock
/// button, a dialog's buttons) come in when they are made.
public enum ProcessGettext {
  /// Puts `LANGUAGE` in the environment when it is not there; call it first in `main`,
  /// before any thread starts, so that later switches replace a value (see
  /// `switchLanguage(to:)`).
  public static func reserveLanguageVariable() {
    parlance_reserve_language_variable()
  }

  /// Makes gettext answer in `languages` (gettext's names, first preferred: `["pt_BR",
  /// "pt"]`) from now on, on the GTK thread. Returns false when no locale of the
  /// system honours a language list.
  @MainActor
  @discardableResult
  public static func switchLanguage(to languages: [String]) -> Bool {
    parlance_switch_gettext(languages.joined(separator: ":")) == 0
  }
}
