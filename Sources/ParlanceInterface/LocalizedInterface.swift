import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// A GtkBuilder `.ui` file whose translatable texts follow a `Localizer`, live.
///
/// Built once, in the localizer's language; from then on every change (a switch, a hot
/// reload) sets the new texts on the *existing* objects — labels, titles, tooltips,
/// accessible names, combo items, list-store cells, menu labels — and flips the layout
/// direction for right-to-left languages. Nothing is rebuilt, so what the user typed,
/// toggled or selected stays. Texts the app sets from code after loading are the app's:
/// make those live with `LocalizedText` or `Localizer.observe`.
///
/// ```swift
/// let interface = try LocalizedInterface(file: url, localizer: localizer)
/// let dialog = try interface.object("PrefsDialog")
/// dialog.widget?.showAll()
/// ```
@MainActor
public final class LocalizedInterface {
  /// The file as read: texts, positions, objects.
  public let document: InterfaceDocument
  /// Where the texts come from; `follow(_:)` replaces it.
  public private(set) var localizer: Localizer
  /// The table the texts are looked up in: `Localizable`, or the text domain of an
  /// installed program's catalogs (`TranslationSources.textTable`).
  public let table: String
  /// Warnings about the file: templates, unknown classes and properties.
  public let diagnostics: [Diagnostic]
  /// How a text is shown: its translation, by default (a translator's preview may show
  /// keys instead). Set before the next change, or call `refresh()`.
  public var presentation: (InterfaceText, Resolution) -> String = { _, resolution in
    resolution.value
  }
  /// Called after the texts of a change were applied (redraw, report).
  public var onApply: ((LocalizationSnapshot) -> Void)?
  /// The revision whose texts the widgets show.
  public private(set) var appliedRevision: UInt64?

  private let builder: Builder
  private let placeholderIDs: Set<String>
  /// Where elements GtkBuilder refused started, and the objects among them: their texts
  /// are not applied.
  private let leftOutLocations: Set<SourceLocation>
  private let leftOutIDs: Set<String>
  /// What was asked for and what it needs; nil when the whole file was built.
  private let builtIDs: Set<String>?
  private var observation: ObservationToken?
  /// Whether an owner calls `refresh()` after each change and sets the layout direction
  /// (a preview's `LiveLanguage`), so the interface neither observes nor writes it itself.
  private let isDriven: Bool
  private var objects: [String: BuiltObject] = [:]
  /// The name GtkBuilder knows an object by, where it is not the document's id: the
  /// objects without an id of a file built as written.
  private var builderIDs: [String: String] = [:]
  /// Whether GtkBuilder built the file from its own bytes, its texts answered through
  /// gettext (`AsWritten`), instead of from the rewritten file.
  package private(set) var isBuiltAsWritten = false
  /// What each text was last set to, so an unchanged text is not set again (a hot
  /// reload of one entry touches one widget).
  private var shown: [InterfaceText: String] = [:]
  /// GTK's own texts, switched with the interface's; nil to leave them to the process.
  public let toolkit: ToolkitTexts?
  /// The places of the texts this interface sets itself, which `toolkit` leaves alone.
  private lazy var ownedPlaces: Set<ShownTexts.Place> = makeOwnedPlaces()

  /// GtkBuilder's refusal of the menus' XML (`menus`) or of the whole interface.
  private struct Refused: Error {
    let message: String
    let menus: Set<String>?
  }

  /// At most this many elements are left out before a file GtkBuilder keeps refusing is
  /// given up.
  private static let elementsLeftOutAtMost = 200

  private static func build(_ input: BuilderInput, needed: [String]?, document: InterfaceDocument)
    throws(Refused) -> Builder
  {
    guard let needed else {
      do {
        return try Builder(xml: input.xml)
      } catch {
        throw Refused(message: error.description, menus: nil)
      }
    }
    // Menus first: GTK 3 builds only <object>s by id.
    let menus = Set(needed.filter { document.object($0)?.isMenu == true })
    let builder: Builder
    do {
      builder = try Builder(xml: input.menusXML(menus))
    } catch {
      throw Refused(message: error.description, menus: menus)
    }
    let others = needed.filter { !menus.contains($0) }
    if !others.isEmpty {
      do {
        try builder.add(xml: input.xml, objectIDs: others)
      } catch {
        builder.destroyWindows()
        throw Refused(message: error.description, menus: nil)
      }
    }
    return builder
  }

