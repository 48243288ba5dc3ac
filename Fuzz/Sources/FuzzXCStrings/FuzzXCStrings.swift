import Foundation
import FuzzSupport
import Parlance

/// One `.xcstrings` catalog per input; every entry is rendered for a few numbers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = XCStringsParser.parse(Data(bytes: data, count: size), file: "fuzz.xcstrings")
  for diagnostic in file.diagnostics { _ = "\(diagnostic)" }
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
