import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// The toplevels of a `.ui` file as a `ScreenshotSubject`: each window or dialog (a loose
/// widget in a window of its own) photographed in every language, opened at the size it
/// would open with in that language, and examined for texts that do not fit.
///
/// ```swift
/// let subject = InterfaceScreenshots(interface: interface)
/// let shots = try ScreenshotSession.capture(subject, languages: tags, into: folder)
/// try ScreenshotSession.writeSummary(of: shots, report: subject.makeReport(), into: folder)
/// ```
@MainActor
public final class InterfaceScreenshots: ScreenshotSubject {
  /// The interface photographed.
  public let interface: LocalizedInterface
  /// The interface's translations, switched from language to language.
  public var localizer: Localizer { interface.localizer }
  /// The windows to photograph, each with the name its screenshots carry.
  public let windows: [(name: String?, window: Window)]
  /// The toplevel object of each window, by the window's name.
  private var toplevels: [String: InterfaceDocument.Object] = [:]
  /// Each window's size and line height in the development language, measured by
  /// `prepare`.
  private var developmentSizes: [String: Size] = [:]
  private var developmentLineHeights: [String: Int] = [:]

  /// The `GtkMenu`s of the file, by name: a menu opens only with a pointer grab, which
  /// a screenshot does not take, so they are not photographed.
  public private(set) var notPhotographed: [String] = []
  /// The popovers photographed, by the name of the window showing each, with the space
  /// below its anchor that the window keeps for it.
  private var popovers: [String: (popover: Widget, anchor: Widget, room: Widget)] = [:]

  /// Photographs every toplevel of `interface` that is a widget, each popover (a
  /// `GtkPopover`, or a `<menu>` shown as the popover `GtkMenuButton` would show it)
  /// opened below a point of a window of its own, its items enabled by stand-ins for the
  /// program's actions; a loose `GtkMenuBar` in a window of its own like any loose widget;
  /// list stores and size groups have nothing to show, and a `GtkMenu` needs a pointer
  /// grab to open (`notPhotographed`).
  public init(interface: LocalizedInterface) {
    self.interface = interface
    var windows: [(name: String?, window: Window)] = []
    for (object, built) in interface.toplevels {
      let name = object.path.replacingOccurrences(of: "/", with: "-")
      let popover: Widget?
      if object.isMenu {
        popover = PopupMenu(model: built)
      } else if built.isA("GtkPopover") {
        popover = built.widget
      } else {
        popover = nil
      }
      if let popover {
        popover.standInForActions(model: object.isMenu ? built : nil)
        let host = Window(title: name)
        let column = Box(orientation: .vertical)
        let anchor = Label("")
        anchor.halign = .center
        let room = Label("")
        column.add(anchor)
        column.add(room)
        host.add(column)
        column.showAll()
        popovers[name] = (popover, anchor, room)
        windows.append((name, host))
        toplevels[name] = object
        continue
      }
      guard let widget = built.widget else { continue }
      if built.isA("GtkMenu") {
        notPhotographed.append(name)
        continue
      }
      if let window = widget as? Window {
        windows.append((name, window))
      } else if widget.parent == nil {
        let host = Window(title: name)
        host.add(widget)
        widget.show()
        windows.append((name, host))
      } else {
        continue
      }
      toplevels[name] = object
    }
    self.windows = windows
  }

  /// The popover a popover's window shows, or the window.
  public func photographed(in window: Window) -> Widget {
    guard let name = windows.first(where: { $0.window === window })?.name,
      let popover = popovers[name]?.popover
    else { return window }
    return popover
  }

  /// The development language once `prepare` drew every window in it.
  public private(set) var preparedLanguage: LanguageTag?

  /// Shows every window and measures it in the development language.
  public func prepare() throws(ScreenshotSession.Failure) {
    do {
      try localizer.switchLanguage(to: .pinned(localizer.developmentLanguage), persisting: false)
    } catch {
      throw .switchFailed(error)
    }
    for (name, window) in windows {
      if let name, let shown = popovers[name] {
        window.show()
        shown.popover.showAsPopover(below: shown.anchor)
      }
    }
    render()
    for (name, window) in windows {
      window.show()
      guard window.waitForFirstDraw(timeout: .seconds(10)) else {
        throw .notDrawn(localizer.developmentLanguage)
      }
      // A popover knows its size once it was drawn open: give its window that room.
      if let name, popovers[name] != nil {
        render()
        guard window.waitForFirstDraw(timeout: .seconds(10)) else {
          throw .notDrawn(localizer.developmentLanguage)
        }
      }
      if let name, let toplevel = toplevels[name] {
        developmentSizes[name] = Self.size(of: window)
        developmentLineHeights[name] = lineHeight(of: toplevel)
      }
    }
    preparedLanguage = localizer.developmentLanguage
  }

