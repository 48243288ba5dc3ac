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
  /// What the bar shows; `render()` shows a change.
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

  private var state = UserState()

  /// A bar in Parlance's own texts, not yet rendered.
  /// - Parameter localizer: Parlance's own texts for the bar's captions and buttons.
  public init(localizer: Localizer) {
    self.localizer = localizer
    window = Window(title: "Parlance")
    renderer = Renderer(window: window)
    // Small: the bar sits beside the interface; GTK grows it to what its content needs.
    state.windowWidth = 560
    state.windowHeight = 120
    window.defaultSize = Size(width: state.windowWidth, height: state.windowHeight)
    renderer.onChoice = { [weak self] in self?.onChoice($0) }
    renderer.onToggle = { [weak self] in self?.onToggle($0, $1) }
    renderer.onClick = { [weak self] in self?.onClick($0) }
    renderer.onDismiss = { [weak self] _ in self?.onDismiss() }
  }

  /// Renders the bar from `model` in Parlance's current texts, laid out in `direction`.
  public func render(direction: LayoutDirection) {
    let snapshot = localizer.snapshot()
    renderer.capture(into: &state)
    state.translatorMode = false
    state.showsKeys = false
    renderer.render(
      model.tree, title: model.title, snapshot: snapshot, state: state, direction: direction)
    renderCount += 1
  }

  /// The language menu.
  public var languageMenu: ComboBoxText? { renderer.languageMenu }

  /// The info bar's text when it is shown, else nil.
  public var shownProblem: String? {
    guard let bar = renderer.widget(for: "problem") as? InfoBar, bar.isVisible else { return nil }
    return bar.text
  }

  /// The button of node `id` (`folder.choose`, `window:<n>`, `menu:<n>`).
  public func button(_ id: String) -> Button? {
    renderer.widget(for: id) as? Button
  }
}
