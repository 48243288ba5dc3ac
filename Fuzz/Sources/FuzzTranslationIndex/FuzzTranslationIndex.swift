import Foundation
import FuzzSupport
import Parlance

/// Translations and a shown text per input: `text \0 translation \0 translation …`.
/// The translations go into a table (the first also as its own msgid, so that its
/// `str.format` fields make a pattern; the second and third also as the forms of a
/// plural message); the text is recognized against it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let parts = UnsafeBufferPointer(start: data, count: size)
    .split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  guard parts.count >= 2 else { return 0 }
  var table = CatalogTable()
  let origin = EntryOrigin(file: "fuzz.po", location: SourceLocation(line: 1, column: 1))
  for (index, translation) in parts.dropFirst().prefix(32).enumerated() {
    table[index == 0 ? translation : "key \(index)"] = CatalogEntry(
      message: .text(MessageTemplate(translation)), origin: origin)
  }
  if parts.count >= 4 {
    table["plural"] = CatalogEntry(
      message: .indexedPlural(
        forms: [MessageTemplate(parts[2]), MessageTemplate(parts[3])], rule: .germanic),
      origin: origin)
  }
  let index = TranslationIndex(translationsOf: table)
  _ = index.messages(showing: parts[0])
  _ = index.recognize(parts[0])
  let source = TranslationIndex(sourceOf: table)
  _ = source.recognize(parts[0])
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzTranslationIndex_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
