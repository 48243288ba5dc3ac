import FuzzSupport
import Parlance

/// One `.ui` file per input: read, walked for its objects and texts, written back and read
/// again. Traps (a finding) when the text written back does not read as the same
/// interface: another serialization, other objects or other texts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let document = InterfaceDocument.parse(bytes, file: "fuzz.ui")
  for diagnostic in document.diagnostics { _ = "\(diagnostic)" }
  guard let root = document.root else { return 0 }
  let (written, spans) = root.serializedWithSpans()
  for span in spans { _ = root.element(at: span.path) }
  let again = InterfaceDocument.parse(Array(written.utf8), file: "fuzz.ui")
  guard let rootAgain = again.root, rootAgain.serialized == written else {
    fatalError("the interface written back reads differently")
  }
  guard again.objects.map(\.id) == document.objects.map(\.id),
    again.texts.map(\.msgid) == document.texts.map(\.msgid)
  else {
    fatalError("the interface written back has other objects or texts")
  }
  for text in document.texts { _ = PangoMarkup.problem(in: text.msgid) }
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzInterface_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
