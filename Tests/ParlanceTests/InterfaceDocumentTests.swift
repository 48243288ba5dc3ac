import Foundation
import Parlance
import Testing

/// Reading GtkBuilder `.ui` files: every translatable text with its position, ids for
/// objects without one, and errors with positions for what is not XML.
@Suite struct InterfaceDocumentTests {
  static let transmission: [(name: String, texts: Int)] = [
    ("PrefsDialog", 82), ("DetailsDialog", 40), ("MakeDialog", 15), ("StatsDialog", 13),
    ("RelocateDialog", 7), ("OptionsDialog", 10),
  ]

  @Test(arguments: transmission)
  func transmissionDialogsListEveryNonEmptyText(name: String, texts: Int) throws {
    let url = Corpus.root.appendingPathComponent("ui/transmission/gtk/ui/gtk3/\(name).ui")
    let document = try InterfaceDocument.read(contentsOf: url)
    #expect(document.isUsable)
    #expect(document.diagnostics.isEmpty)
    #expect(document.texts.count == texts)
    #expect(document.toplevels.first?.id == name)
    // Every text's line holds translatable="yes" (where de.po's #: references point).
    let lines = try String(contentsOf: url, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    for text in document.texts {
      #expect(lines[text.location.line - 1].contains("translatable=\"yes\""))
    }
  }
}
