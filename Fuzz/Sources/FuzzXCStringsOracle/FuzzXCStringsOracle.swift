import Foundation
import FuzzSupport

@testable import Parlance

/// The new String Catalog reader against the old one (test oracle): the same catalog,
/// diagnostics and positions for every input, or a trap. Needs `-enable-testing`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let catalog = XCStringsCatalog(bytes, file: "fuzz.xcstrings")
  let new = catalog.everyLanguage()
  let old = LegacyXCStringsParser.parse(bytes, file: "fuzz.xcstrings")
  if new != old, !catalog.dependsOnHashOrder {
    preconditionFailure(
      "the readers differ:\nnew \(new.diagnostics.map(\.description))\n"
        + "old \(old.diagnostics.map(\.description))\nnew unusable \(new.unusable.count) old "
        + "\(old.unusable.count); entries equal: \(new.entries == old.entries)")
  }
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzXCStringsOracle_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
