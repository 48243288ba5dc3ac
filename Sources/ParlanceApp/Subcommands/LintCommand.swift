import Foundation
import Parlance

/// `parlance lint`: every problem of the translations as `file:line:column: severity: …`.
///
/// `.ui` files among the paths are checked against the gettext translations among them
/// (`parlance lint dialog.ui po/`), or their project's `po/` folder; the translations are
/// linted as catalogs too.
enum LintCommand: Subcommand {
  static let name = "lint"
  static let usage = "parlance lint [PATH...] [UI_FILE... PO_DIR|PO_FILE...] [--json]"
  static let options: Set<String> = []
  static let flags: Set<String> = ["--json"]

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let paths =
      arguments.positionals.isEmpty
      ? [ResourceLocator.defaultResources()]
      : arguments.positionals.map { URL(fileURLWithPath: $0) }
    let interfaces = paths.filter { $0.pathExtension == "ui" }
    let catalogs = paths.filter { $0.pathExtension != "ui" }
    var findings = Linter().lint(catalogs.isEmpty && !interfaces.isEmpty ? [] : catalogs)
    if !interfaces.isEmpty {
      findings += Linter().lint(interfaces: interfaces, translations: catalogs)
    }
    let totals = DiagnosticTotals(findings)
    if arguments.has("--json") {
      print(
        JSONOutput.array(
          findings.map { finding in
            .object([
              ("file", .string(finding.file)),
              ("line", .number(Double(finding.location.line))),
              ("column", .number(Double(finding.location.column))),
              ("severity", .string(finding.severity.rawValue)),
              ("message", .string(finding.message)),
            ])
          }))
    } else {
      for finding in findings { print(finding.description) }
      standardError(totals.description)
    }
    return totals.errors > 0 ? .failure : .success
  }
}
