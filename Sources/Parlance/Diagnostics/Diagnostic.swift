/// A problem found in a catalog or a setting, with where it is.
///
/// Parsers recover and return what they could read plus diagnostics; they throw only
/// for I/O. `description` is the line editors and CI annotate:
///
/// ```
/// Resources/de.lproj/Localizable.strings:3:1: warning: duplicate key 'greeting'
///   (first defined at 1:1)
/// ```
///
/// (one line).
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a problem is.
  public enum Severity: String, Hashable, Sendable, Codable {
    case error
    case warning
  }

  /// What went wrong; each case renders its own lowercase message.
  public enum Kind: Hashable, Sendable {
    // Text and encoding
    case unreadableFile(reason: String)
    case invalidEncoding(charset: String)
    // .strings
    case duplicateKey(String, firstAt: SourceLocation)
    case unterminatedString
    case unterminatedComment
    case expectedKey(found: String)
    case expectedEquals(found: String)
    case expectedSemicolon(found: String)
    case expectedValue(found: String)
    case unknownEscape(Character)
    case invalidUnicodeEscape(String)
    case unpairedSurrogate(String)
    case invalidPropertyList(reason: String)
    /// The parser kept `limit` diagnostics and only counted the others, `notReported`.
    case tooManyDiagnostics(limit: Int, notReported: DiagnosticTotals)
    // Catalogs and settings
    case invalidLanguageFolder(String)
    case invalidSetting(reason: String)
    case keyInSeveralFormats(String, otherFile: String)
    case invalidLanguageFile(String)
    // .stringsdict and .xcstrings
    case missingFormatKey(key: String)
    case undefinedVariable(String, key: String)
    case unsupportedRuleType(String, key: String)
    case variableWidthRule(key: String, width: String)
    /// Empty plural forms, in CLDR order; `other` among them renders nothing.
    case emptyPluralForms(key: String, variable: String, categories: [PluralCategory])
    /// `standIn` is the form used instead; nil when the variable has no form at all.
    case missingOtherForm(key: String, variable: String, standIn: PluralCategory?)
    case unknownPluralCategory(String, key: String, variable: String)
    case invalidEntry(key: String, reason: String)
    case invalidLocalization(key: String, language: String, reason: String)
    case invalidJSON(reason: String)
    case duplicateJSONKey(String, firstAt: SourceLocation)
    case missingSourceLanguage
    case invalidLanguageCode(String)
    case unknownTranslationState(String, key: String, language: String)
    // gettext .po
    case unexpectedPoToken(expected: String, found: String)
    case unknownCharset(String)
    case invalidPluralForms(reason: String)
    case missingPluralForms
    case pluralFormCount(msgid: String, found: Int, nplurals: Int)
    case emptyMsgid
    case invalidLanguageHeader(String)
    // gettext .mo
    case compiledCatalogTooShort(size: Int)
    case notACompiledCatalog(magic: UInt32)
    case unsupportedCatalogRevision(UInt32)
    case catalogTableOutOfBounds(table: String, entries: Int, offset: Int, fileSize: Int)
    case hashTableOutOfBounds(size: Int, offset: Int, fileSize: Int)
    case hashTableEntryOutOfRange(slot: Int, value: Int, count: Int)
    case systemDependentWithoutHashTable(count: Int)
    case invalidSystemDependentSegment(index: Int)
    case unknownSystemDependentSegment(String)
    case invalidSystemDependentString(index: Int)
    case invalidCompiledPluralForms(reason: String)
    case compiledStringOutOfBounds(
      entry: Int, role: CompiledString, offset: Int, length: Int, fileSize: Int)
    case compiledStringNotTerminated(entry: Int, role: CompiledString)
    case compiledStringOverlapsTable(entry: Int, role: CompiledString, table: String)
    case compiledStringsOverlap(
      entry: Int, role: CompiledString, other: Int, otherRole: CompiledString)
    case compiledStringsOverlapTooMuch(leftOut: Int, budget: Int)
    case duplicateCompiledMessage(String, entry: Int, firstEntry: Int)
    case compiledMessageNotInHashTable(String, entry: Int)
    case compiledMessagesUnsorted(String, entry: Int)
    case emptyCompiledTranslation(String)
    /// A `.mo` beside its `.po`: a message the two give differently (or one lacks).
    case compiledDisagreesWithSource(key: String, details: String, source: String)
    // Lint: a translation compared with the development language
    case duplicateKeyWithDifferentValue(String, firstAt: SourceLocation)
    case placeholdersDiffer(key: String, details: String)
    case missingPluralCategories(
      key: String, variable: String, missing: [PluralCategory], language: String)
    case pluralFormsDisagreeWithCLDR(language: String, details: String)
    case missingKeys(language: String, table: String, keys: [String], source: String)
    case keyNotInSource(String, source: String)
    case identicalToSource(key: String, source: String)
    case unusableTranslation(key: String, language: String, reason: String)
    // GtkBuilder .ui files
    case malformedInterface(reason: String)
    case templateBuiltAsParent(className: String, parent: String)
    case unknownInterfaceClass(String)
    /// An unknown class built as the GTK class its name ends in (`CatfishPrefsDialog`).
    case unknownInterfaceClassBuiltAs(String, ancestor: String)
    /// A binding to a property its source object will not have.
    case unboundInterfaceProperty(property: String, source: String, sourceProperty: String)
    /// A property holding an element (GTK 4's `<property name="child"><object …>`).
    case elementInsideInterfaceProperty(className: String, property: String, element: String)
    /// A class GtkBuilder knows but cannot make objects of (abstract, or no GObject).
    case unbuildableInterfaceClass(String, reason: String)
    /// A second object with an id the file gave before: it gets one of its own.
    case duplicateInterfaceID(String, firstAt: SourceLocation, madeUp: String)
    case unknownInterfaceProperty(className: String, property: String)
    case unknownInterfaceObject(String)
    /// GtkBuilder refused an element (its message): it is left out — or the list or menu
    /// holding it, `leftOut` — and the rest built.
    case refusedInterfaceElement(String, reason: String, leftOut: String)
    case interfaceTextMissing(msgid: String, language: String)
    case brokenMarkup(msgid: String, reason: String)
    case accessKeyDropped(msgid: String)
    case accessKeyClash(key: Character, first: String, second: String, firstAt: SourceLocation)
    // Desktop entries (.desktop, .directory)
    case malformedDesktopEntry(reason: String)
  }

  /// Which string of a compiled message a finding is about.
  public enum CompiledString: String, Hashable, Sendable {
    case original
    case translation
  }

  /// The file's path as given to the parser (relative paths stay relative).
  public var file: String
  /// Where in the file.
  public var location: SourceLocation
  /// How serious it is.
  public var severity: Severity
  /// What went wrong.
  public var kind: Kind

  /// A problem of `kind` at `location` in `file`.
  /// - Parameters:
  ///   - file: the file's path as given to the parser.
  ///   - location: where in the file.
  ///   - severity: how serious it is.
  ///   - kind: what went wrong.
  public init(file: String, location: SourceLocation, severity: Severity, kind: Kind) {
    self.file = file
    self.location = location
    self.severity = severity
    self.kind = kind
  }

  /// What went wrong, in lowercase, without the file or position.
  public var message: String {
    switch kind {
    case .unreadableFile(let reason): "cannot read file: \(reason)"
    case .invalidEncoding(let charset): "bytes are not valid \(charset)"
    case .duplicateKey(let key, let first):
      "duplicate key '\(key)' (first defined at \(first)); the last value wins"
    case .unterminatedString: "unterminated string: missing closing '\"'"
    case .unterminatedComment: "unterminated comment: missing '*/'"
    case .expectedKey(let found): "expected a key, found \(found)"
    case .expectedEquals(let found): "expected '=' after the key, found \(found)"
    case .expectedSemicolon(let found): "expected ';' after the value, found \(found)"
    case .expectedValue(let found): "expected a value after '=', found \(found)"
    case .unknownEscape(let character): "unknown escape '\\\(character)'; the character is kept"
    case .invalidUnicodeEscape(let text): "invalid unicode escape '\(text)'"
    case .unpairedSurrogate(let text): "unpaired surrogate '\(text)'; replaced with U+FFFD"
    case .invalidPropertyList(let reason): "invalid property list: \(reason)"
    case .tooManyDiagnostics(let limit, let notReported):
      "too many problems: only the first \(limit) are reported; not reported: \(notReported)"
    case .invalidLanguageFolder(let name): "folder '\(name)' is not a valid language tag; skipped"
    case .invalidSetting(let reason): "invalid setting: \(reason)"
    case .keyInSeveralFormats(let key, let other):
      "key '\(key)' is also defined in '\(other)' for this language; this file's value wins"
    case .invalidLanguageFile(let name):
      "file '\(name)' is not named after a valid language tag; skipped"
    case .missingFormatKey(let key):
      "'\(key)' has no 'NSStringLocalizedFormatKey'; the entry is skipped"
    case .undefinedVariable(let name, let key):
      "'\(key)' uses variable '\(name)', which it does not define; the entry is skipped"
    case .unsupportedRuleType(let type, let key):
      "'\(key)' uses unsupported rule type '\(type)'; the entry is skipped"
    case .variableWidthRule(let key, let width):
      "variable-width variants of '\(key)' are not supported; the widest (\(width)) is used"
    case .emptyPluralForms(let key, let variable, let categories):
      "empty \(categories.count == 1 ? "form" : "forms") "
        + categories.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        + " of variable '\(variable)' in '\(key)'; "
        + (categories.count == 1 ? "it " : "they ")
        + (categories.contains(.other)
          ? (categories.count == 1 ? "renders" : "render") + " nothing"
          : (categories.count == 1 ? "falls" : "fall") + " back to 'other'")
    case .missingOtherForm(let key, let variable, let standIn?):
      "variable '\(variable)' in '\(key)' has no 'other' form; "
        + "the '\(standIn.rawValue)' form stands in for it"
    case .missingOtherForm(let key, let variable, nil):
      "variable '\(variable)' in '\(key)' has no forms; the entry is skipped"
    case .unknownPluralCategory(let name, let key, let variable):
      "unknown plural category '\(name)' in variable '\(variable)' of '\(key)'; ignored"
    case .invalidEntry(let key, let reason): "'\(key)' is skipped: \(reason)"
    case .invalidLocalization(let key, let language, let reason):
      "the '\(language)' localization of '\(key)' is skipped: \(reason)"
    case .invalidJSON(let reason): "invalid JSON: \(reason)"
    case .duplicateJSONKey(let key, let first):
      "duplicate key '\(key)' (first defined at \(first)); the first value wins"
    case .missingSourceLanguage:
      "the catalog has no valid 'sourceLanguage'; keys without a translation are not served"
    case .invalidLanguageCode(let code):
      "'\(code)' is not a valid language tag; its translations are skipped"
    case .unknownTranslationState(let state, let key, let language):
      "unknown state '\(state)' of '\(key)' in '\(language)'; the value is not used"
    case .unexpectedPoToken(let expected, let found): "expected \(expected), found \(found)"
    case .unknownCharset(let charset): "unknown charset '\(charset)'; the file is read as UTF-8"
    case .invalidPluralForms(let reason):
      "invalid 'Plural-Forms': \(reason); every number takes form 0"
    case .missingPluralForms:
      "plural entries but no 'Plural-Forms' in the header; using 'nplurals=2; plural=n != 1'"
    case .pluralFormCount(let msgid, let found, let nplurals):
      "'\(msgid)' has \(found) plural forms but 'Plural-Forms' says nplurals=\(nplurals)"
    case .emptyMsgid: "entry with an empty 'msgid' is not the header; ignored"
    case .invalidLanguageHeader(let value):
      "'Language: \(value)' is not a valid language tag; ignored"
    case .compiledCatalogTooShort(let size):
      "the file is \(size) bytes, too short for the header of a compiled gettext catalog"
    case .notACompiledCatalog(let magic):
      "not a compiled gettext catalog: magic number 0x\(String(magic, radix: 16)), "
        + "expected 0x950412de"
    case .unsupportedCatalogRevision(let revision):
      "revision \(revision >> 16).\(revision & 0xFFFF) is not one gettext reads (major 0 or 1)"
    case .catalogTableOutOfBounds(let table, let entries, let offset, let fileSize):
      "the table of \(table) (\(entries) entries at byte \(offset)) runs past the end of the "
        + "file (\(fileSize) bytes); the entries inside it are kept"
    case .hashTableOutOfBounds(let size, let offset, let fileSize):
      "the hash table (\(size) slots at byte \(offset)) runs past the end of the file "
        + "(\(fileSize) bytes); messages are found by binary search instead"
    case .hashTableEntryOutOfRange(let slot, let value, let count):
      "slot \(slot) of the hash table names message \(value), but the file has \(count)"
    case .systemDependentWithoutHashTable(let count):
      "\(count) system-dependent messages but no hash table, which gettext needs to find "
        + "them; they are left out"
    case .invalidSystemDependentSegment(let index):
      "system-dependent segment \(index) is not a NUL-terminated name inside the file; the "
        + "system-dependent messages are left out"
    case .unknownSystemDependentSegment(let name):
      "system-dependent segment '<\(name)>' is not one gettext knows; the messages using it "
        + "are left out"
    case .invalidSystemDependentString(let index):
      "system-dependent message \(index) is malformed (its pieces lie outside the file or do "
        + "not end in a NUL); it is left out"
    case .invalidCompiledPluralForms(let reason):
      "invalid 'Plural-Forms': \(reason); gettext uses 'nplurals=2; plural=n != 1' instead"
    case .compiledStringOutOfBounds(let entry, let role, let offset, let length, let fileSize):
      "entry \(entry): its \(role.rawValue) (\(length) bytes at byte \(offset)) runs past "
        + "the end of the file (\(fileSize) bytes); the entry is left out"
    case .compiledStringNotTerminated(let entry, let role):
      "entry \(entry): its \(role.rawValue) is not followed by a NUL byte, which gettext "
        + "needs to read it"
    case .compiledStringOverlapsTable(let entry, let role, let table):
      "entry \(entry): its \(role.rawValue) overlaps the file's \(table)"
    case .compiledStringsOverlap(let entry, let role, let other, let otherRole):
      "entry \(entry): its \(role.rawValue) overlaps the \(otherRole.rawValue) of entry "
        + "\(other)"
    case .compiledStringsOverlapTooMuch(let leftOut, let budget):
      "the messages' strings overlap: reading them all would decode more than \(budget) "
        + "bytes; the last \(leftOut) messages are left out"
    case .duplicateCompiledMessage(let key, let entry, let first):
      "entry \(entry): '\(Self.oneLine(Self.readableKey(key)))' is also entry \(first); "
        + "which one gettext finds is not defined"
    case .compiledMessageNotInHashTable(let key, let entry):
      "entry \(entry): the hash table does not lead to "
        + "'\(Self.oneLine(Self.readableKey(key)))': gettext will never find it"
    case .compiledMessagesUnsorted(let key, let entry):
      "entry \(entry): '\(Self.oneLine(Self.readableKey(key)))' sorts before the entry above "
        + "it; without a hash table gettext's binary search will miss messages"
    case .emptyCompiledTranslation(let key):
      "the translation of '\(Self.oneLine(Self.readableKey(key)))' is empty: gettext shows "
        + "nothing for it"
    case .compiledDisagreesWithSource(let key, let details, let source):
      "'\(Self.oneLine(Self.readableKey(key)))' \(details) in '\(source)'"
    case .duplicateKeyWithDifferentValue(let key, let first):
      "duplicate key '\(key)' with a different value (first defined at \(first))"
    case .placeholdersDiffer(let key, let details):
      "placeholders of '\(key)' differ from the source: \(details)"
    case .missingPluralCategories(let key, let variable, let missing, let language):
      "plural '\(variable)' of '\(key)' lacks "
        + missing.map(\.rawValue).joined(separator: ", ") + ", which \(language) needs"
    case .pluralFormsDisagreeWithCLDR(let language, let details):
      "Plural-Forms disagrees with the CLDR rules of \(language): \(details)"
    case .missingKeys(let language, let table, let keys, let source):
      "\(language) lacks \(keys.count) of the \(source) keys of table '\(table)': "
        + keys.prefix(20).map { "'\($0)'" }.joined(separator: ", ")
        + (keys.count > 20 ? ", …" : "")
    case .keyNotInSource(let key, let source):
      "key '\(key)' is not in the development language (\(source))"
    case .identicalToSource(let key, let source):
      "value of '\(key)' is identical to the development language (\(source))"
    case .unusableTranslation(let key, let language, let reason):
      "translation of '\(key)' into \(language) is not served: \(reason)"
    case .malformedInterface(let reason): "malformed interface: \(reason)"
    case .malformedDesktopEntry(let reason): "malformed desktop entry: \(reason)"
    case .templateBuiltAsParent(let className, let parent):
      "template '\(className)' is built as a plain \(parent)"
    case .unknownInterfaceClassBuiltAs(let name, let ancestor):
      "unknown class '\(name)': built as a plain \(ancestor), as its name says; what only it "
        + "has is left out"
    case .unboundInterfaceProperty(let property, let source, let sourceProperty):
      "property '\(property)' is bound to '\(sourceProperty)' of '\(source)', which it will "
        + "not have; the binding is left out"
    case .elementInsideInterfaceProperty(let className, let property, let element):
      "property '\(property)' of \(className) holds <\(element)>, which GTK 3 cannot take "
        + "(GTK 4 writes objects there); it is left out"
    case .unbuildableInterfaceClass(let name, let reason):
      "class '\(name)' cannot be built (\(reason)): shown as a placeholder; its texts are "
        + "listed, not shown"
    case .duplicateInterfaceID(let id, let first, let madeUp):
      "id '\(id)' was given before (at \(first)): this object is built with id '\(madeUp)'"
    case .unknownInterfaceClass(let name):
      "unknown class '\(name)': shown as a placeholder; its texts are listed, not shown"
    case .unknownInterfaceProperty(let className, let property):
      "\(className) has no property '\(property)'; it is left out"
    case .unknownInterfaceObject(let id): "no object with id '\(id)' in the interface"
    case .refusedInterfaceElement(let element, let reason, let leftOut):
      "GtkBuilder refused <\(element)>: \(reason); "
        + (leftOut == element ? "it is left out" : "its <\(leftOut)> is left out")
    case .interfaceTextMissing(let msgid, let language):
      "'\(Self.oneLine(msgid))' is not translated into \(language)"
    case .brokenMarkup(let msgid, let reason):
      "the translation of '\(Self.oneLine(msgid))' breaks its Pango markup: \(reason)"
    case .accessKeyDropped(let msgid):
      "the translation of '\(Self.oneLine(msgid))' has no access key '_' although the source "
        + "has one"
    case .accessKeyClash(let key, let first, let second, let firstAt):
      "access key '\(key)' of '\(Self.oneLine(second))' is also the access key of "
        + "'\(Self.oneLine(first))' (at \(firstAt)) in the same window"
    }
  }

  /// `file:line:column: severity: message`, the line editors and CI annotate; in a
  /// binary file `file: severity: at byte N: message` (or `entry N`).
  public var description: String {
    if let offset = location.byteOffset {
      return "\(file): \(severity.rawValue): at byte \(offset): \(message)"
    }
    if let index = location.entryIndex {
      return "\(file): \(severity.rawValue): entry \(index): \(message)"
    }
    return "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
  }

  /// A gettext key as a translator writes it: `Verb|Open` for `Verb` U+0004 `Open`.
  static func readableKey(_ key: String) -> String {
    key.replacingOccurrences(of: "\u{4}", with: "|")
  }

  /// A text quoted in a message, on one line: a finding is one line of output.
  static func oneLine(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: "\\n")
  }
}
