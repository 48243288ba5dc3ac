import Parlance
import ParlanceGtk

/// Turns a tree of `ViewNode`s into GTK widgets, again after every language change, for
/// any window: it knows kinds of nodes, never particular ones.
///
/// The whole tree is rendered each time, like resetting a root view controller: no
/// widget translates itself. With `.reuse`, a node whose id and kind match the previous
/// render keeps its widget and only gets what changed: a property whose value did not
/// change is not set again. `.rebuild` destroys and creates every widget (kept to measure
/// what reuse saves). Either way the user's state (`UserState`: texts typed, cursors,
/// selections, scroll positions, ticks, numbers, open sections, notebook pages, focus,
/// window size) is read from the widgets before and written back after, so a rebuild
/// loses nothing either. What the user does comes back as `Event`s through `onEvent`.
@MainActor
public final class Renderer {
  /// Whether a render reuses the widgets of the previous one.
  public enum Strategy: Sendable {
    /// A node of the same id and kind keeps its widget.
    case reuse
    /// Every widget is destroyed and built again.
    case rebuild
  }

  /// The window the tree is rendered into (its one child, and its title).
  public let window: Window
  /// Whether the next render reuses widgets.
  public var strategy: Strategy
  /// Called with what the user does to the widgets (never for what a render sets).
  public var onEvent: (Event) -> Void = { _ in }
  /// Translator mode: tooltips say where each catalog text comes from, and texts that
  /// came from a fallback language are marked. Applies from the next render.
  public var translatorMode = false
  /// Keys instead of texts, to find which string is which. Applies from the next render.
  public var showsKeys = false

  /// The catalog texts of the last render by node id, with where each came from (for
  /// reports: missing strings, fallbacks).
  public internal(set) var resolvedTexts: [(id: String, text: ResolvedText)] = []

  var rendered: [String: RenderedNode] = [:]
  /// The user's state as of the last render (or as the client set it).
  var storedState = UserState()
  /// The state the render in progress restores: the user's, with the model's values.
  var renderState = UserState()
  /// The buffer of each text area, kept while its node is in the tree: a rebuild gives the
  /// new text view the same document (text, cursor, selection, marks).
  var textBuffers: [String: TextBuffer] = [:]
  var isRendering = false
  var order: [String] = []
  /// Caption node id → the id of the node it names, from the render in progress.
  var captionTargets: [String: String] = [:]
  private var rootWidget: Widget?

  /// A renderer filling `window`.
  ///
  /// - Parameters:
  ///   - window: the window to render into.
  ///   - strategy: whether renders reuse widgets (the default) or build them all again.
  public init(window: Window, strategy: Strategy = .reuse) {
    self.window = window
    self.strategy = strategy
  }

  /// The user's state, read from the widgets now; setting it (a window size to open with,
  /// a state saved earlier) takes effect at the next render.
  public var userState: UserState {
    get {
      var state = storedState
      capture(into: &state)
      return state
    }
    set { storedState = newValue }
  }

  /// The widget the parent of node `id` holds, after the last render.
  public func widget(for id: String) -> Widget? {
    rendered[id]?.widget
  }

  /// The widget of type `type` among those of node `id` (a text area's `TextView` or its
  /// `ScrolledWindow`), after the last render.
  public func widget<Requested: Widget>(_ type: Requested.Type, for id: String) -> Requested? {
    rendered[id]?.widgets.lazy.compactMap { $0 as? Requested }.first
  }

  /// The label of node `id` (a heading, label or caption), after the last render.
  public func label(for id: String) -> Label? {
    rendered[id]?.label
  }

  /// Every label of the window with its node id, in tree order.
  public var labels: [(id: String, label: Label)] {
    order.compactMap { id in rendered[id]?.label.map { (id, $0) } }
  }

  /// Renders `tree` in the language of `snapshot` and gives the user's state back.
  ///
  /// Every text, the layout direction and the localized images come from the one
  /// snapshot: a switch on another thread during the render shows in the next one.
  /// - Parameters:
  ///   - tree: the whole window.
  ///   - title: the window's title.
  ///   - snapshot: the language to render in.
  ///   - direction: overrides the layout direction of the snapshot's language (a tool
  ///     window beside an interface in a language the tool has no texts for).
  public func render(
    _ tree: ViewNode, title: LocalizedText, snapshot: LocalizationSnapshot,
    direction: LayoutDirection? = nil
  ) {
    renderState = userState
    resolvedTexts = []
    isRendering = true
    defer { isRendering = false }
    let direction = direction ?? LayoutDirection(of: snapshot.language)
    if Widget.defaultDirection != direction { Widget.defaultDirection = direction }
    if strategy == .rebuild { tearDown() }

    let title = title.resolve(in: snapshot).text
    if window.title != title { window.title = title }
    var seen: Set<String> = []
    order = []
    captionTargets = [:]
    let root = build(tree, snapshot: snapshot, seen: &seen)
    if rootWidget !== root {
      if let rootWidget { window.remove(rootWidget) }
      window.add(root)
      rootWidget = root
    }
    for (id, node) in rendered where !seen.contains(id) {
      node.widget.destroy()
      rendered[id] = nil
    }
    textBuffers = textBuffers.filter { seen.contains($0.key) }
    root.showAll()
    linkCaptions()
    restore(renderState)
    storedState = renderState
  }

  private func tearDown() {
    if let rootWidget {
      window.remove(rootWidget)
      rootWidget.destroy()
    }
    rootWidget = nil
    rendered = [:]
  }

  /// Builds or reuses the widgets of `node` and its children; returns the node's widget.
  private func build(
    _ node: ViewNode, snapshot: LocalizationSnapshot, seen: inout Set<String>
  ) -> Widget {
    seen.insert(node.id)
    order.append(node.id)
    let target: RenderedNode
    let rendering = node.kind.rendering
    if let existing = rendered[node.id],
      ObjectIdentifier(type(of: existing)) == ObjectIdentifier(rendering),
      existing.serves(node.kind)
    {
      target = existing
    } else {
      rendered[node.id]?.widget.destroy()
      target = rendering.make(node.kind, id: node.id, renderer: self)
      rendered[node.id] = target
    }
    let inspected = target.update(with: node, renderer: self, snapshot: snapshot)
    target.describe(node, inspected: inspected, snapshot: snapshot)
    let children = node.children.map { child in
      (node: child, widget: build(child, snapshot: snapshot, seen: &seen))
    }
    target.place(children, renderer: self, snapshot: snapshot)
    return target.widget
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

  /// Tells the client what the user did, unless a render is setting the widgets.
  func emit(_ event: Event) {
    guard !isRendering else { return }
    onEvent(event)
  }

  /// What a text shows: its key when keys are shown.
  func shown(_ resolved: ResolvedText) -> String {
    showsKeys ? (resolved.resolution?.key ?? resolved.text) : resolved.text
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
