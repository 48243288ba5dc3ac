import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

// Opening a `.ui` file: built from its own bytes where GtkBuilder can take it as
// written (`AsWritten`, `FirstGlance`, `TranslationAnswers`), else rewritten first
// (`builderInput`, in the designated initializer).
extension LocalizedInterface {
  /// Builds the interface of `file` (or only `objectIDs` and what they need) in the
  /// localizer's current language, and follows it from now on.
  ///
  /// - Parameters:
  ///   - file: the `.ui` file.
  ///   - localizer: where the texts come from, followed from now on.
  ///   - table: the table the texts are looked up in.
  ///   - objectIDs: build only these objects and what they refer to (nil: everything).
  ///   - drivenByOwner: true when an owner that switches the localizer (a `LiveLanguage`'s
  ///     `onUpdate`) calls `refresh()` after each change and sets the layout direction,
  ///     so that each change is applied once, in order with the owner's other news.
  ///     False (the default): the interface observes the localizer itself, refreshing on
  ///     the main loop after each change, and sets the direction.
  ///   - toolkit: GTK's own texts (stock buttons, a file chooser's), to switch with the
  ///     interface's; nil leaves them as the process's gettext gives them.
  /// - Throws: `InterfaceError` for an unreadable or malformed file, an unknown object
  ///   id, or a file GtkBuilder refuses; nothing is built then.
  public convenience init(
    file: URL, localizer: Localizer, table: String = Localizer.defaultTable,
    objectIDs: [String]? = nil, drivenByOwner: Bool = false, toolkit: ToolkitTexts? = nil
  ) throws(InterfaceError) {
    let bytes: [UInt8]
    do {
      bytes = Array(try Data(contentsOf: file))
    } catch {
      throw .unreadable(file: file.path, reason: error.localizedDescription)
    }
    // A whole file GtkBuilder may take as written is built from its bytes at once, its
    // texts answered in the language, while another thread reads and walks it; then the
    // file is checked for anything `builderInput` would change, and if there is, the
    // objects are destroyed and the file is built the rewritten way.
    let path = file.path
    let directionBefore = Widget.defaultDirection
    let classes = RememberedClassInfo(ObjectClassInfo())
    guard objectIDs == nil, let glance = Self.glance(at: bytes, classes: classes) else {
      try self.init(
        document: InterfaceDocument.parse(bytes, file: path), localizer: localizer,
        table: table, objectIDs: objectIDs, drivenByOwner: drivenByOwner, toolkit: toolkit,
        prebuilt: nil)
      return
    }
    let read = BackgroundResult<Read>()
    let reading = Thread { read.finish(.success(Read(bytes, file: path))) }
    reading.stackSize = 8 << 20  // a walk of 256 nested elements, as on the main thread
    reading.start()
    let built = Self.buildAsWritten(
      bytes, glance: glance, localizer: localizer, table: table, toolkit: toolkit,
      drivenByOwner: drivenByOwner)
    guard case .success(let result) = read.wait() else { preconditionFailure() }
    try self.init(
      document: result.document, localizer: localizer, table: table, objectIDs: nil,
      drivenByOwner: drivenByOwner, toolkit: toolkit,
      prebuilt: Self.prebuilt(
        built, tree: result.tree, madeUp: [], glance: glance, classes: classes),
      directionBefore: directionBefore)
  }

  /// Makes GTK lay out in `language`'s direction: the widgets whose direction is unset,
  /// and those made from now on. Called before GtkBuilder builds a file, so that one
  /// opened in a right-to-left language is built that way: turned around once built,
  /// every widget is restyled and measured again (11 ms for geany's 564 texts).
  static func takeDirection(of language: LanguageTag) {
    Widget.defaultDirection = LayoutDirection(of: language)
  }

  /// What the bytes of a whole file tell, when GtkBuilder may build them as written.
  private static func glance(at bytes: [UInt8], classes: RememberedClassInfo) -> FirstGlance? {
    guard Gtk.isInitialized, let glance = FirstGlance.take(bytes),
      glance.domain != ToolkitTexts.domain,
      glance.classes.allSatisfy({ classes.isKnownClass($0) && classes.whyUnbuildable($0) == nil })
    else { return nil }
    return glance
  }

