import Foundation
import FuzzSupport
import Parlance

/// A desktop entry file per input, read as GLib reads it; every value read is then a
/// `str.format` message, whose fields are filled back with their own names: a value must
/// never crash the reader, and a refused file must say where.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = DesktopEntryFile(
    bytes: UnsafeBufferPointer(start: data, count: size), file: "fuzz.desktop")
  for diagnostic in file.diagnostics where diagnostic.severity == .error {
    precondition(diagnostic.location.line >= 1, "an error without its line: \(diagnostic)")
  }
  for keys in file.groups.values {
    for value in keys.values {
      for text in [value.untranslated].compactMap({ $0 }) + value.localized.values {
        let fields = BraceFormat.fields(of: text)
        if !fields.isEmpty {
          _ = BraceFormat.render(text, fields: fields, arguments: fields)
        }
        _ = value.text(for: ["de", "pt_BR"])
      }
    }
  }
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzDesktopEntry_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
