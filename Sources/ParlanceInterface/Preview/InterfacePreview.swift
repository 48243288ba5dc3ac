import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// `parlance preview`: the windows and dialogs of `.ui` files beside a control bar that
/// switches their language live.
///
/// Every file is built once (`LocalizedInterface`), all of them before anything is shown,
/// over one `Localizer` of the interface's translations. A pick in the control bar's
/// language menu takes the preview's one route (`LiveLanguage`): one switch at a time, the
/// newest pick winning; switch results, change notifications and hot reloads come back in
/// order, and at the end of each batch every interface shows the new texts in place (what
/// the user typed, ticked or turned to stays) and the bar is rendered again. The user's
/// stored Parlance language is never touched.
///
/// The `po/` folder and the working folder are watched: a save (also write-then-rename)
/// shows at once; a save that breaks a file keeps the last good texts and shows the
/// file's `file:line:column` errors in the bar until it is fixed.
///
/// Closing a previewed window hides it (its button in the bar shows it again); closing
/// the bar ends the preview.
@MainActor
public final class InterfacePreview {
  /// A previewed window or dialog.
  public struct PreviewedWindow {
    /// The object's id in its file.
    public let id: String
    /// The `.ui` file it comes from.
    public let file: URL
    /// The window shown (the object itself, or a window around it).
    public let window: Window
    /// The interface of its file, which switches its texts.
    public let interface: LocalizedInterface
    /// True when the object is a widget that is not a window, shown in a window of its own.
    public let isWrapped: Bool
  }

  /// A `<menu>` of a file, opened from its button in the bar.
  public struct PreviewedMenu {
    /// The menu's id in its file.
    public let id: String
    /// The `.ui` file it comes from.
    public let file: URL
    /// The built `GMenuModel`.
    public let model: BuiltObject
  }

  /// What was asked for: files, translations, language, modes.
  public let options: PreviewOptions
  /// Where the interface's translations come from (a po folder picked in the bar replaces it).
  public private(set) var sources: TranslationSources
  /// The interface's translations.
  public var localizer: Localizer { language.localizer }
  /// The preview's switches, its problem and its route from other threads.
  public let language: LiveLanguage
  /// The bar of the preview: languages, modes, windows and menus.
  public let controlBar: PreviewControlBar
  /// The interface of each file, in the order of `options.files`.
  public private(set) var interfaces: [LocalizedInterface] = []
  /// The previewed windows, in file order.
  public internal(set) var windows: [PreviewedWindow] = []
  /// The previewed menus, in file order.
  public internal(set) var menus: [PreviewedMenu] = []
  /// Warnings about the files (templates, unknown classes, objects not shown).
  public internal(set) var warnings: [String] = []
  /// Whether tooltips name each text's source.
  public private(set) var translatorMode: Bool
  /// Whether keys (msgids) are shown instead of texts.
  public private(set) var showsKeys: Bool
  /// Reloads after saves finished so far; tests wait for it to grow.
  public var reloadCount: Int { language.reloadCount }
  /// The latest switches that failed, newest last (at most `LiveLanguage.failureLimit`).
  public var failures: [LocalizerError] { language.failures }

  var popupMenus: [String: PopupMenu] = [:]
  var folderChooser: FileChooserDialog?
  private var annotations: [ObjectIdentifier: TranslatorAnnotations] = [:]

