import Parlance

/// One translatable text of an interface as its widgets show it now, with where the
/// text came from: a line of `parlance ui-strings`.
public struct ShownText: Hashable, Sendable {
  /// How the shown text relates to the language asked for.
  ///
  /// - `translated`: a catalog of the requested language supplied it; in the development
  ///   language (and its pseudo-locales), also the msgid itself, which *is* the text.
  /// - `fallback`: another language of the chain supplied it (`de.po` for `de-AT`).
  /// - `untranslated`: no catalog has it; the msgid is shown.
  public enum Status: String, Hashable, Sendable {
    case translated, untranslated, fallback
  }

  /// The text of the file this describes.
  public let text: InterfaceText
  /// What the widget, model or accessible shows, read back from GTK; nil when nothing
  /// shows it: the object is a placeholder of an unknown class (`isPlaceholder`), or
  /// GtkBuilder had no such property.
  public let value: String?
  /// Where the shown text came from.
  public let status: Status
  /// The language whose catalog supplied the text; nil when none did.
  public let language: LanguageTag?
  /// The catalog entry that supplied the text (`po/de.po:41:1`); nil when none did.
  public let source: EntryOrigin?
  /// The object is a placeholder for a class this process does not know: its texts are
  /// listed with their status, never shown.
  public let isPlaceholder: Bool
  /// GtkBuilder refused the element holding the text, which was left out (a warning
  /// says where and why): the text is listed, never shown.
  public let isLeftOut: Bool
  /// The class of the placeholder the text's object is, or is inside (`HdySqueezer`
  /// for a label in one); nil when it is built.
  public let placeholderClass: String?

  /// A text of the file as shown in one language.
  /// - Parameters:
  ///   - text: the text of the file.
  ///   - value: what GTK shows for it; nil when nothing shows it.
  ///   - status: where the shown text came from.
  ///   - language: the language whose catalog supplied it.
  ///   - source: the catalog entry that supplied it.
  ///   - isPlaceholder: whether the object is a placeholder of an unknown class.
  ///   - isLeftOut: whether the element holding the text was left out.
  ///   - placeholderClass: the class of the placeholder it is or is inside.
  public init(
    text: InterfaceText, value: String?, status: Status, language: LanguageTag?,
    source: EntryOrigin?, isPlaceholder: Bool, isLeftOut: Bool = false,
    placeholderClass: String? = nil
  ) {
    self.text = text
    self.value = value
    self.status = status
    self.language = language
    self.source = source
    self.isPlaceholder = isPlaceholder
    self.isLeftOut = isLeftOut
    self.placeholderClass = placeholderClass ?? (isPlaceholder ? text.className : nil)
  }
}

extension LocalizedInterface {
  /// Every text of what was built, in file order, read back from GTK, with its status
  /// in the localizer's current language (applied first if a change is still on its way
  /// to the widgets, so values and statuses agree).
  public func shownTexts() -> [ShownText] {
    refresh()
    let snapshot = localizer.snapshot()
    let development = localizer.developmentLanguage
    let isDevelopment =
      snapshot.language == development
      || PseudoLocale(snapshot.language) != nil
    return texts.map { text in
      let resolution = resolve(text, in: snapshot)
      let status: ShownText.Status
      if resolution.isMissing {
        status = isDevelopment ? .translated : .untranslated
      } else if resolution.language == snapshot.language {
        status = .translated
      } else {
        status = isDevelopment && resolution.language == development ? .translated : .fallback
      }
      return ShownText(
        text: text, value: shownValue(of: text), status: status,
        language: resolution.language, source: resolution.origin,
        isPlaceholder: !isApplied(text) && !isLeftOut(text), isLeftOut: isLeftOut(text),
        placeholderClass: placeholderClass(of: text))
    }
  }
}