  /// Applies the current language and gives each window the size it would open with:
  /// its default size where the file sets one, else its natural size (GTK never shrinks
  /// a window by itself, so a long language would otherwise widen every later one).
  public func render() {
    interface.refresh()
    for (name, window) in windows {
      // A popover's window keeps room below the anchor for it, and a little around it.
      if let name, let shown = popovers[name] {
        let size = shown.popover.naturalSize
        shown.room.setSizeRequest(
          width: size.width + 2 * Self.popoverMargin, height: size.height + Self.popoverMargin)
      }
      let natural = window.naturalSize
      let preset = window.defaultSize
      let size = Size(
        width: preset.width > 0 ? preset.width : natural.width,
        height: preset.height > 0 ? preset.height : natural.height)
      window.resize(to: size)
      askedSizes[ObjectIdentifier(window)] = size
    }
  }

  /// The size `render` asked of each window, by window.
  private var askedSizes: [ObjectIdentifier: Size] = [:]

  /// The size the last `render` asked `window` to take.
  public func askedSize(of window: Window) -> Size? {
    askedSizes[ObjectIdentifier(window)]
  }

  /// Each of `texts` (those of a toplevel of the file) drawn in `window`, with its
  /// message, status, entry and rectangle: where GTK draws it (the live module's places,
  /// read from the widgets after the frame), matched to the file's text by object and
  /// property.
  private func placedTexts(_ texts: [ShownText], in window: Window)
    -> [ScreenshotReport.PlacedText]
  {
    let drawn = ShownTexts(of: window).drawn(in: window)
    var placed: [ScreenshotReport.PlacedText] = []
    for shown in texts {
      guard let value = shown.value, case .property(let name) = shown.text.target,
        let object = try? interface.object(shown.text.objectID)
      else { continue }
      // GtkBuilder takes `placeholder_text` for `placeholder-text`.
      let property = name.replacing("_", with: "-")
      for place in drawn[ShownTexts.Place(object, property: property)]?.places ?? [] {
        placed.append(
          ScreenshotReport.PlacedText(
            object: shown.text.objectPath, className: shown.text.className, property: property,
            context: shown.text.context, msgid: shown.text.msgid, domain: interface.table,
            value: value, status: shown.status.rawValue, source: shown.source?.fileAndLine,
            rectangle: place.rectangle))
      }
    }
    return placed
  }

  /// The report on `window` in `language`: its texts, what does not fit, what is untranslated.
  /// - Parameters:
  ///   - window: the window just photographed.
  ///   - name: the window's name in the screenshot's file name; nil for the only one.
  ///   - language: the language it is shown in.
  ///   - file: the screenshot written for it.
  /// - Returns: the window's part of the report.
  public func examine(
    _ window: Window, named name: String?, in language: LanguageTag, file: URL
  ) -> ScreenshotReport.Language {
    var report = ScreenshotReport.Language(
      tag: language.identifier, name: language.nativeName, screenshot: file.lastPathComponent,
      object: name)
    guard let name, let toplevel = toplevels[name] else { return report }
    var seen = Set<String>()
    let texts = interface.shownTexts().filter { $0.text.toplevelID == toplevel.id }
    for shown in texts {
      let key = CatalogEntry.key(shown.text.msgid, context: shown.text.context)
      guard seen.insert(key).inserted else { continue }
      switch shown.status {
      case .translated: break
      case .untranslated: report.missing.append(shown.text.msgid)
      case .fallback:
        report.fallbacks.append(
          .init(
            key: shown.text.msgid, table: Localizer.defaultTable,
            suppliedBy: shown.language?.identifier ?? "")
        )
      }
    }
    report.truncated = truncatedLabelsOnEveryPage(of: toplevel)
    if photographed(in: window) === window {
      report.texts = placedTexts(texts, in: window)
      report.width = window.allocation.width
      report.height = window.allocation.height
    }
    if let development = developmentSizes[name] {
      let size = Self.size(of: window)
      let tolerance = Self.growthTolerance
      // A script whose fonts have taller lines makes every row taller, whatever the
      // texts say: allow the window that much more height. Measured only for a window
      // that grew taller and no wider.
      func fontHeight() -> Int {
        let lines = (developmentLineHeights[name] ?? 0, lineHeight(of: toplevel))
        return lines.0 > 0 && lines.1 > lines.0
          ? development.height * (lines.1 - lines.0) / lines.0 : 0
      }
      if size.width > development.width + tolerance
        || (size.height > development.height + tolerance
          && size.height > development.height + fontHeight())
      {
        report.grown = .init(
          width: size.width, height: size.height, developmentWidth: development.width,
          developmentHeight: development.height)
      }
    }
    return report
  }