  /// GtkBuilder building `bytes` as written, its gettext answered in the localizer's
  /// language, in its direction unless `drivenByOwner`; the builder is nil when it
  /// refused them.
  private static func buildAsWritten(
    _ bytes: [UInt8], glance: FirstGlance, localizer: Localizer, table: String,
    toolkit: ToolkitTexts?, drivenByOwner: Bool
  ) -> (builder: Builder?, answers: TranslationAnswers) {
    toolkit?.prepare(for: localizer.developmentLanguage)
    let snapshot = localizer.snapshot()
    if !drivenByOwner { takeDirection(of: snapshot.language) }
    let answers = TranslationAnswers(snapshot: snapshot, table: table)
    let builder = answers.answering(domain: glance.domain ?? answeredDomain) {
      try? Builder(bytes: bytes, translationDomain: glance.domain == nil ? answeredDomain : nil)
    }
    return (builder, answers)
  }

  /// What was built as written, when the file's `tree` has nothing the rewriter would
  /// change (`AsWritten`); otherwise nil, the objects destroyed. `madeUp`: the ids the
  /// reader made up in `tree`, which the file does not give.
  private static func prebuilt(
    _ built: (builder: Builder?, answers: TranslationAnswers), tree: XMLTree.Element?,
    madeUp: Set<String>, glance: FirstGlance, classes: RememberedClassInfo
  ) -> Prebuilt? {
    guard let builder = built.builder else { return nil }
    guard let tree, let asWritten = AsWritten.check(tree, classes: classes, madeUp: madeUp),
      asWritten.domain == glance.domain
    else {
      builder.destroyWindows()
      return nil
    }
    return Prebuilt(
      builder: builder, answers: built.answers, stringProperties: asWritten.stringProperties,
      unnamed: asWritten.unnamed)
  }

  /// A file read on another thread while GtkBuilder builds it: its tree as written (nil
  /// when it is malformed), and the document.
  private struct Read: Sendable {
    let tree: XMLTree.Element?
    let document: InterfaceDocument

    init(_ bytes: [UInt8], file: String) {
      switch InterfaceDocument.tree(of: bytes, file: file) {
      case .failure(let unread):
        (tree, document) = (nil, unread.document)
      case .success(let root):
        (tree, document) = (root, InterfaceDocument.walking(root, file: file))
      }
    }
  }

  /// The text domain a file that names none is built in as written: one no program has,
  /// answered by `TranslationAnswers`.
  static let answeredDomain = "parlance-interface"

  /// A file built as written (`AsWritten`), and what GtkBuilder was answered.
  struct Prebuilt {
    let builder: Builder
    let answers: TranslationAnswers
    let stringProperties: Set<SourceLocation>
    /// GtkBuilder's names of the objects without an id, by location (`AsWritten`).
    let unnamed: [SourceLocation: String]

    /// GtkBuilder's name of each object of `document` whose id was made up; nil when
    /// one has none, or GtkBuilder knows no object by it (a GTK that names them
    /// otherwise).
    @MainActor
    func builderIDs(for document: InterfaceDocument) -> [String: String]? {
      var names: [String: String] = [:]
      for object in document.objects where !object.hasOwnID && !object.isMenu {
        guard let name = unnamed[object.location], builder.object(name) != nil else {
          return nil
        }
        names[object.id] = name
      }
      return names
    }
  }

  /// Builds an interface already read; see
  /// `init(file:localizer:table:objectIDs:drivenByOwner:toolkit:)`.
  public convenience init(
    document: InterfaceDocument, localizer: Localizer, table: String = Localizer.defaultTable,
    objectIDs: [String]? = nil, drivenByOwner: Bool = false, toolkit: ToolkitTexts? = nil
  ) throws(InterfaceError) {
    // A whole file read from bytes GtkBuilder may take as written is built from them.
    let directionBefore = Widget.defaultDirection
    var prebuilt: Prebuilt?
    let classes = RememberedClassInfo(ObjectClassInfo())
    if objectIDs == nil, let bytes = document.source, document.isUsable,
      let glance = Self.glance(at: bytes, classes: classes)
    {
      let madeUp = Set(document.objects.lazy.filter { !$0.hasOwnID }.map(\.id))
      prebuilt = Self.prebuilt(
        Self.buildAsWritten(
          bytes, glance: glance, localizer: localizer, table: table, toolkit: toolkit,
          drivenByOwner: drivenByOwner),
        tree: document.root, madeUp: madeUp, glance: glance, classes: classes)
    }
    try self.init(
      document: document, localizer: localizer, table: table, objectIDs: objectIDs,
      drivenByOwner: drivenByOwner, toolkit: toolkit, prebuilt: prebuilt,
      directionBefore: directionBefore)
  }
}
