import Foundation
import FuzzSupport

@testable import Parlance

/// The new `.stringsdict` reader against the old one (test oracle): the same entries,
/// diagnostics and positions for every input, or a trap. Needs `-enable-testing`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let new = StringsdictParser.parse(bytes, file: "fuzz.stringsdict")
  let old = LegacyStringsdictParser.parse(bytes, file: "fuzz.stringsdict")
  if new != old {
    preconditionFailure(
      "the readers differ:\nnew \(new.diagnostics.map(\.description)) \(new.entries.map(\.key))"
        + "\nold \(old.diagnostics.map(\.description)) \(old.entries.map(\.key))")
  }
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzStringsdictOracle_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
