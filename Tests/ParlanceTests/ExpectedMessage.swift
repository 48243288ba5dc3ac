import Foundation
import Testing

@testable import Parlance

/// A message as `.stringsdict` and `.xcstrings` fixtures write it in `case.expected.json`.
///
/// A string is a `.text` message with that source. An object says more:
/// ```
/// {"at": "3:3", "format": "%#@files@", "variables": {"files": {"argument": 1,
///   "type": "d", "forms": {"one": "%d file", "other": "%d files"}}},
///  "render": {"ru": {"1": "1 файл", "5": "5 файлов"}, "en": {"Bob, 2": "…"}}}
/// ```
/// `text` instead of `format` is a `.text` message. Render keys are the arguments,
/// separated by ", ": integers, decimals, else strings.
enum ExpectedMessage: Decodable {
  case text(String)
  case detailed(Detailed)

  struct Detailed: Decodable {
    var at: String?
    var text: String?
    var format: String?
    var variables: [String: Variable]?
    var render: [String: [String: String]]?
  }

  struct Variable: Decodable {
    var argument: Int
    var type: String?
    var forms: [String: String]
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      self = .text(text)
    } else {
      self = .detailed(try container.decode(Detailed.self))
    }
  }

  /// Records an issue for each difference between `entry` and this expectation.
  func check(_ entry: ParsedEntry, in file: String) {
    let label = Comment(rawValue: "\(file): '\(entry.key)'")
    switch self {
    case .text(let text):
      #expect(entry.message == .text(MessageTemplate(text)), label)
    case .detailed(let detailed):
      if let at = detailed.at {
        #expect(entry.location.description == at, label)
      }
      if let text = detailed.text {
        #expect(entry.message == .text(MessageTemplate(text)), label)
      }
      if let format = detailed.format {
        guard case .plural(let plural) = entry.message else {
          Issue.record("\(label.rawValue): expected a plural, got \(entry.message)")
          return
        }
        #expect(plural.format.source == format, label)
        let expected = detailed.variables ?? [:]
        #expect(Set(plural.variables.keys) == Set(expected.keys), label)
        for (name, variable) in expected {
          guard let actual = plural.variables[name] else { continue }
          #expect(actual.argumentIndex + 1 == variable.argument, "\(label.rawValue) \(name)")
          if let type = variable.type {
            #expect(actual.valueType == type, "\(label.rawValue) \(name)")
          }
          let forms = Dictionary(
            uniqueKeysWithValues: actual.forms.map { ($0.key.rawValue, $0.value.source) })
          #expect(forms == variable.forms, "\(label.rawValue) \(name)")
        }
      }
      for (language, samples) in detailed.render ?? [:] {
        let tag = LanguageTag.test(language)
        for (arguments, output) in samples {
          var problems: [RenderProblem] = []
          let text = entry.message.render(
            arguments: Self.arguments(arguments), language: tag, problems: &problems)
          #expect(text == output, "\(label.rawValue) in \(language) with \(arguments)")
        }
      }
    }
  }

  static func arguments(_ text: String) -> [MessageArgument] {
    guard !text.isEmpty else { return [] }
    return text.components(separatedBy: ", ").map { part in
      if let integer = Int64(part) { return .integer(integer) }
      if let double = Double(part) { return .double(double) }
      return .string(part)
    }
  }
}

/// `line:column: severity: message`, as fixtures list diagnostics.
func renderedDiagnostics(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }
}

/// The fixture names (without extension) in `Fixtures/<folder>` ending in `.<ext>`.
func fixtureNames(in folder: String, extension ext: String) -> [String] {
  guard let url = try? fixtureURL(folder),
    let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
  else { return [] }
  return names.filter { $0.hasSuffix("." + ext) }.map { String($0.dropLast(ext.count + 1)) }
    .sorted()
}
