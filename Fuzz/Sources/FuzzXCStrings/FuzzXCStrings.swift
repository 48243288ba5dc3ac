import Foundation
import FuzzSupport
import Parlance

/// One `.xcstrings` catalog per input: read whole (`XCStringsParser.parse`) and read lazily
/// (`XCStringsCatalog`, languages asked for in reverse order), which must agree; then
/// every entry is rendered for a few numbers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let file = XCStringsParser.parse(bytes, file: "fuzz.xcstrings")
  for diagnostic in file.diagnostics { _ = "\(diagnostic)" }
  let catalog = XCStringsCatalog(bytes, file: "fuzz.xcstrings")
  if catalog.diagnostics != file.diagnostics || catalog.unusable != file.unusable
    || catalog.languages != Set(file.entries.keys)
  {
    preconditionFailure("the lazy catalog reports otherwise than the parser")
  }
  for language in catalog.languages.sorted().reversed()
  where catalog.entries(for: language) != file.entries[language] {
    preconditionFailure("the lazy catalog built \(language) otherwise than the parser")
  }
  for entries in file.entries.values { exercise(entries) }
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzXCStrings_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
