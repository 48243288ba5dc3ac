import FuzzSupport
import Parlance

/// One `.strings` file per input, in whatever encoding the bytes suggest.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = StringsParser.parse(
    Array(UnsafeBufferPointer(start: data, count: size)), file: "fuzz.strings")
  _ = file.table
  for diagnostic in file.diagnostics { _ = "\(diagnostic)" }
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzStrings_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
