import FuzzSupport
import Parlance

/// The numbers a rule is evaluated for: small ones, the boundaries of real rules, overflow.
let numbers: [UInt64] = [0, 1, 2, 3, 5, 11, 21, 101, 1_000_000, UInt64(Int64.max), .max]

/// A `Plural-Forms` header value per input, evaluated for a few numbers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let rule = try PluralForms(parsing: text)
    for n in numbers {
      let index = rule.index(for: n)
      if index < 0 || index >= rule.count { fatalError("index \(index) outside 0..<\(rule.count)") }
    }
  } catch {
    _ = error.description
  }
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzPluralForms_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
