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
  /// Where a text is: an object and one of its properties, comparable across walks.
  public struct Place: Hashable, Sendable {
    let object: UInt
    /// The property: `label`, `title`, `subtitle`, `placeholder-text`, `tooltip-markup`.
    public let property: String

    /// The place of `property` of `object`.
    @MainActor
    public init(_ object: BuiltObject, property: String) {
      self.object = UInt(bitPattern: object.pointer)
      self.property = property
    }

    init(_ pointer: UnsafeMutableRawPointer, property: String) {
      self.object = UInt(bitPattern: pointer)
      self.property = property
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
      Place(UnsafeMutableRawPointer(item.pointee.object), property: property)
    }

    /// The property it is: `label`, `title`, `tooltip-markup`, …
    public var property: String { String(cString: item.pointee.property) }

    /// The text as the property holds it (markup and mnemonic included).
    public var text: String { String(cString: item.pointee.text) }

    /// Whether it is a stock item's label, which GTK translates itself when set again.
    public var isStock: Bool { item.pointee.kind == PARLANCE_TEXT_STOCK }

    /// What the widget shows: the text, or for a stock button its translated label.
    public var displayed: String {
      item.pointee.display.map { String(cString: $0) } ?? text
    }

    /// The GType name of the object showing it.
    public var typeName: String {
      String(cString: g_type_name(parlance_object_type(item.pointee.object)))
    }

    /// Shows `value` instead (a stock item: its label again, in gettext's language).
    public func set(_ value: String) {
      parlance_set_shown_text(item, value)
    }
  }

  private let array: UnsafeMutablePointer<GPtrArray>

  /// Every text `widget` and the widgets inside it show, internal ones included.
  public init(of widget: Widget) {
    array = parlance_collect_texts(widget.widgetPointer, 0)
  }

  // On the GTK thread: releasing the array releases its objects, which may finalize them.
  isolated deinit {
    g_ptr_array_unref(array)
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
