import Foundation
import Parlance
import ParlanceGtk

/// Runs the Parlance window: renders the model, switches the language when the user
/// picks one, and re-renders on every change notification.
///
/// The localizer notifies on the thread that switched; the controller hops to the GTK
/// thread with `Gtk.post` and renders from an idle callback, never inside the combo
/// box's own "changed" handler (which would destroy or rebuild it mid-signal).
@MainActor
public final class WindowController {
  public let localizer: Localizer
  public let window: Window
  public let renderer: Renderer
  public private(set) var model: WindowModel
  public private(set) var state = UserState()
  /// Renders done so far; tests wait for it to grow.
  public private(set) var renderCount = 0
  /// Language switches that failed, newest last.
  public private(set) var failures: [LocalizerError] = []

  private var observation: ObservationToken?
  private var pendingRender: SourceToken?
  private var switchesInFlight = 0

  /// - Parameters:
  ///   - window: the toplevel to fill (an `ApplicationWindow` in the program, a plain
  ///     `Window` in tests and screenshots).
  ///   - now: the instant the date line shows; fixed for reproducible screenshots.
  public init(
    localizer: Localizer, window: Window, now: Date = Date(), strategy: Renderer.Strategy = .reuse
  ) {
    self.localizer = localizer
    self.window = window
    self.model = WindowModel(localizer: localizer, now: now)
    self.renderer = Renderer(window: window, strategy: strategy)
    window.defaultSize = Size(width: state.windowWidth, height: state.windowHeight)
    renderer.onChoice = { [weak self] id in self?.choose(id) }
    renderer.onNumber = { [weak self] number in self?.setFileCount(number) }
    observation = localizer.observe { [weak self] _ in
      Gtk.post { self?.scheduleRender() }
    }
  }

  /// Sets the size the window opens with (before `show`).
  public func setInitialSize(_ size: Size) {
    state.windowWidth = size.width
    state.windowHeight = size.height
    window.defaultSize = size
  }

  /// Renders now and shows the window.
  public func show() {
    render()
    window.present()
  }

  /// True while a switch started from the window has not finished.
  public var isSwitching: Bool { switchesInFlight > 0 }

  /// Switches to the menu entry `id` (`system` or a tag), off the GTK thread; the change
  /// notification brings the re-render. A failure keeps the language and shows why.
  public func choose(_ id: String) {
    let preference: LanguagePreference
    do {
      preference = try LanguagePreference(id)
    } catch {
      return
    }
    switchesInFlight += 1
    let localizer = self.localizer
    Task.detached { [weak self] in
      let result: Result<LanguageChange, LocalizerError>
      do throws(LocalizerError) {
        result = .success(try await localizer.setLanguage(preference))
      } catch {
        result = .failure(error)
      }
      Gtk.post {
        guard let self else { return }
        self.switchesInFlight -= 1
        switch result {
        case .success: if self.model.problem != nil { self.dismissProblem() }
        case .failure(let error): self.report(error)
        }
      }
    }
  }

  /// Changes the number the plural line counts.
  public func setFileCount(_ count: Int) {
    guard count != state.fileCount else { return }
    state.fileCount = count
    scheduleRender()
  }

  /// Renders on the next idle turn of the main loop, once however many changes arrive.
  public func scheduleRender() {
    guard pendingRender == nil else { return }
    pendingRender = Gtk.idle { [weak self] in
      guard let self else { return }
      self.pendingRender = nil
      self.render()
    }
  }

  /// Renders the whole window from the model, now.
  public func render() {
    renderer.capture(into: &state)
    renderer.render(
      model.tree(state: state), title: model.title, localizer: localizer, state: state)
    renderCount += 1
  }

  private func report(_ error: LocalizerError) {
    failures.append(error)
    switch error {
    case .catalogFailed(let tag, let diagnostics):
      model.problem = .key(
        "error.catalog.load", table: "Errors",
        ["language": .string(tag.nativeName), "current": .string(localizer.language.nativeName)])
      model.problemDetails = diagnostics.filter { $0.severity == .error }.prefix(5).map(
        \.description)
    case .unavailableLanguage(let tag, _):
      model.problem = .key(
        "error.language.unknown", table: "Errors", ["tag": .string(tag.identifier)])
      model.problemDetails = []
    case .resources(let resourceError):
      model.problem = .verbatim(resourceError.description)
      model.problemDetails = []
    }
    scheduleRender()
  }

  /// Hides the info bar.
  public func dismissProblem() {
    model.problem = nil
    model.problemDetails = []
    scheduleRender()
  }
}