  private static func size(of window: Window) -> Size {
    Size(width: window.allocation.width, height: window.allocation.height)
  }

  /// An empty report on the interface's file, filled by `examine` language by language.
  /// - Returns: the report, with no languages yet.
  public func makeReport() -> ScreenshotReport {
    ScreenshotReport(interface: interface.document.file)
  }

  /// Pixels of window kept around a popover.
  static let popoverMargin = 12

  /// Pixels a window may grow by without being reported (rounding, a pixel of line
  /// height).
  static let growthTolerance = 4

  /// The height of a line of text in `toplevel` now: the median over the labels on
  /// screen showing its translatable texts (0 when none is).
  private func lineHeight(of toplevel: InterfaceDocument.Object) -> Int {
    var heights: [Int] = []
    var checked = Set<String>()
    for text in interface.texts
    where text.toplevelID == toplevel.id && text.target == .property("label")
      && interface.isApplied(text) && checked.insert(text.objectID).inserted
    {
      guard let label = shownLabel(text.objectID), label.isMapped, !label.text.isEmpty
      else { continue }
      heights.append(label.lineHeight)
    }
    return heights.isEmpty ? 0 : heights.sorted()[heights.count / 2]
  }

  /// The label showing object `id`'s `label`: the object itself, or the label a button
  /// made of it.
  private func shownLabel(_ id: String) -> Label? {
    guard let widget = try? interface.object(id).widget else { return nil }
    return (widget as? Label) ?? ((widget as? Container)?.children.first as? Label)
  }

  /// The labels showing a translatable text of `toplevel` that the user cannot read
  /// whole, on every page of its notebooks: those on screen, then, notebook by notebook
  /// and page by page, those a page not shown would show.
  ///
  /// A notebook lays out every page, shown or not, so a label's place, and whether its
  /// text fits there, are known without showing its page. Showing the page maps it,
  /// which is what says whether a user would see the label (not in a closed expander,
  /// say): a page is shown only when it holds a label whose text does not fit, then the
  /// page shown before is shown again. The relayout that asks for is done with the next
  /// language's.
  private func truncatedLabelsOnEveryPage(of toplevel: InterfaceDocument.Object)
    -> [ScreenshotReport.Truncation]
  {
    let truncated = truncatedLabels(of: toplevel)
    var found = truncated.filter { $0.label.isMapped }.map(\.truncation)
    var hidden = truncated.filter { !$0.label.isMapped }
    let notebooks = interface.document.objects.filter {
      $0.toplevelID == toplevel.id && $0.className == "GtkNotebook"
    }
    for notebook in notebooks where !hidden.isEmpty {
      guard let built = try? interface.object(notebook.id),
        let shown = built.integer(forProperty: "page"),
        let pages = (built.widget as? Container)?.children
      else { continue }
      for (page, child) in pages.enumerated() where page != shown {
        let onPage = hidden.filter { $0.label.isInside(child) }
        guard !onPage.isEmpty else { continue }
        built.setInteger(page, forProperty: "page")
        let seen = onPage.filter { $0.label.isMapped }
        found += seen.map(\.truncation)
        hidden.removeAll { candidate in seen.contains { $0.label === candidate.label } }
        built.setInteger(shown, forProperty: "page")
      }
    }
    return found
  }

  /// The labels showing a translatable text of `toplevel` whose text does not fit where
  /// they are laid out, shown or not: labels of the file, and the labels buttons make of
  /// their `label`. Not a label given no room (`hasRoom`: inside a closed expander).
  private func truncatedLabels(of toplevel: InterfaceDocument.Object)
    -> [(label: Label, truncation: ScreenshotReport.Truncation)]
  {
    var found: [(label: Label, truncation: ScreenshotReport.Truncation)] = []
    var checked = Set<String>()
    for text in interface.texts
    where text.toplevelID == toplevel.id && text.target == .property("label")
      && interface.isApplied(text) && checked.insert(text.objectID).inserted
    {
      guard let label = shownLabel(text.objectID), label.isVisible, !label.text.isEmpty,
        label.hasRoom, label.isTruncated
      else { continue }
      found.append(
        (
          label,
          .init(
            element: text.objectPath, text: label.text, neededWidth: label.naturalTextWidth,
            allocatedWidth: label.allocation.width)
        ))
    }
    return found
  }
}
