import Parlance
import ParlanceGtk

/// Turns the view tree into GTK widgets, again after every language change.
///
/// The whole tree is rendered each time, like resetting a root view controller: no
/// widget translates itself. With `.reuse`, a node whose id and kind match the previous
/// render keeps its widget and only gets its new texts; `.rebuild` destroys and creates
/// every widget (kept to measure what reuse saves). Either way the user's state — the
/// notes, cursor, selection, scroll position, focus, window size — is read from the
/// widgets before and written back after, so a rebuild loses nothing either.
@MainActor
public final class Renderer {
  public enum Strategy: Sendable {
    case reuse
    case rebuild
  }

  public let window: Window
  public var strategy: Strategy
  /// Called when the user picks an entry of the language menu (not when a render sets it).
  public var onChoice: (String) -> Void = { _ in }
  /// Called when the user changes the number of the plural line.
  public var onNumber: (Int) -> Void = { _ in }
  /// Called when the user ticks or clears a check box, with its node id.
  public var onToggle: (String, Bool) -> Void = { _, _ in }
  /// Called when the user closes an info bar, with its node id. The bar hides at once;
  /// the model must stop describing its message, or the next render shows it again.
  public var onDismiss: (String) -> Void = { _ in }
  /// Called when the user clicks a button, with its node id.
  public var onClick: (String) -> Void = { _ in }

  /// The catalog texts of the last render by node id, with where each came from (for
  /// reports: missing strings, fallbacks).
  public private(set) var resolvedTexts: [(id: String, text: ResolvedText)] = []

  private var rendered: [String: RenderedNode] = [:]
  private var rootWidget: Widget?
  private var isRendering = false
  private let notesBuffer = TextBuffer()

  public init(window: Window, strategy: Strategy = .reuse) {
    self.window = window
    self.strategy = strategy
  }

  /// The widget of a node after the last render, for tests and screenshots.
  public func widget(for id: String) -> Widget? {
    rendered[id]?.widget
  }

  /// The labels of the last render by node id.
  public func label(for id: String) -> Label? {
    rendered[id]?.label
  }

  public var languageMenu: ComboBoxText? { rendered["language"]?.combo }
  public var notesView: TextView? { rendered["notes"]?.textView }
  public var notesScroll: ScrolledWindow? { rendered["notes"]?.scrolled }
  public var numberField: SpinButton? { rendered["files"]?.spin }

  /// Every label of the window with its node id, in tree order.
  public var labels: [(id: String, label: Label)] {
    order.compactMap { id in rendered[id]?.label.map { (id, $0) } }
  }

  private var order: [String] = []
  /// Caption node id → the id of the node it names, from the render in progress.
  private var captionTargets: [String: String] = [:]
  private var translatorMode = false
  private var showsKeys = false

  /// Reads the user's state out of the widgets of the last render.
  public func capture(into state: inout UserState) {
    guard !rendered.isEmpty else { return }
    state.notes = notesBuffer.text
    let selection = notesBuffer.selection
    state.cursor = selection.cursor
    state.selection = selection.isEmpty ? nil : selection.range
    if let scrolled = rendered["notes"]?.scrolled {
      state.scrollOffset = scrolled.verticalAdjustment.value
    }
    if let focused = window.focusWidget {
      state.focusedNode = rendered.first { $0.value.owns(focused) }?.key
    } else {
      state.focusedNode = nil
    }
    let size = window.size
    if size.width > 1, size.height > 1 {
      state.windowWidth = size.width
      state.windowHeight = size.height
    }
    if let spin = rendered["files"]?.spin { state.fileCount = spin.intValue }
  }

