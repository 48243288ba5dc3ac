import Foundation
import Parlance
import ParlanceUI

/// The info bar of the control bar: the route's problem (a failed switch, a catalog a save
/// broke) or the preview's own.
extension InterfacePreview {
  /// Shows a problem of the preview's own (a folder it could not use) in the bar.
  func report(_ message: LocalizedText, details: [String]) {
    language.report(message, details: details)
    updateModel()
    renderBar()
  }

  /// The info bar was closed: keep it closed until another problem comes.
  func dismissProblem() {
    language.dismissProblem()
    updateModel()
    renderBar()
  }
}
