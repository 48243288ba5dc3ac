import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// Runs the Parlance window: renders the model, switches the language when the user
/// picks one, and re-renders on every change notification.
///
/// Picks take the window's one route (`LiveLanguage`): one switch at a time, in order, and
/// of the picks made while one runs only the newest, so the window ends in the language
/// chosen last. Everything that comes back — change notifications, switch results,
/// reloads, the Programs view's answers — reaches the GTK thread through its inbox, and the
/// window renders once at the end of each batch: from a main-loop callback, never inside
/// the combo box's own "changed" handler (which would destroy or rebuild it mid-signal).
@MainActor
package final class WindowController {
  /// The languages and translations the window shows and switches.
  package let localizer: Localizer
  /// The window rendered into.
  package let window: Window
  /// Renders the model's tree; keeps the user's notes, cursor, scroll and focus.
  package let renderer: Renderer
  /// What the window shows, rendered again after every change.
  package internal(set) var model: WindowModel
  /// Renders done so far; tests wait for it to grow.
  package private(set) var renderCount = 0
  /// The window's switches, its problem and its route from other threads.
  package let language: LiveLanguage
  /// The latest language switches that failed, newest last: at most `failureLimit`.
  package var failures: [LocalizerError] { language.failures }
  /// How many failures `failures` keeps.
  package static let failureLimit = LiveLanguage.failureLimit
  /// The translator's folder being watched, if any.
  package var watcher: TranslationWatcher? { language.watchers.first }

  private var pendingRender: SourceToken?
  private var renderedRevision: UInt64 = .max
  private var renderedChanges = -1
  /// The one route from other threads to this window.
  var inbox: MainLoopInbox { language.inbox }
  /// "Open Interface…", when the app fills it in (`enableInterfaces`).
  var interfaceOpening: InterfaceOpening?
  /// The Programs view's workers and bus watch, when the app fills it in
  /// (`enablePrograms`).
  var programSwitching: ProgramsView?

  /// The Parlance window over `localizer`, filling `window`; call `show()` to render it.
  ///
  /// - Parameters:
  ///   - localizer: the languages and translations the window shows and switches.
  ///   - window: the toplevel to fill (an `ApplicationWindow` in the program, a plain
  ///     `Window` in tests and screenshots).
  ///   - now: the instant the date line shows; fixed for reproducible screenshots.
  ///   - strategy: whether a render reuses the widgets of the same id and kind (the
  ///     default) or builds them all again.
  package init(
    localizer: Localizer, window: Window, now: Date = Date(), strategy: Renderer.Strategy = .reuse
  ) {
    self.localizer = localizer
    self.window = window
    self.model = WindowModel(localizer: localizer, now: now)
    self.language = LiveLanguage(localizer: localizer)
    self.renderer = Renderer(window: window, strategy: strategy)
    window.defaultSize = Self.defaultSize
    renderer.userState.windowSize = Self.defaultSize
    renderer.onEvent = { [weak self] event in self?.handle(event) }
    Self.installStyle()
    language.onUpdate = { [weak self] in self?.renderIfNeeded() }
  }

  /// Does the part of the window's first render over `localizer` that needs no GTK, on
  /// the calling thread: resolves every text of the tree, so that the render on the GTK
  /// thread finds the number and date formatters of the language (Foundation's, made on
  /// first use: about a millisecond) and the languages' own names already made.
  ///
  /// For a start: the program calls it on the thread that loads the catalogs while the
  /// GTK thread reads its theme (`ParlanceApplication.openDisplay(whileLoading:)`).
  /// Safe on any thread; it changes nothing the render depends on.
  package nonisolated static func prepareFirstRender(of localizer: Localizer) {
    let snapshot = localizer.snapshot()
    for text in WindowModel(localizer: localizer).tree(in: snapshot).localizedTexts {
      _ = text.resolve(in: snapshot)
    }
  }

  /// The size the window opens with, unless `setInitialSize` gives another.
  package static let defaultSize = Size(width: 760, height: 640)

  /// Sets the size the window opens with (before `show`).
  package func setInitialSize(_ size: Size) {
    renderer.userState.windowSize = size
    window.defaultSize = size
  }

  /// What the user did in the window, by node.
  private func handle(_ event: Renderer.Event) {
    switch event {
    case .chose(node: "language", let item): choose(item)
    case .chose(let node, let item):
      if let program = WindowModel.program(ofChoiceNode: node) {
        chooseLanguage(item, forProgram: program)
      }
    case .clicked(node: "programs.refresh"): refreshPrograms()
    case .numberChanged(node: "files", let value): setFileCount(value)
    case .toggled(let node, let isOn): toggle(node, isOn)
    case .dismissed(node: "problem"): dismissProblem()
    case .clicked(let node): clicked(node)
    default: break
    }
  }

  /// Renders now and shows the window.
  package func show() {
    render()
    window.present()
  }

  /// True from a pick until the window shows the result of the newest one.
  package var isSwitching: Bool { language.isSwitching }

  /// Switches to the menu entry `id` (`system` or a tag), off the GTK thread, after the
  /// switch under way, replacing any pick still waiting. A failure keeps the language and
  /// shows why.
  package func choose(_ id: String) {
    language.choose(id)
  }

  /// Reloads the catalogs whenever a file of `folder` is saved (`--translations DIR`).
  ///
  /// A save that breaks a file keeps the last good catalog and shows the file's
  /// errors in the info bar until it is fixed.
  package func watchTranslations(_ folder: URL) throws(GtkError) {
    try language.watch(folder)
  }

  /// Shows a problem of the window's own in the info bar.
  func report(_ message: LocalizedText, details: [String]) {
    language.report(message, details: details)
    scheduleRender()
  }

  /// Turns translator mode (`translator`) or key display (`keys`) on or off.
  package func toggle(_ id: String, _ isOn: Bool) {
    switch id {
    case "translator": model.translatorMode = isOn
    case "keys": model.showsKeys = isOn
    default: return
    }
    scheduleRender()
  }

  /// Starts in translator mode, or showing keys (`parlance --translator --show-keys`).
  package func setTranslatorMode(_ translatorMode: Bool, showsKeys: Bool) {
    model.translatorMode = translatorMode
    model.showsKeys = showsKeys
  }

  /// Changes the number the plural line counts.
  package func setFileCount(_ count: Int) {
    guard count != model.fileCount else { return }
    model.fileCount = count
    scheduleRender()
  }

  /// After a batch from the inbox: render what it changed, now — unless a render since
  /// already showed the localizer's revision, the problem and the switch results (a
  /// caller that switches and renders at once must not get a second render) and no render
  /// is waiting.
  private func renderIfNeeded() {
    guard
      localizer.revision != renderedRevision || language.changeCount != renderedChanges
        || pendingRender != nil
    else { return }
    pendingRender?.remove()
    pendingRender = nil
    render()
  }

  /// Renders on the next idle turn of the main loop, once however many changes arrive.
  package func scheduleRender() {
    guard pendingRender == nil else { return }
    pendingRender = Gtk.idle { [weak self] in
      guard let self else { return }
      self.pendingRender = nil
      self.render()
    }
  }

  /// Renders the whole window from the model, now, in one snapshot of the localizer: the
  /// tree, the menu's selection, the texts, the direction and the title all in its language.
  package func render() {
    let snapshot = localizer.snapshot()
    renderedRevision = snapshot.revision
    renderedChanges = language.changeCount
    model.problem = language.problem?.message
    model.problemDetails = language.problem?.details ?? []
    renderer.translatorMode = model.translatorMode
    renderer.showsKeys = model.showsKeys
    renderer.render(model.tree(in: snapshot), title: model.title, snapshot: snapshot)
    renderCount += 1
  }

  private static var styleInstalled = false

  /// The window's few styles: a larger greeting, fallbacks marked in translator mode.
  private static func installStyle() {
    guard !styleInstalled else { return }
    styleInstalled = true
    try? StyleSheet.add(
      """
      .parlance-heading { font-size: 150%; font-weight: bold; }
      .parlance-fallback { background-color: #fce8a6; color: #5c4400; }
      """)
  }

  /// Hides the info bar, as its close button does, until a new problem arrives.
  package func dismissProblem() {
    language.dismissProblem()
    scheduleRender()
  }
}