  /// Renders `tree` in the language of `snapshot` and restores `state`.
  ///
  /// Every text, the layout direction and the localized images come from the one
  /// snapshot: a switch on another thread during the render shows in the next one.
  /// `direction` overrides the layout direction of the snapshot's language (a tool window
  /// beside an interface in a language the tool has no texts for).
  public func render(
    _ tree: ViewNode, title: LocalizedText, snapshot: LocalizationSnapshot, state: UserState,
    direction: LayoutDirection? = nil
  ) {
    translatorMode = state.translatorMode
    showsKeys = state.showsKeys
    resolvedTexts = []
    isRendering = true
    defer { isRendering = false }
    let direction: LayoutDirection =
      direction ?? (snapshot.language.direction == .rightToLeft ? .rightToLeft : .leftToRight)
    if Widget.defaultDirection != direction { Widget.defaultDirection = direction }
    if strategy == .rebuild { tearDown() }

    window.title = title.resolve(in: snapshot).text
    var seen: Set<String> = []
    order = []
    captionTargets = [:]
    let root = build(tree, snapshot: snapshot, state: state, seen: &seen)
    if rootWidget !== root {
      if let rootWidget { window.remove(rootWidget) }
      window.add(root)
      rootWidget = root
    }
    for (id, node) in rendered where !seen.contains(id) {
      node.widget.destroy()
      rendered[id] = nil
    }
    root.showAll()
    for id in order { rendered[id]?.applyVisibility() }
    linkCaptions()
    restore(state)
  }

  /// Makes each caption the mnemonic label of the element it names (its focus target),
  /// from which GTK derives the `label-for` / `labelled-by` relations screen readers use.
  private func linkCaptions() {
    for (captionID, targetID) in captionTargets {
      guard let caption = rendered[captionID]?.label else { continue }
      let target = rendered[targetID]?.focusTarget
      if caption.mnemonicWidget !== target { caption.mnemonicWidget = target }
    }
  }

  private func tearDown() {
    if let rootWidget {
      window.remove(rootWidget)
      rootWidget.destroy()
    }
    rootWidget = nil
    rendered = [:]
  }

  private func restore(_ state: UserState) {
    if notesBuffer.text != state.notes { notesBuffer.text = state.notes }
    if let range = state.selection, range.upperBound <= notesBuffer.characterCount {
      notesBuffer.select(range)
      if notesBuffer.selection.cursor != state.cursor {
        notesBuffer.selection = TextSelection(
          cursor: state.cursor,
          anchor: state.cursor == range.lowerBound ? range.upperBound : range.lowerBound)
      }
    } else {
      notesBuffer.cursorOffset = min(state.cursor, notesBuffer.characterCount)
    }
    if let scrolled = rendered["notes"]?.scrolled {
      scrolled.verticalAdjustment.value = state.scrollOffset
    }
    if let focus = state.focusedNode, let node = rendered[focus] {
      node.focusTarget.grabFocus()
    }
    let size = window.size
    if size.width != state.windowWidth || size.height != state.windowHeight {
      window.resize(to: Size(width: state.windowWidth, height: state.windowHeight))
    }
  }

  // MARK: Building

  private func build(
    _ node: ViewNode, snapshot: LocalizationSnapshot, state: UserState, seen: inout Set<String>
  ) -> Widget {
    seen.insert(node.id)
    order.append(node.id)
    let existing = rendered[node.id]
    let target: RenderedNode
    if let existing, existing.matches(node.kind) {
      target = existing
    } else {
      existing?.widget.destroy()
      target = makeNode(node.kind, id: node.id)
      rendered[node.id] = target
    }
    update(target, with: node, snapshot: snapshot)
    if let box = target.box {
      let children = node.children.map {
        build($0, snapshot: snapshot, state: state, seen: &seen)
      }
      let current = box.children
      if current.count != children.count || zip(current, children).contains(where: { $0 !== $1 }) {
        for child in current { box.remove(child) }
        for child in children { box.append(child, expand: false, fill: true) }
      }
    }
    return target.widget
  }

