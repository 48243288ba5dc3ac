import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import XCTest

/// Transmission's six GTK 3 dialogs over its own `.po` files: built once, switched live
/// through all seven languages and back, every text read back from GTK and compared with
/// what glibc's gettext gives for it (`GettextOracle`).
final class CorpusDialogTests: InterfaceTestCase, @unchecked Sendable {
  /// The dialogs and their non-empty translatable texts, counted by the corpus manifest
  /// (not by our reader).
  static let dialogs: [(file: String, texts: Int)] = [
    ("PrefsDialog", 82), ("DetailsDialog", 40), ("MakeDialog", 15), ("StatsDialog", 13),
    ("RelocateDialog", 7), ("OptionsDialog", 10),
  ]
  /// The tag Parlance is asked for, and the `.po` file gettext reads for it.
  static let languages: [(tag: String, po: String)] = [
    ("ar", "ar"), ("de", "de"), ("he", "he"), ("ja", "ja"), ("pl", "pl"), ("ru", "ru"),
    ("zh-Hans", "zh_CN"),
  ]

  nonisolated(unsafe) static var oracle: GettextOracle?

  func corpusOracle() throws -> GettextOracle {
    if let oracle = Self.oracle { return oracle }
    let oracle = try GettextOracle(poFolder: Self.poFolder(), names: Self.languages.map(\.po))
    Self.oracle = oracle
    return oracle
  }

  func testEveryDialogShowsWhatGettextGivesInEveryLanguage() throws {
    let oracle = try corpusOracle()
    for dialog in Self.dialogs {
      try onMainActor {
        let interface = try open(
          file: Self.dialogFile(dialog.file), po: Self.poFolder(), language: "en")
        XCTAssertEqual(interface.diagnostics.map(\.description), [], dialog.file)
        XCTAssertEqual(interface.texts.count, dialog.texts, dialog.file)
        let root = try XCTUnwrap(interface.object(dialog.file).widget)
        for (tag, po) in Self.languages {
          try switchTo(tag)
          var translated = 0
          for text in interface.texts {
            let expected = oracle.translation(of: text.msgid, context: text.context, in: po)
            XCTAssertEqual(
              interface.shownValue(of: text), expected,
              "\(dialog.file) in \(tag): \(text.objectPath) \(text.property) at line "
                + "\(text.location.line)")
            if expected != text.msgid { translated += 1 }
          }
          // The oracle really translated: a broken gettext setup would pass on msgids.
          XCTAssertGreaterThan(translated, dialog.texts / 2, "\(dialog.file) in \(tag)")
          let rtl = tag == "ar" || tag == "he"
          XCTAssertEqual(root.direction, rtl ? .rightToLeft : .leftToRight, "\(tag)")
        }
        try switchTo("en")
        for text in interface.texts {
          XCTAssertEqual(interface.shownValue(of: text), text.msgid, "\(dialog.file) back in en")
        }
        XCTAssertEqual(root.direction, .leftToRight)
      }
    }
  }

  static func poFolder() throws -> URL {
    let folder = corpus.appendingPathComponent("po")
    guard FileManager.default.fileExists(atPath: folder.path) else {
      throw XCTSkip("no corpus at \(corpus.path)")
    }
    return folder
  }

  static func dialogFile(_ name: String) -> URL {
    corpus.appendingPathComponent("gtk/ui/gtk3/\(name).ui")
  }

  /// `shared/corpus/ui/transmission`, beside the clone (as CI lays it out).
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ParlanceInterfaceTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .deletingLastPathComponent()
    .appendingPathComponent("shared/corpus/ui/transmission")
}
