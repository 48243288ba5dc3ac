import ParlanceGtk

/// The widgets of one rendered node, typed, so updates need no casts.
@MainActor
final class RenderedNode {
  let kind: ViewNode.Kind
  let widget: Widget
  let box: Box?
  let label: Label?
  let spin: SpinButton?
  let combo: ComboBoxText?
  let textView: TextView?
  let scrolled: ScrolledWindow?
  let image: Image?
  let infoBar: InfoBar?
  let check: CheckButton?
  let button: Button?
  var choiceItems: [(String, String)] = []
  var imagePath: String?
  var isShown = true
  /// What the last render set, so that an unchanged value is not set again.
  var tooltipText: String?
  var accessibleName: String?
  var closeName: String?

  init(
    kind: ViewNode.Kind, widget: Widget, box: Box? = nil, label: Label? = nil,
    spin: SpinButton? = nil, combo: ComboBoxText? = nil, textView: TextView? = nil,
    scrolled: ScrolledWindow? = nil, image: Image? = nil, infoBar: InfoBar? = nil,
    check: CheckButton? = nil, button: Button? = nil
  ) {
    self.kind = kind
    self.widget = widget
    self.box = box
    self.label = label
    self.spin = spin
    self.combo = combo
    self.textView = textView
    self.scrolled = scrolled
    self.image = image
    self.infoBar = infoBar
    self.check = check
    self.button = button
  }

  /// The widget that takes the keyboard focus and carries the accessible name.
  var focusTarget: Widget { textView ?? widget }

  func owns(_ candidate: Widget) -> Bool {
    candidate === widget || candidate === textView
  }

  /// Same kind of widget: the node's data may differ, the widget can be reused.
  func matches(_ other: ViewNode.Kind) -> Bool {
    switch (kind, other) {
    case (.column, .column), (.row, .row), (.scrolledColumn, .scrolledColumn),
      (.heading, .heading), (.label, .label),
      (.caption, .caption), (.numberField, .numberField), (.choice, .choice), (.notes, .notes),
      (.image, .image), (.infoBar, .infoBar), (.toggle, .toggle), (.button, .button):
      return true
    default:
      return false
    }
  }

  func applyVisibility() {
    if infoBar != nil { widget.isVisible = isShown }
  }
}
