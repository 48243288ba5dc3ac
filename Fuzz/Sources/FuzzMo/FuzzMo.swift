import FuzzSupport
import Parlance

/// One `.mo` file per input: opened, validated, every message looked up in place and
/// again once the table is built — the two must answer alike — and rendered.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = MOFile(bytes: Array(UnsafeBufferPointer(start: data, count: size)), path: "fuzz.mo")
  for diagnostic in file.validate() { _ = "\(diagnostic)" }
  _ = file.header.fields
  _ = file.header.language
  let entries = file.entries()
  let keys = entries.prefix(64).map(\.key) + ["", "missing", "Open", "%d file"]
  let table = CatalogTable(compiled: file)
  let inPlace = keys.map { table.value($0) }
  _ = table.keys  // built
  let built = keys.map { table.value($0) }
  // A file whose strings overlap too much to read them all has its last messages left
  // out of the table, though each can still be found in place.
  if file.isUTF8 && file.readableCount == file.messageCount && inPlace != built {
    fatalError("in place \(inPlace) but built \(built)")
  }
  exercise(
    table.entries.prefix(64).map {
      ParsedEntry(key: $0.key, message: $0.entry.message, location: $0.entry.origin.location)
    })
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzMo_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