  /// Builds `document`, from `prebuilt` when it was built as written already (see
  /// LocalizedInterface+AsWritten.swift); `directionBefore` is the layout direction before
  /// that build took the language's.
  init(
    document: InterfaceDocument, localizer: Localizer, table: String, objectIDs: [String]?,
    drivenByOwner: Bool, toolkit: ToolkitTexts?, prebuilt: Prebuilt?,
    directionBefore: LayoutDirection? = nil
  ) throws(InterfaceError) {
    // A file that is not opened leaves the direction as it was.
    let before = directionBefore ?? Widget.defaultDirection
    var opened = false
    defer { if !opened && !drivenByOwner { Widget.defaultDirection = before } }
    self.isDriven = drivenByOwner
    self.table = table
    self.toolkit = toolkit
    // What GTK makes while building (a stock button's label, a file chooser's parts)
    // comes as its msgids, which say which message each is; the first `apply` sets them
    // in the interface's language, as every switch after it does. A file built as
    // written was prepared for before GtkBuilder started.
    if prebuilt == nil { toolkit?.prepare(for: localizer.developmentLanguage) }
    guard Gtk.isInitialized else { throw .noDisplay }
    guard document.isUsable else {
      prebuilt?.builder.destroyWindows()
      throw .malformed(document.diagnostics)
    }
    if let (location, version) = document.gtk4Requirement {
      prebuilt?.builder.destroyWindows()
      throw .gtk4(file: document.file, location: location, version: version)
    }
    if let prebuilt, let names = prebuilt.builderIDs(for: document) {
      // Built as written: the translatable string properties whose text GtkBuilder was
      // answered show it already; `apply` sets the rest.
      builder = prebuilt.builder
      builderIDs = names
      isBuiltAsWritten = true
      self.document = document.withoutSource
      self.localizer = localizer
      self.diagnostics = document.diagnostics
      (placeholderIDs, leftOutLocations, leftOutIDs, builtIDs) = ([], [], [], nil)
      let snapshot = prebuilt.answers.snapshot
      var built: Set<InterfaceText> = []
      for text in document.texts where prebuilt.stringProperties.contains(text.location) {
        guard case .property = text.target,
          let value = prebuilt.answers.answered[TranslationAnswers.key(of: text)],
          value == Self.resolve(text, in: snapshot, table: table).value
        else { continue }
        shown[text] = value
        built.insert(text)
      }
      opened = true
      apply(snapshot, built: built)
      observe(localizer)
      return
    }
    prebuilt?.builder.destroyWindows()
    // An object's own properties are built in the language (GtkBuilder sets them as it
    // makes the object, as a C program's gettext has it do), instead of being set again
    // after the build; the other texts (packing, accessibles, rows) are set by `apply`.
    let snapshot = localizer.snapshot()
    if !drivenByOwner { Self.takeDirection(of: snapshot.language) }
    var builtValues: [SourceLocation: String] = [:]
    for text in document.texts {
      guard case .property = text.target else { continue }
      builtValues[text.location] = Self.resolve(text, in: snapshot, table: table).value
    }
    guard var input = document.builderInput(classes: ObjectClassInfo(), values: builtValues)
    else {
      throw .malformed(document.diagnostics)
    }
    for id in objectIDs ?? [] where document.object(id) == nil {
      throw .unknownObject(
        Diagnostic(
          file: document.file,
          location: document.root?.location ?? SourceLocation(line: 1, column: 1),
          severity: .error, kind: .unknownInterfaceObject(id)))
    }
    let needed = objectIDs.map { document.objectsNeeded(by: $0) }
    // GtkBuilder refuses a whole file for one element it cannot take (a mark whose value
    // is no number, an accelerator of no key): leave that element out, say so at its
    // place in the file, and build the rest.
    var leftOut = 0
    while true {
      do throws(Refused) {
        builder = try Self.build(input, needed: needed, document: document)
        break
      } catch {
        let refusal = input.refusal(error.message, menus: error.menus)
        guard leftOut < Self.elementsLeftOutAtMost, input.leaveOut(refusal) else {
          throw .refused(
            file: document.file,
            location: refusal.location ?? document.root?.location
              ?? SourceLocation(line: 1, column: 1),
            reason: refusal.reason)
        }
        leftOut += 1
      }
    }
    self.document = document.withoutSource
    self.localizer = localizer
    self.diagnostics = document.diagnostics + input.diagnostics
    self.placeholderIDs = input.placeholderIDs
    self.leftOutLocations = input.leftOutLocations
    self.leftOutIDs = input.leftOutIDs
    self.builtIDs = needed.map(Set.init)
    var built: Set<InterfaceText> = []
    for text in document.texts where isApplied(text) {
      guard input.builtValueLocations.contains(text.location),
        let value = builtValues[text.location]
      else { continue }
      shown[text] = value
      built.insert(text)
    }
    opened = true
    apply(snapshot, built: built)
    observe(localizer)
  }

