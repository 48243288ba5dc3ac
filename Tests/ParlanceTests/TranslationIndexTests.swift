import Foundation
import Testing

@testable import Parlance

/// The way back from a shown text to its message: on small tables whose answers are
/// known, and on every message of this machine's GTK and GLib catalogs.
struct TranslationIndexTests {
  /// A table of `entries` (key → text, or key → plural forms with `rule`).
  static func table(
    _ texts: [String: String], plurals: [String: [String]] = [:],
    rule: PluralForms = .germanic, sourcePlurals: [String: String] = [:]
  ) -> CatalogTable {
    var table = CatalogTable()
    for (key, text) in texts {
      table.insert(key, text: text, file: "t.po", location: SourceLocation(line: 1, column: 1))
    }
    for (key, forms) in plurals {
      table.insert(
        key, message: .indexedPlural(forms: forms.map { MessageTemplate($0) }, rule: rule),
        file: "t.po", location: SourceLocation(line: 1, column: 1),
        sourcePlural: sourcePlurals[key])
    }
    return table
  }

  static let german = table(
    [
      "_Cancel": "_Abbrechen", "Open": "Öffnen", "Verb\u{4}Open": "Öffnen",
      "%s of %s": "%2$s von %1$s", "Size: %'d bytes": "Größe: %'d Bytes",
      "<b>Name</b>": "<b>Name</b>", "Progress %.1f%%": "Fortschritt %.1f%%",
    ],
    plurals: ["%d file": ["%d Datei", "%d Dateien"]], sourcePlurals: ["%d file": "%d files"])

  @Test func exactTextsAndTheirShownForms() {
    let index = TranslationIndex(translationsOf: Self.german)
    #expect(index.messages(showing: "_Abbrechen").map(\.key) == ["_Cancel"])
    #expect(index.messages(showing: "_Abbrechen").first?.isExact == true)
    // As an accessible name reads a mnemonic label, and as mousepad pads it.
    #expect(index.messages(showing: "Abbrechen").map(\.key) == ["_Cancel"])
    #expect(index.messages(showing: "  _Abbrechen  ").map(\.key) == ["_Cancel"])
    #expect(index.messages(showing: "Abbrechen").first?.isExact == false)
    #expect(index.messages(showing: "Name").map(\.key) == ["<b>Name</b>"])
    #expect(index.messages(showing: "Nicht da").isEmpty)
  }

  @Test func anAmbiguousTextGivesEveryMessage() {
    let matches = TranslationIndex(translationsOf: Self.german).messages(showing: "Öffnen")
    #expect(Set(matches.map(\.key)) == ["Open", "Verb\u{4}Open"])
    #expect(matches.map(\.context).contains("Verb"))
  }

  @Test func printfTextsGiveTheirArguments() {
    let index = TranslationIndex(translationsOf: Self.german)
    let files = index.recognize("3 Dateien")
    #expect(files.map(\.key) == ["%d file"])
    #expect(files.first?.form == 1)
    #expect(files.first?.count == 3)
    #expect(files.first?.arguments == ["3"])
    let of = index.recognize("Musik von Anna")
    #expect(of.first?.key == "%s of %s")
    #expect(of.first?.arguments == ["Anna", "Musik"])
    #expect(index.recognize("Größe: 1.204 Bytes").first?.arguments == ["1.204"])
    #expect(index.recognize("Fortschritt 42,5% ").first?.arguments == ["42,5"])
    #expect(index.recognize("Größe: viele Bytes").isEmpty)
  }

  /// swell-foop's German score, "Punkte: %4u": a field width pads the number with spaces,
  /// before it or, with the flag `-`, after it; they are no part of the argument.
  @Test func aFieldWidthsSpacesAreNoPartOfTheArgument() {
    let table = Self.table([
      "Score: %u": "Punkte: %4u", "%s|": "%-6s|", "Moves: %d left": "Züge: %-3d übrig",
      "Code %d": "Kode %04d",
    ])
    let index = TranslationIndex(translationsOf: table)
    #expect(index.recognize("Punkte:    0").first?.arguments == ["0"])
    #expect(index.recognize("Punkte: 1234").first?.arguments == ["1234"])
    #expect(index.recognize("Anna  |").first?.arguments == ["Anna"])
    #expect(index.recognize("Anna B|").first?.arguments == ["Anna B"])
    #expect(index.recognize("Züge: 7   übrig").first?.arguments == ["7"])
    #expect(index.recognize("Kode 0042").first?.arguments == ["0042"])
  }

