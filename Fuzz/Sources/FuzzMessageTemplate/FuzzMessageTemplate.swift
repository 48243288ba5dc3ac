import FuzzSupport
import Parlance

/// A message template per input, rendered; with NUL-separated parts, a plural message,
/// rendered on both of its paths (see `exercise`), which must agree.
///
/// Layout of a plural input: `format \0 name \0 argument \0 zero \0 one \0 … other`, the
/// argument in decimal (`argNum`), or empty for the variable's place in the format.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  let template = MessageTemplate(parts[0])
  _ = template.placeholderNames
  _ = template.formatSpecifiers
  _ = template.variables
  var problems: [RenderProblem] = []
  _ = template.render(arguments: fuzzArguments, named: fuzzNamedArguments, problems: &problems)
  _ = template.render(
    arguments: fuzzArguments, named: fuzzNamedArguments,
    options: RenderOptions(isolatesArguments: true), problems: &problems)
  _ = template.render(options: RenderOptions(isolatesArguments: true), problems: &problems)
  for problem in problems { _ = problem.description }
  if parts.count > 1 {
    let argument = parts.count > 2 ? Int(parts[2]) : nil
    var forms: [PluralCategory: String] = [:]
    for (category, text) in zip(PluralCategory.allCases, parts.dropFirst(3)) {
      forms[category] = text
    }
    let message = Message.plural(
      PluralMessage(
        format: parts[0],
        variables: [(name: parts[1], valueType: "d", argument: argument, forms: forms)]))
    exercise([
      ParsedEntry(key: "fuzz", message: message, location: SourceLocation(line: 1, column: 1))
    ])
  }
  return 0
}

/// The program's `main` (see CFuzzerDriver.h): hands the command line to libFuzzer.
@_cdecl("FuzzMessageTemplate_main")
func runMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, size in
    guard let data else { return 0 }
    return fuzz(data, size)
  }
}