  /// Takes the texts from `localizer` from now on (other translations: a `po/` folder the
  /// user picked instead), applying them at once; the built objects stay.
  public func follow(_ localizer: Localizer) {
    self.localizer = localizer
    appliedRevision = nil
    observe(localizer)
    apply(localizer.snapshot())
  }

  private func observe(_ localizer: Localizer) {
    guard !isDriven else { return }
    observation = localizer.observe { [weak self] _ in Gtk.idle { self?.refresh() } }
  }

  /// The built object with id `id` (the file's id, or a made-up one for objects
  /// without).
  ///
  /// - Throws: `InterfaceError.unknownObject` with the file's position.
  public func object(_ id: String) throws(InterfaceError) -> BuiltObject {
    if let object = builtObject(id) { return object }
    throw .unknownObject(
      Diagnostic(
        file: document.file,
        location: document.root?.location ?? SourceLocation(line: 1, column: 1),
        severity: .error, kind: .unknownInterfaceObject(id)))
  }

  /// The toplevel objects that were built, in file order (windows, dialogs, and any
  /// loose widget, list store or menu).
  public var toplevels: [(object: InterfaceDocument.Object, built: BuiltObject)] {
    document.toplevels.compactMap { object in builtObject(object.id).map { (object, $0) } }
  }

  /// The texts that belong to what was built, in file order.
  public var texts: [InterfaceText] {
    guard let builtIDs else { return document.texts }
    return document.texts.filter { text in
      guard document.isObject(text.objectID, inside: builtIDs) else { return false }
      // A page title belongs to the container, which may not have been built.
      if case .childProperty(_, let parentID) = text.target {
        return document.isObject(parentID, inside: builtIDs)
      }
      return true
    }
  }

  /// Whether `text` is set on a real object (false for a placeholder's texts).
  package func isApplied(_ text: InterfaceText) -> Bool {
    !placeholderIDs.contains(text.objectID) && !isLeftOut(text)
  }

  /// The class of the placeholder `text`'s object is or is inside: the outermost
  /// placeholder above it (`HdySqueezer` for a label in one); nil when it is built.
  public func placeholderClass(of text: InterfaceText) -> String? {
    guard placeholderIDs.contains(text.objectID), !isLeftOut(text) else { return nil }
    var object = document.object(text.objectID)
    while let parentID = object?.parentID, placeholderIDs.contains(parentID) {
      object = document.object(parentID)
    }
    return object?.className ?? text.className
  }

  /// Whether GtkBuilder refused the element holding `text`, which was left out.
  public func isLeftOut(_ text: InterfaceText) -> Bool {
    leftOutLocations.contains(text.location) || leftOutIDs.contains(text.objectID)
  }

  /// Applies the localizer's current texts now, unless they are shown already.
  public func refresh() {
    let snapshot = localizer.snapshot()
    guard snapshot.revision != appliedRevision else { return }
    apply(snapshot)
  }

  /// Sets every text from `snapshot` on the built objects, and the direction.
  public func apply(_ snapshot: LocalizationSnapshot) {
    apply(snapshot, built: [])
  }

  /// `apply(_:)`, `built` being texts that show their value in `snapshot` already.
  private func apply(_ snapshot: LocalizationSnapshot, built: Set<InterfaceText>) {
    if !isDriven { Self.takeDirection(of: snapshot.language) }
    // GTK's texts first, while the interface's own are still in the language before:
    // a text of the interface is never taken for one of GTK's.
    toolkit?.retranslate(
      toplevels.compactMap(\.built.widget), owned: ownedPlaces, to: snapshot.language)
    set(changes(in: snapshot, built: built))
    appliedRevision = snapshot.revision
    onApply?(snapshot)
  }

  /// The texts whose value in `snapshot` differs from what they show, with that value;
  /// `built` are texts known to show their value in it (built in it), not looked up again.
  package func changes(
    in snapshot: LocalizationSnapshot, built: Set<InterfaceText> = []
  ) -> [(text: InterfaceText, value: String)] {
    texts.compactMap { text in
      guard isApplied(text), built.isEmpty || !built.contains(text) else { return nil }
      let value = presentation(text, resolve(text, in: snapshot))
      return shown[text] == value ? nil : (text, value)
    }
  }

  /// Sets each text of `changes` to its value as given, looking nothing up (`apply` sets
  /// the changes of a snapshot; parlance-bench sets them "by hand", as a program that
  /// knew the new texts would).
  package func set(_ changes: [(text: InterfaceText, value: String)]) {
    var changedScales: Set<String> = []
    for (text, value) in changes {
      shown[text] = value
      if case .scaleMark = text.target {
        changedScales.insert(text.objectID)
      } else {
        set(value, for: text)
      }
    }
    for id in changedScales { setMarks(of: id) }
  }