  @Test func aNumberMustTakeTheFormItIsShownIn() {
    let index = TranslationIndex(translationsOf: Self.german)
    // "1 Dateien" is no German a program makes, but it is the only message that fits.
    #expect(index.recognize("1 Datei").first?.form == 0)
    #expect(index.recognize("1 Dateien").first?.form == 1)
  }

  @Test func aFormThatShowsNoNumberImpliesOne() throws {
    let arabic = try PluralForms(
      parsing: "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
        + "n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;")
    let table = Self.table(
      [:],
      plurals: [
        "%d document": [
          "لا مستندات", "مستند واحد", "مستندان", "%d مستندات", "%d مستندًا", "%d مستند",
        ]
      ], rule: arabic)
    let index = TranslationIndex(translationsOf: table)
    #expect(index.messages(showing: "مستندان").first?.count == 2)
    #expect(index.messages(showing: "لا مستندات").first?.count == 0)
    #expect(index.recognize("7 مستندات").first?.count == 7)
    #expect(index.recognize("٧ مستندات").first?.count == 7)
  }

  @Test func theSourceIsTheMsgidsAndTheirPlurals() {
    let index = TranslationIndex(sourceOf: Self.german)
    #expect(Set(index.messages(showing: "Open").map(\.key)) == ["Open", "Verb\u{4}Open"])
    #expect(index.messages(showing: "Cancel").map(\.key) == ["_Cancel"])
    let files = index.recognize("5 files")
    #expect(files.first?.key == "%d file")
    #expect(files.first?.form == 1)
    #expect(files.first?.count == 5)
  }

  /// Every message of the installed catalogs maps back to a set holding it, and every
  /// printf form, made with sample arguments, is recognized with those arguments.
  @Test(
    "every message of GTK's and GLib's catalogs maps back to itself",
    arguments: ["gtk30", "glib20"], ["de", "fr", "ar", "ja", "ru", "pl", "zh_CN"])
  func installedCatalogsMapBack(domain: String, name: String) throws {
    let path = URL(fileURLWithPath: "/usr/share/locale/\(name)/LC_MESSAGES/\(domain).mo")
    guard FileManager.default.fileExists(atPath: path.path) else {
      Issue.record("\(path.path) is not installed (scripts/install-deps gui installs it)")
      return
    }
    let table = CatalogTable(compiled: try MOFile(contentsOf: path))
    let index = TranslationIndex(translationsOf: table)
    var unmapped: [String] = []
    var unrecognized: [String] = []
    var recognized = 0
    for (key, entry) in table.entries {
      let forms: [(Int?, String)]
      switch entry.message {
      case .indexedPlural(let templates, _):
        forms = templates.enumerated().map { ($0.offset, $0.element.source) }
      default: forms = [(nil, entry.value)]
      }
      for (form, text) in forms {
        if !index.messages(showing: text).contains(where: { $0.key == key && $0.form == form }) {
          unmapped.append(key)
        }
        guard let pattern = PrintfPattern(ShownTextForm.normalized(text)) else { continue }
        let (shown, _) = Self.instance(of: pattern)
        let matches = index.recognize(shown)
        if let match = matches.first(where: { $0.key == key && $0.form == form }) {
          recognized += 1
          // The arguments found make the same text again.
          #expect(Self.instance(of: pattern, with: match.arguments) == shown, "\(key)")
        } else if matches.isEmpty {
          // Another message may make the same text (then it is found instead); none may not.
          unrecognized.append("\(key) → '\(shown)'")
        }
      }
    }
    #expect(unmapped.isEmpty, "\(unmapped.count): \(unmapped.prefix(5))")
    #expect(unrecognized.isEmpty, "\(unrecognized.count): \(unrecognized.prefix(5))")
    #expect(recognized > 0)
  }

  /// `pattern` shown with sample arguments: 17 for each number, a word for each string.
  static func instance(of pattern: PrintfPattern, with given: [String]? = nil) -> (
    String, [String]
  ) {
    var arguments = [String](repeating: "", count: pattern.argumentCount)
    var text: [UInt8] = []
    for piece in pattern.pieces {
      switch piece {
      case .literal(let bytes): text += bytes
      case .argument(let index, let kind, _):
        if arguments[index].isEmpty {
          arguments[index] =
            given?[index]
            ?? (kind == .text ? "Xyzzy\(index)" : kind == .integer ? "17" : "2.5")
        }
        text += Array(arguments[index].utf8)
      }
    }
    return (String(decoding: text, as: UTF8.self), arguments)
  }

  static func instance(of pattern: PrintfPattern, with given: [String]) -> String {
    instance(of: pattern, with: Optional(given)).0
  }
}
