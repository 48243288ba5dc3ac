import Foundation
import Parlance

/// `parlance lint`: every problem of the translations as `file:line:column: severity: …`.
///
/// `.ui` files among the paths are checked against the gettext translations among them
/// (`parlance lint dialog.ui po/`), or their project's `po/` folder; the translations are
/// linted as catalogs too.
enum LintCommand: Subcommand {
  /// Resources folders, catalogs, `.ui` files and the `.po` files or folders to check them
  /// against; the installed resources when none is given.
  static let paths = Positionals<FilePath>("PATH", atLeastOne: false)

  /// `parlance lint [PATH...] [--gettext-domain DOMAIN …] [--json]`.
  static let signature = CommandSignature(
    "lint", paths, CommonOptions.gettextDomain, CommonOptions.localeDir, CommonOptions.json)

  /// Prints every finding; exit 1 when one is an error.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    ResourceLocator.warnIfICUIsMissing()
    let given = arguments[paths]
    let installed = ResourceLocator.installedSources(arguments)
    var installedFolders: [ResourceFolder] = []
    if let installed {
      do {
        installedFolders = try installed.folders()
      } catch {
        throw CommandFailure(message: error.description)
      }
    }
    // With only installed domains named, only they are checked.
    let paths =
      given.isEmpty && installed == nil ? [ResourceLocator.defaultResources()] : given.map(\.url)
    let interfaces = paths.filter { $0.pathExtension == "ui" }
    let catalogs = paths.filter { $0.pathExtension != "ui" }
    var findings = Linter().lint(catalogs.isEmpty && !interfaces.isEmpty ? [] : catalogs)
    findings += Linter().lint(files: installedFolders)
    if !interfaces.isEmpty {
      findings += Linter().lint(interfaces: interfaces, translations: catalogs)
    }
    let totals = DiagnosticTotals(findings)
    if arguments[CommonOptions.json] {
      print(
        JSONOutput.array(
          findings.map { finding in
            .object([
              ("file", .string(finding.file)),
              (
                "line",
                finding.location.isTextPosition ? .number(Double(finding.location.line)) : .null
              ),
              (
                "column",
                finding.location.isTextPosition ? .number(Double(finding.location.column)) : .null
              ),
              ("byte", finding.location.byteOffset.map { .number(Double($0)) } ?? .null),
              ("entry", finding.location.entryIndex.map { .number(Double($0)) } ?? .null),
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
