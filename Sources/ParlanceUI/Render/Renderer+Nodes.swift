import Parlance
import ParlanceGtk

/// What a render set on a node's widgets that cannot be read back cheaply, so that an
/// unchanged value is not set again.
struct AppliedValues {
  var tooltip: String?
  var accessibleName: String?
  var closeName: String?
  var choiceItems: [[String]] = []
  var imagePath: String?
}

extension Renderer {
  /// New widgets for a node of `kind`, their signals reported as events of node `id`.
  func makeNode(_ kind: ViewNode.Kind, id: String) -> RenderedNode {
    switch kind {
    case .column(let spacing), .row(let spacing), .page(_, let spacing):
      let isRow = if case .row = kind { true } else { false }
      let box = Box(orientation: isRow ? .horizontal : .vertical, spacing: spacing)
      if case .column = kind { box.setMargins(18) }
      if case .page = kind { box.setMargins(12) }
      return .box(box, RenderedNode.Kind(kind))
    case .scrolledColumn(let spacing):
      return makeScrolledColumn(spacing: spacing)
    case .heading, .label, .caption:
      let label = Label()
      label.xalign = 0
      if case .heading = kind { label.addStyleClass("parlance-heading") }
      if case .caption = kind { label.addStyleClass("dim-label") }
      return .label(label, RenderedNode.Kind(kind))
    case .numberField(_, let range):
      let spin = SpinButton(range: Double(range.lowerBound)...Double(range.upperBound), step: 1)
      spin.onValueChanged { [weak self, weak spin] in
        guard let spin else { return }
        self?.emit(.numberChanged(node: id, value: spin.intValue))
      }
      return .numberField(spin)
    case .choice:
      let combo = ComboBoxText()
      combo.onChanged { [weak self, weak combo] in
        guard let item = combo?.activeID else { return }
        self?.emit(.chose(node: id, item: item))
      }
      return .choice(combo)
    case .textArea:
      return makeTextArea(id: id)
    case .entry:
      return .entry(Entry())
    case .image:
      let image = Image()
      image.halign = .start
      return .image(image)
    case .toggle:
      let check = CheckButton(label: "")
      check.onToggled { [weak self, weak check] in
        guard let check else { return }
        self?.emit(.toggled(node: id, isOn: check.isActive))
      }
      return .toggle(check)
    case .button:
      let button = Button(label: "")
      button.onClicked { [weak self] in self?.emit(.clicked(node: id)) }
      return .button(button)
    case .infoBar:
      return makeInfoBar(id: id)
    case .expander:
      return makeExpander(id: id)
    case .notebook:
      let notebook = Notebook()
      notebook.onPageChanged { [weak self, weak notebook] in
        guard let notebook else { return }
        self?.emit(.pageChanged(node: id, page: notebook.currentPage))
      }
      return .notebook(notebook)
    }
  }

  private func makeScrolledColumn(spacing: Int) -> RenderedNode {
    let box = Box(orientation: .vertical, spacing: spacing)
    let scrolled = ScrolledWindow()
    scrolled.setPolicy(horizontal: .never, vertical: .automatic)
    scrolled.vexpand = true
    scrolled.hexpand = true
    scrolled.child = box
    return .scrolledColumn(scrolled, box)
  }

  /// A text view in a scrolled window; its buffer is kept per node across renders.
  private func makeTextArea(id: String) -> RenderedNode {
    let buffer = textBuffers[id] ?? TextBuffer()
    textBuffers[id] = buffer
    let view = TextView(buffer: buffer)
    view.wrapMode = .wordCharacter
    let scrolled = ScrolledWindow()
    scrolled.setPolicy(horizontal: .never, vertical: .automatic)
    scrolled.vexpand = true
    scrolled.child = view
    return .textArea(scrolled, view)
  }

