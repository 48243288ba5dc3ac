import Foundation
import FuzzSupport
import Parlance

/// One `.stringsdict` file per input; every plural entry is rendered for a few numbers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = StringsdictParser.parse(Data(bytes: data, count: size), file: "fuzz.stringsdict")
  for diagnostic in file.diagnostics { _ = "\(diagnostic)" }
  exercise(file.entries)
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzStringsdict_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