  /// Reads and builds every file (or only `options.objectID`), shows nothing yet.
  ///
  /// - Throws: `PreviewError` for an unreadable or malformed file, an object id no file
  ///   has, a file GtkBuilder refuses, or a translations folder that does not exist;
  ///   nothing was shown then.
  public init(options: PreviewOptions) throws(PreviewError) {
    self.options = options
    self.sources = options.sources
    self.translatorMode = options.translatorMode
    self.showsKeys = options.showsKeys
    let documents: [InterfaceDocument]
    let localizer: Localizer
    do {
      documents = try Self.documents(options.files, objectID: options.objectID)
      localizer = try options.sources.makeLocalizer(
        language: options.language, environment: options.environment)
    } catch let error as InterfaceError {
      throw .interface(error)
    } catch let error as LocalizerError {
      throw .translations(error)
    } catch {
      throw .interface(.unreadable(file: options.files.first?.path ?? "", reason: "\(error)"))
    }
    controlBar = PreviewControlBar(localizer: Self.barLocalizer(options))
    language = LiveLanguage(
      localizer: localizer, persisting: false, followers: [controlBar.localizer])
    TranslatorAnnotations.installStyle()
    do throws(InterfaceError) {
      for document in documents {
        interfaces.append(
          try LocalizedInterface(
            document: document, localizer: localizer, table: options.sources.textTable,
            objectIDs: options.objectID.map { [$0] }, drivenByOwner: true,
            toolkit: ToolkitTexts(localeFolders: options.sources.toolkitLocaleFolders)))
      }
    } catch {
      for interface in interfaces {
        for (_, built) in interface.toplevels { built.widget?.destroy() }
      }
      controlBar.window.destroy()
      throw .interface(error)
    }
    for interface in interfaces {
      warnings += interface.diagnostics.map(\.description)
      prepare(interface)
      placeWindows(of: interface)
    }
    wireControlBar()
    language.onUpdate = { [weak self] in self?.update() }
    watchFolders()
    updateModel()
  }

  /// The files' documents, checked: readable, well formed, and (with `objectID`) only
  /// those that have the object.
  ///
  /// GTK-free: the command line checks files before it opens a display.
  /// - Throws: `InterfaceError` with the position (`file:line:column: error: …`).
  public nonisolated static func documents(_ files: [URL], objectID: String?)
    throws(InterfaceError)
    -> [InterfaceDocument]
  {
    var documents: [InterfaceDocument] = []
    for file in files {
      let document: InterfaceDocument
      do {
        document = try InterfaceDocument.read(contentsOf: file)
      } catch {
        throw .unreadable(file: file.path, reason: Self.reason(error))
      }
      guard document.isUsable else { throw .malformed(document.diagnostics) }
      documents.append(document)
    }
    guard let objectID else { return documents }
    let having = documents.filter { $0.object(objectID) != nil }
    guard having.isEmpty, let first = documents.first else { return having }
    throw .unknownObject(
      Diagnostic(
        file: first.file, location: first.root?.location ?? SourceLocation(line: 1, column: 1),
        severity: .error, kind: .unknownInterfaceObject(objectID)))
  }

  private nonisolated static func reason(_ error: any Error) -> String {
    if let error = error as? CocoaError, error.code == .fileReadNoSuchFile {
      return "no such file"
    }
    return error.localizedDescription
  }

  /// Parlance's own texts for the bar, in the language the interface starts in.
  private static func barLocalizer(_ options: PreviewOptions) -> Localizer {
    let localizer =
      (try? Localizer(
        resources: options.appResources, language: options.language,
        environment: options.environment, pseudoLocales: true))
      ?? Localizer(folders: [], language: options.language, environment: options.environment)
    return localizer
  }

  // MARK: Showing

  /// Shows the control bar, then every previewed window below it, each a little further
  /// down and right (where no window manager places them, as under Xvfb).
  public func show() {
    renderBar()
    let bar = controlBar.window
    bar.present()
    let below = bar.position.y + max(bar.size.height, bar.naturalSize.height) + 48
    for (index, previewed) in windows.enumerated() {
      previewed.window.move(x: bar.position.x + 24 * index, y: below + 24 * index)
      previewed.window.present()
    }
  }

  /// Shows the preview and runs the main loop until the control bar is closed.
  public func run() {
    controlBar.window.onDestroy { Gtk.quit() }
    show()
    Gtk.main()
    stop()
  }