  /// Where the text of `text` comes from in `snapshot`.
  ///
  /// In a pseudo-locale (`en-XA`, `ar-XB`) a text no catalog has is the pseudo-locale's
  /// form of its msgid: a gettext project has no catalog of its source language to make
  /// the pseudo-locale from, the msgids are that language.
  public func resolve(_ text: InterfaceText, in snapshot: LocalizationSnapshot) -> Resolution {
    Self.resolve(text, in: snapshot, table: table)
  }

  private static func resolve(
    _ text: InterfaceText, in snapshot: LocalizationSnapshot, table: String
  ) -> Resolution {
    let resolution = snapshot.resolve(text.msgid, context: text.context, table: table)
    guard resolution.isMissing, let pseudo = PseudoLocale(snapshot.language) else {
      return resolution
    }
    let source =
      text.isMarkup
      ? pseudo.transform(markup: text.msgid) : pseudo.transform(MessageTemplate(text.msgid))
    return Resolution(
      value: Message.text(MessageTemplate(source)).displayValue,
      key: resolution.key, table: resolution.table, language: snapshot.language,
      requested: resolution.requested, origin: nil)
  }

  /// The text as the built objects show it now, read back from GTK (nil for a
  /// placeholder's text or a place that does not exist).
  public func shownValue(of text: InterfaceText) -> String? {
    guard isApplied(text), let object = builtObject(text.objectID) else { return nil }
    switch text.target {
    case .property(let name): return object.string(forProperty: name)
    case .childProperty(let name, let parentID):
      return builtObject(parentID).flatMap { object.string(forChildProperty: name, in: $0) }
    case .accessible(let name): return object.accessibleString(for: name)
    case .comboItem(let index): return object.string(row: index, column: 0)
    case .listCell(let row, let column): return object.string(row: row, column: column)
    case .menuAttribute(let path, let name): return object.menuAttribute(name, path: path)
    case .scaleMark(let index): return object.scaleMarkMarkup(at: index)
    case .accessibleAction(let name): return object.accessibleActionDescription(name)
    }
  }

  private func set(_ value: String, for text: InterfaceText) {
    guard let object = builtObject(text.objectID) else { return }
    switch text.target {
    case .property(let name): object.setString(value, forProperty: name)
    case .childProperty(let name, let parentID):
      if let parent = builtObject(parentID) {
        object.setString(value, forChildProperty: name, in: parent)
      }
    case .accessible(let name): object.setAccessibleString(value, for: name)
    case .comboItem(let index): object.setString(value, row: index, column: 0)
    case .listCell(let row, let column): object.setString(value, row: row, column: column)
    case .menuAttribute(let path, let name): object.setMenuAttribute(name, path: path, to: value)
    case .scaleMark: break  // all of a scale's marks at once: setMarks(of:)
    case .accessibleAction(let name): object.setAccessibleActionDescription(value, action: name)
    }
  }

  /// Gives scale `id` all its marks again, each translatable one with the text shown
  /// for it: GTK 3 cannot change one mark's text.
  private func setMarks(of id: String) {
    guard let object = builtObject(id), let marks = document.scaleMarks[id] else { return }
    var markups = marks.map(\.markup)
    for text in texts where text.objectID == id {
      if case .scaleMark(let index) = text.target, markups.indices.contains(index),
        let value = shown[text]
      {
        markups[index] = value
      }
    }
    object.setScaleMarks(zip(marks, markups).map { ($0.value, $0.position, $1) })
  }

  /// GTK's own texts of what was built (`ToolkitTexts.texts`); empty without `toolkit`.
  public var toolkitTexts: [ToolkitTexts.Text] {
    toolkit?.texts(of: toplevels.compactMap(\.built.widget), owned: ownedPlaces) ?? []
  }

  /// The places (object, property) of the texts set by `apply`, named as GTK names
  /// properties (`tooltip_text` is `tooltip-text`; a tooltip as text or markup is one).
  private func makeOwnedPlaces() -> Set<ShownTexts.Place> {
    var places: Set<ShownTexts.Place> = []
    for text in texts where isApplied(text) {
      guard case .property(let name) = text.target, let object = builtObject(text.objectID)
      else { continue }
      // The file's `tooltip_text` is named `tooltip-text` already (InterfaceWalker).
      places.insert(ShownTexts.Place(object, property: name))
      if name.hasPrefix("tooltip-") {
        places.insert(ShownTexts.Place(object, property: "tooltip-text"))
        places.insert(ShownTexts.Place(object, property: "tooltip-markup"))
      }
    }
    return places
  }

  private func builtObject(_ id: String) -> BuiltObject? {
    if let cached = objects[id] { return cached }
    guard let object = builder.object(builderIDs[id] ?? id) else { return nil }
    objects[id] = object
    return object
  }
}
