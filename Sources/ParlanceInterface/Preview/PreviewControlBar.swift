import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// The small window beside a previewed interface: the language menu, "Translator mode",
/// "Show keys", the translations folder with a button to pick another, a button per
/// previewed window or menu, and an info bar for broken saves and failed switches.
///
/// Rendered by ParlanceUI's `Renderer` from a `ControlBarModel`, in Parlance's own texts
/// (its `localizer`), laid out in the direction of the previewed language. It reports
/// what the user does through its `on…` handlers and changes nothing by itself.
@MainActor
public final class PreviewControlBar {
  /// The bar's own window.
  public let window: Window
  /// Renders `model` into `window`.
  public let renderer: Renderer
  /// Parlance's own texts (the bar's captions and buttons).
  public let localizer: Localizer
  /// What the bar shows at the next `render(direction:)`.
  public var model = ControlBarModel()
  /// A language menu entry was picked: `system` or a tag.
  public var onChoice: (String) -> Void = { _ in }
  /// "Translator mode" (`translator`) or "Show keys" (`keys`) was ticked or cleared.
  public var onToggle: (String, Bool) -> Void = { _, _ in }
  /// A button was clicked: `folder.choose`, `window:<n>` or `menu:<n>`.
  public var onClick: (String) -> Void = { _ in }
  /// The info bar was closed.
  public var onDismiss: () -> Void = {}
  /// Renders done so far.
  public private(set) var renderCount = 0

  /// A bar in `localizer`'s texts, not yet rendered.
  /// - Parameter localizer: Parlance's own texts for the bar's captions and buttons.
  public init(localizer: Localizer) {
    self.localizer = localizer
    window = Window(title: "Parlance")
    renderer = Renderer(window: window)
    // Small: the bar sits beside the interface; GTK grows it to what its content needs.
    let size = Size(width: 560, height: 120)
    renderer.userState.windowSize = size
    window.defaultSize = size
    renderer.onEvent = { [weak self] event in
      guard let self else { return }
      switch event {
      case .chose(_, let item): onChoice(item)
      case .toggled(let node, let isOn): onToggle(node, isOn)
      case .clicked(let node): onClick(node)
      case .dismissed: onDismiss()
      default: break
      }
    }
  }

  /// Renders the bar from `model` in Parlance's current texts, laid out in `direction`.
  public func render(direction: LayoutDirection) {
    let snapshot = localizer.snapshot()
    renderer.render(model.tree, title: model.title, snapshot: snapshot, direction: direction)
    renderCount += 1
  }

  /// The language menu.
  package var languageMenu: ComboBoxText? { renderer.widget(ComboBoxText.self, for: "language") }

  /// The info bar's text when it is shown, else nil.
  package var shownProblem: String? {
    guard let bar = renderer.widget(for: "problem") as? InfoBar, bar.isVisible else { return nil }
    return bar.text
  }

  /// The button of node `id` (`folder.choose`, `window:<n>`, `menu:<n>`).
  package func button(_ id: String) -> Button? {
    renderer.widget(for: id) as? Button
  }
}