  /// Closes every window of the preview and stops watching (tests; `run` ends by itself).
  public func close() {
    stop()
    for previewed in windows { previewed.window.destroy() }
    for (_, menu) in popupMenus { menu.destroy() }
    folderChooser?.destroy()
    controlBar.window.destroy()
    windows = []
  }

  private func stop() {
    language.stop()
  }

  // MARK: Choices

  /// Switches to the language menu entry `id` (`system` or a tag), off the GTK thread,
  /// the last pick winning. The user's stored choice stays as it is.
  public func choose(_ id: String) {
    language.choose(id)
  }

  /// Turns translator mode on or off: tooltips with each text's origin, marks on texts
  /// without a translation.
  public func setTranslatorMode(_ isOn: Bool) {
    guard translatorMode != isOn else { return }
    translatorMode = isOn
    reapply()
  }

  /// Shows the msgids instead of the texts, or the texts again.
  public func setShowsKeys(_ isOn: Bool) {
    guard showsKeys != isOn else { return }
    showsKeys = isOn
    reapply()
  }

  /// Takes the texts from another gettext folder (`<lang>.po` files at its top) from now
  /// on; the windows stay as they are, in the language chosen.
  ///
  /// - Throws: `PreviewError.notGettextFolder` when the folder has no `.po` files;
  ///   `.translations` when it cannot be read. The texts stay as they were then.
  public func useGettextFolder(_ folder: URL) throws(PreviewError) {
    guard ResourceFolder.layout(of: folder) == .gettext else {
      throw .notGettextFolder(folder.path)
    }
    var sources = self.sources
    sources.gettextFolders = [folder]
    let replacement: Localizer
    do {
      let language: LanguageTag? =
        if case .pinned(let tag) = localizer.preference { tag } else { nil }
      replacement = try sources.makeLocalizer(language: language, environment: options.environment)
    } catch {
      throw .translations(error)
    }
    self.sources = sources
    language.follow(replacement)
    for interface in interfaces { interface.follow(replacement) }
    watchFolders()
    updateModel()
    renderBar()
  }

  // MARK: News from other threads

  private func watchFolders() {
    for folder in sources.watchedFolders {
      do {
        try language.watch(folder)
      } catch {
        warnings.append("\(folder.path): warning: cannot watch for saves: \(error)")
      }
    }
  }

  /// After each batch from the inbox: every interface shows the localizer's texts, and
  /// the bar its language.
  private func update() {
    for interface in interfaces { interface.refresh() }
    updateModel()
    renderBar()
  }

  // MARK: Applying

  private func prepare(_ interface: LocalizedInterface) {
    let annotation = TranslatorAnnotations()
    annotations[ObjectIdentifier(interface)] = annotation
    interface.presentation = { [weak self] text, resolution in
      self?.showsKeys == true ? text.msgid : resolution.value
    }
    interface.onApply = { [weak self, weak interface] snapshot in
      guard let self, let interface else { return }
      annotation.update(interface, snapshot: snapshot, isOn: self.translatorMode)
    }
    interface.apply(localizer.snapshot())
  }

  private func reapply() {
    let snapshot = localizer.snapshot()
    for interface in interfaces { interface.apply(snapshot) }
    updateModel()
    renderBar()
  }

  func updateModel() {
    var model = controlBar.model
    let snapshot = localizer.snapshot()
    model.languages = localizer.availableLanguages
    model.selected =
      switch snapshot.preference {
      case .followSystem: ViewNode.ChoiceItem.systemLanguageID
      case .pinned(let tag): tag.identifier
      }
    model.translatorMode = translatorMode
    model.showsKeys = showsKeys
    model.folder = sources.gettextFolders.first
    model.files = options.files
    model.problem = language.problem?.message
    model.problemDetails = language.problem?.details ?? []
    controlBar.model = model
  }

  func renderBar() {
    controlBar.render(direction: language.direction)
  }
}