  private func makeNode(_ kind: ViewNode.Kind, id nodeID: String) -> RenderedNode {
    switch kind {
    case .column(let spacing), .row(let spacing):
      let isColumn = if case .column = kind { true } else { false }
      let box = Box(orientation: isColumn ? .vertical : .horizontal, spacing: spacing)
      if isColumn { box.setMargins(18) }
      return RenderedNode(kind: kind, widget: box, box: box)
    case .scrolledColumn(let spacing):
      let box = Box(orientation: .vertical, spacing: spacing)
      let scrolled = ScrolledWindow()
      scrolled.setPolicy(horizontal: .never, vertical: .automatic)
      scrolled.vexpand = true
      scrolled.hexpand = true
      scrolled.child = box
      return RenderedNode(kind: kind, widget: scrolled, box: box, scrolled: scrolled)
    case .heading, .label, .caption:
      let label = Label()
      label.xalign = 0
      if case .heading = kind { label.addStyleClass("parlance-heading") }
      if case .caption = kind { label.addStyleClass("dim-label") }
      return RenderedNode(kind: kind, widget: label, label: label)
    case .numberField(_, let range):
      let spin = SpinButton(range: Double(range.lowerBound)...Double(range.upperBound), step: 1)
      _ = spin.onValueChanged { [weak self, weak spin] in
        guard let self, let spin, !self.isRendering else { return }
        self.onNumber(spin.intValue)
      }
      return RenderedNode(kind: kind, widget: spin, spin: spin)
    case .choice:
      let combo = ComboBoxText()
      _ = combo.onChanged { [weak self, weak combo] in
        guard let self, let combo, !self.isRendering, let id = combo.activeID else { return }
        self.onChoice(id)
      }
      return RenderedNode(kind: kind, widget: combo, combo: combo)
    case .notes:
      let view = TextView(buffer: notesBuffer)
      view.wrapMode = .wordCharacter
      let scrolled = ScrolledWindow()
      scrolled.setPolicy(horizontal: .never, vertical: .automatic)
      scrolled.minContentHeight = 140
      scrolled.vexpand = true
      scrolled.child = view
      return RenderedNode(kind: kind, widget: scrolled, textView: view, scrolled: scrolled)
    case .image:
      let image = Image()
      image.halign = .start
      return RenderedNode(kind: kind, widget: image, image: image)
    case .toggle:
      let check = CheckButton(label: "")
      let id = nodeID
      _ = check.onToggled { [weak self, weak check] in
        guard let self, let check, !self.isRendering else { return }
        self.onToggle(id, check.isActive)
      }
      return RenderedNode(kind: kind, widget: check, check: check)
    case .button:
      let button = Button(label: "")
      let id = nodeID
      _ = button.onClicked { [weak self] in self?.onClick(id) }
      return RenderedNode(kind: kind, widget: button, button: button)
    case .infoBar:
      let bar = InfoBar(text: "", messageType: .error)
      bar.showCloseButton = true
      let id = nodeID
      _ = bar.onResponse { [weak self, weak bar] response in
        guard response == .close else { return }
        bar?.hide()
        self?.onDismiss(id)
      }
      return RenderedNode(kind: kind, widget: bar, infoBar: bar)
    }
  }

