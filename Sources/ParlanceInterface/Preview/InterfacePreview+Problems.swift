import Foundation
import Parlance
import ParlanceUI

/// What comes back from other threads and goes wrong: switch results, reloads after saves,
/// and the info bar of the control bar that shows their problems.
extension InterfacePreview {
  func switched(ticket: UInt64, _ result: Result<LanguageChange, LocalizerError>) {
    settledTicket = max(settledTicket, ticket)
    switch result {
    case .success:
      if problemIsSwitchFailure { clearProblem() }
    case .failure(let error):
      failures.append(error)
      if failures.count > 10 { failures.removeFirst(failures.count - 10) }
      show(problem(for: error))
      problemIsSwitchFailure = true
    }
  }

  func reloaded(_ result: Localizer.ReloadResult) {
    reloadCount += 1
    guard let (tag, errors) = result.failures.sorted(by: { $0.key < $1.key }).first else {
      clearProblem()
      return
    }
    let file =
      errors.first.map { URL(fileURLWithPath: $0.file).lastPathComponent } ?? tag.identifier
    show(
      (
        .key(
          "error.catalog.details", table: "Errors",
          ["count": MessageArgument(errors.count), "file": .string(file)]),
        errors.filter { $0.severity == .error }.prefix(5).map(\.description)
      ))
  }

  private func problem(for error: LocalizerError) -> (LocalizedText, [String]) {
    switch error {
    case .catalogFailed(let tag, let diagnostics):
      return (
        .key(
          "error.catalog.load", table: "Errors",
          [
            "language": .string(tag.nativeName),
            "current": .string(localizer.language.nativeName),
          ]),
        diagnostics.filter { $0.severity == .error }.prefix(5).map(\.description)
      )
    case .unavailableLanguage(let tag, _):
      return (
        .key("error.language.unknown", table: "Errors", ["tag": .string(tag.identifier)]), []
      )
    case .resources(let resourceError):
      return (.verbatim(resourceError.description), [])
    }
  }

  /// Shows a problem in the bar, unless it is the very one the user closed.
  func show(_ problem: (LocalizedText, [String])) {
    if let dismissed, dismissed == problem.1, !problem.1.isEmpty { return }
    dismissed = nil
    problemIsSwitchFailure = false
    controlBar.model.problem = problem.0
    controlBar.model.problemDetails = problem.1
    renderBar()
  }

  func clearProblem() {
    dismissed = nil
    problemIsSwitchFailure = false
    guard controlBar.model.problem != nil else { return }
    controlBar.model.problem = nil
    controlBar.model.problemDetails = []
    renderBar()
  }

  /// The info bar was closed: keep it closed until another problem comes.
  func dismissProblem() {
    dismissed = controlBar.model.problemDetails
    controlBar.model.problem = nil
    controlBar.model.problemDetails = []
    renderBar()
  }
}