  private func makeInfoBar(id: String) -> RenderedNode {
    let bar = InfoBar(text: "", messageType: .error)
    bar.showCloseButton = true
    // Shown and hidden by the renderer alone: `showAll` of the window leaves it be.
    bar.showAll()
    bar.hide()
    bar.noShowAll = true
    bar.onResponse { [weak self, weak bar] response in
      guard response == .close else { return }
      bar?.hide()
      self?.emit(.dismissed(node: id))
    }
    return .infoBar(bar)
  }

  private func makeExpander(id: String) -> RenderedNode {
    let expander = Expander(label: "")
    let box = Box(orientation: .vertical, spacing: 6)
    expander.add(box)
    expander.onExpandedChanged { [weak self, weak expander] in
      guard let expander else { return }
      self?.emit(.expanded(node: id, isExpanded: expander.isExpanded))
    }
    return .expander(expander, box)
  }

  /// Sets what changed since the last render on the widgets of `node`: texts, the values
  /// the model decides (through the state restored after the render), tooltips, names.
  func update(_ target: RenderedNode, with node: ViewNode, snapshot: LocalizationSnapshot) {
    var values = applied[node.id] ?? AppliedValues()
    defer { applied[node.id] = values }
    var inspected: String?
    switch (node.kind, target) {
    case (.heading(let text), .label(let label, _)), (.caption(let text, _), .label(let label, _)):
      inspected = show(text.resolve(in: snapshot), in: label, id: node.id)
      if case .caption(_, let named?) = node.kind { captionTargets[node.id] = named }
    case (.label(let text, let wraps), .label(let label, _)):
      inspected = show(text.resolve(in: snapshot), in: label, id: node.id)
      setWrapping(of: label, wraps: wraps)
    case (.page(let title, _), _):
      resolvedTexts.append((node.id, title.resolve(in: snapshot)))
    case (.toggle(let text, let isOn), .toggle(let check)):
      let shown = shownAndRecorded(text, id: node.id, in: snapshot)
      if check.label != shown { check.label = shown }
      if let isOn { renderState.nodes[node.id] = .isOn(isOn) }
    case (.button(let text), .button(let button)):
      let shown = shownAndRecorded(text, id: node.id, in: snapshot)
      if button.label != shown { button.label = shown }
    case (.expander(let text, let isExpanded), .expander(let expander, _)):
      let shown = shownAndRecorded(text, id: node.id, in: snapshot)
      if expander.label != shown { expander.label = shown }
      if let isExpanded { renderState.nodes[node.id] = .isExpanded(isExpanded) }
    case (.notebook(let page), _):
      if let page { renderState.nodes[node.id] = .page(page) }
    case (.numberField(let value, let range), .numberField(let spin)):
      let bounds = Double(range.lowerBound)...Double(range.upperBound)
      if spin.range != bounds { spin.range = bounds }
      if let value { renderState.nodes[node.id] = .number(value) }
    case (.choice(let items, let selected), .choice(let combo)):
      let texts = items.map { [$0.id, $0.text.resolve(in: snapshot).text] }
      if values.choiceItems != texts {
        setItems(texts, of: combo, shown: values.choiceItems)
        values.choiceItems = texts
      }
      if combo.activeID != selected { _ = combo.select(id: selected) }
    case (.textArea(let height), .textArea(let scrolled, _)):
      if scrolled.minContentHeight != height { scrolled.minContentHeight = height }
    case (.entry(let placeholder), .entry(let entry)):
      let hint = placeholder.map { shown($0.resolve(in: snapshot)) }
      if entry.placeholderText != hint { entry.placeholderText = hint }
    case (.image(let resource), .image(let image)):
      let path = snapshot.resourceURL(named: resource)?.path
      if values.imagePath != path {
        if let path { image.setFromFile(path) } else { image.clear() }
        values.imagePath = path
      }
    case (.infoBar(let message, let details, let closeName), .infoBar(let bar)):
      update(
        bar, message: message, details: details, closeName: closeName, values: &values,
        snapshot: snapshot)
    default:
      break
    }
    describe(target, node: node, inspected: inspected, values: &values, snapshot: snapshot)
  }