  private func update(
    _ target: RenderedNode, with node: ViewNode, snapshot: LocalizationSnapshot
  ) {
    let tooltip = node.tooltip.map { $0.resolve(in: snapshot).text }
    var inspected: String?
    switch node.kind {
    case .column, .row, .scrolledColumn:
      break
    case .heading(let text):
      inspected = show(text.resolve(in: snapshot), in: target, id: node.id)
    case .caption(let text, let named):
      inspected = show(text.resolve(in: snapshot), in: target, id: node.id)
      if let named { captionTargets[node.id] = named }
    case .label(let text, let wraps):
      inspected = show(text.resolve(in: snapshot), in: target, id: node.id)
      target.label?.wrap = wraps
      if wraps {
        target.label?.maxWidthChars = 60
      } else if target.label?.ellipsize != .end {
        // A line too long for the window is cut with "…" (and reported by screenshots)
        // rather than widening the window past the screen.
        target.label?.ellipsize = .end
      }
    case .toggle(let text, let isOn):
      let resolved = text.resolve(in: snapshot)
      resolvedTexts.append((node.id, resolved))
      let shown = showsKeys ? (resolved.resolution?.key ?? resolved.text) : resolved.text
      if target.check?.label != shown { target.check?.label = shown }
      if target.check?.isActive != isOn { target.check?.isActive = isOn }
    case .button(let text):
      let resolved = text.resolve(in: snapshot)
      resolvedTexts.append((node.id, resolved))
      let shown = showsKeys ? (resolved.resolution?.key ?? resolved.text) : resolved.text
      if target.button?.label != shown { target.button?.label = shown }
    case .numberField(let value, _):
      if target.spin?.intValue != value { target.spin?.value = Double(value) }
    case .choice(let items, let selected):
      guard let combo = target.combo else { break }
      let texts = items.map { ($0.id, $0.text.resolve(in: snapshot).text) }
      if target.choiceItems.map(\.0) != texts.map(\.0)
        || target.choiceItems.map(\.1) != texts.map(\.1)
      {
        combo.removeAll()
        for (id, text) in texts { combo.append(id: id, text: text) }
        target.choiceItems = texts
      }
      if combo.activeID != selected { _ = combo.select(id: selected) }
    case .notes:
      break
    case .image(let resource):
      if let url = snapshot.resourceURL(named: resource) {
        if target.imagePath != url.path {
          target.image?.setFromFile(url.path)
          target.imagePath = url.path
        }
      } else {
        target.image?.clear()
        target.imagePath = nil
      }
    case .infoBar(let message, let details, let closeName):
      guard let bar = target.infoBar else { break }
      let close = closeName.map { $0.resolve(in: snapshot).text }
      if let close, target.closeName != close, let button = bar.closeButton {
        button.accessibleName = close
        target.closeName = close
      }
      if let message {
        bar.text = ([message.resolve(in: snapshot).text] + details).joined(separator: "\n")
        target.isShown = true
      } else {
        target.isShown = false
      }
    }
    let combined = [inspected, tooltip].compactMap { $0 }.joined(separator: "\n")
    // On the focus target: GTK makes the tooltip the accessible description, and a
    // screen reader reads the description of the element that has the focus (the notes'
    // text view, not the scrolled window around it).
    let tooltipText = combined.isEmpty ? nil : combined
    // Set only when it changes: a re-render of an unchanged tooltip costs GTK property
    // notifications on every widget of the window.
    if target.tooltipText != tooltipText {
      target.focusTarget.tooltipText = tooltipText
      target.tooltipText = tooltipText
    }
    if let name = node.accessibleName {
      let accessibleName = name.resolve(in: snapshot).text
      if target.accessibleName != accessibleName {
        target.focusTarget.accessibleName = accessibleName
        target.accessibleName = accessibleName
      }
    }
  }

  private func setText(_ label: Label?, _ text: String) {
    guard let label, label.text != text else { return }
    label.text = text
  }

  /// Puts a resolved text into a label: the key instead when keys are shown, a mark on
  /// fallbacks in translator mode. Returns the translator's tooltip, if any.
  private func show(_ resolved: ResolvedText, in target: RenderedNode, id: String) -> String? {
    resolvedTexts.append((id, resolved))
    let shown = showsKeys ? (resolved.resolution?.key ?? resolved.text) : resolved.text
    setText(target.label, shown)
    let isFallback = translatorMode && resolved.resolution?.isFallback == true
    if isFallback != target.widget.hasStyleClass("parlance-fallback") {
      if isFallback {
        target.widget.addStyleClass("parlance-fallback")
      } else {
        target.widget.removeStyleClass("parlance-fallback")
      }
    }
    guard translatorMode, let resolution = resolved.resolution else { return nil }
    return Self.describe(resolution)
  }

  /// "greeting · Localizable · de (fallback for de-AT) · …/de.lproj/Localizable.strings:12"
  static func describe(_ resolution: Resolution) -> String {
    var language = resolution.language?.identifier ?? "missing"
    if resolution.isFallback, let requested = resolution.requested, resolution.language != nil {
      language += " (fallback for \(requested))"
    }
    var parts = [resolution.key, resolution.table, language]
    if let origin = resolution.origin { parts.append(origin.description) }
    return parts.joined(separator: " · ")
  }
}