  /// Sets a combo box's items (`[id, text]` each) over those it shows: the same ids in
  /// the same order get their changed texts set in place, so that the combo box whose
  /// choice caused a switch keeps its list and its selection (it never passes through
  /// "nothing selected", which a screen reader would announce); other ids rebuild it.
  private func setItems(_ items: [[String]], of combo: ComboBoxText, shown: [[String]]) {
    if shown.map({ $0[0] }) == items.map({ $0[0] }), combo.count == items.count {
      for (index, item) in items.enumerated() where shown[index][1] != item[1] {
        combo.setText(item[1], at: index)
      }
      return
    }
    combo.removeAll()
    for item in items { combo.append(id: item[0], text: item[1]) }
  }

  /// A label that wraps does so at 60 characters; one that does not is cut with "…".
  private func setWrapping(of label: Label, wraps: Bool) {
    if label.wrap != wraps { label.wrap = wraps }
    if wraps {
      if label.maxWidthChars != 60 { label.maxWidthChars = 60 }
    } else if label.ellipsize != .end {
      // A line too long for the window is cut with "…" (and reported by screenshots)
      // rather than widening the window past the screen.
      label.ellipsize = .end
    }
  }

  private func update(
    _ bar: InfoBar, message: LocalizedText?, details: [String], closeName: LocalizedText?,
    values: inout AppliedValues, snapshot: LocalizationSnapshot
  ) {
    let close = closeName.map { $0.resolve(in: snapshot).text }
    if let close, values.closeName != close, let button = bar.closeButton {
      button.accessibleName = close
      values.closeName = close
    }
    if let message {
      let text = ([message.resolve(in: snapshot).text] + details).joined(separator: "\n")
      if bar.text != text { bar.text = text }
    }
    if bar.isVisible != (message != nil) { bar.isVisible = message != nil }
  }

  /// The tooltip (with what the inspector shows) and the accessible name, on the node's
  /// focus target.
  private func describe(
    _ target: RenderedNode, node: ViewNode, inspected: String?, values: inout AppliedValues,
    snapshot: LocalizationSnapshot
  ) {
    let tooltip = node.tooltip.map { $0.resolve(in: snapshot).text }
    let combined = [inspected, tooltip].compactMap { $0 }.joined(separator: "\n")
    // On the focus target: GTK makes the tooltip the accessible description, and a
    // screen reader reads the description of the element that has the focus (a text
    // area's text view, not the scrolled window around it).
    let tooltipText = combined.isEmpty ? nil : combined
    if values.tooltip != tooltipText {
      target.focusTarget.tooltipText = tooltipText
      values.tooltip = tooltipText
    }
    if let name = node.accessibleName {
      let accessibleName = name.resolve(in: snapshot).text
      if values.accessibleName != accessibleName {
        target.focusTarget.accessibleName = accessibleName
        values.accessibleName = accessibleName
      }
    }
  }

  /// Resolves `text`, records it for reports, and returns what it shows.
  private func shownAndRecorded(
    _ text: LocalizedText, id: String, in snapshot: LocalizationSnapshot
  ) -> String {
    let resolved = text.resolve(in: snapshot)
    resolvedTexts.append((id, resolved))
    return shown(resolved)
  }

  /// Puts a resolved text into a label: the key instead when keys are shown, a mark on
  /// fallbacks in translator mode. Returns the translator's tooltip, if any.
  private func show(_ resolved: ResolvedText, in label: Label, id: String) -> String? {
    resolvedTexts.append((id, resolved))
    let text = shown(resolved)
    if label.text != text { label.text = text }
    let isFallback = translatorMode && resolved.resolution?.isFallback == true
    if isFallback != label.hasStyleClass("parlance-fallback") {
      if isFallback {
        label.addStyleClass("parlance-fallback")
      } else {
        label.removeStyleClass("parlance-fallback")
      }
    }
    guard translatorMode, let resolution = resolved.resolution else { return nil }
    return Self.describe(resolution)
  }
}
