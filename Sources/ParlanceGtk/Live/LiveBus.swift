import CGtk
import CParlanceLive

/// The programs with Parlance's GTK module on the session bus, and calls to one of them
/// (docs/LIVE.md): the controller's side of switching another program live.
///
/// Each call waits at most `timeout` for the program to answer: a program that is stuck
/// or gone is an error, never a hang.
public enum LiveBus {
  /// A program as it describes itself.
  public struct Program: Hashable, Sendable {
    /// Its name on the bus: `io.github.parlance.Live.p<pid>`.
    public let busName: String
    /// Its process id.
    public let pid: Int
    /// `g_get_prgname()`: `mousepad`, `transmission-gtk`.
    public let name: String
    /// Its `LANGUAGE`: the gettext languages it answers in now (`fr`, `pt_BR:pt`).
    public let languages: [String]
    /// The compiled catalogs it has open.
    public let catalogs: [String]
    /// Its default text domain (empty when it set none).
    public let textDomain: String
    /// The folder bound to its default text domain.
    public let textDomainDirectory: String
    /// The `LANGUAGE` lists it has shown, oldest first: the one it started in, then each
    /// switch's (each a list of gettext languages).
    public let history: [[String]]

    /// The program as its module describes itself after a switch to `languages`: its
    /// `LANGUAGE`, and the list it has shown with `languages` added unless it is the last.
    package func switched(to languages: [String]) -> Program {
      Program(
        busName: busName, pid: pid, name: name, languages: languages, catalogs: catalogs,
        textDomain: textDomain, textDomainDirectory: textDomainDirectory,
        history: history.last == languages ? history : history + [languages])
    }
  }

  /// One text a program's windows show.
  public struct Text: Hashable, Sendable {
    /// Its id in this collection (until the program is asked again).
    public let id: UInt32
    /// The class showing it: `GtkLabel`, `GtkButton`, `GtkTreeViewColumn`.
    public let className: String
    /// The property (`label`, `title`, `tooltip-text`, …), or `stock` for a stock button.
    public let property: String
    /// The text shown.
    public let text: String
    /// What a switch remembered there (`Retranslator.ShownMessage.encoded`) while the
    /// program has not changed the text since; empty otherwise.
    public let message: String
    /// What a switch remembered there once the program has set the text again itself
    /// (from a copy of its own: its data, a cache, Python's gettext); empty otherwise.
    public let replacedMessage: String
    /// The texts of one list column (a combo box's items) share a group, switched all or
    /// none; 0 for a text of its own.
    public let group: UInt32
    /// The GtkBuilder id of the object showing it (an accessible's: its widget's), or
    /// empty: with the program's `.ui` files, the message it was built with.
    public let builderID: String

    /// A text as Collect would read it.
    package init(
      id: UInt32, className: String, property: String, text: String, message: String,
      replacedMessage: String, group: UInt32, builderID: String = ""
    ) {
      self.id = id
      self.className = className
      self.property = property
      self.text = text
      self.message = message
      self.replacedMessage = replacedMessage
      self.group = group
      self.builderID = builderID
    }
  }

  /// A call that failed: no bus, the program gone, refused or not answering.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as D-Bus said it.
    public let description: String
  }

  /// The default time a program has to answer.
  public static let timeout: Duration = .seconds(10)

  /// Every program with the module on the session bus (one that does not answer is left
  /// out).
  public static func programs(timeout: Duration = timeout) throws(Failure) -> [Program] {
    var error: UnsafeMutablePointer<GError>?
    guard let array = parlance_live_programs(milliseconds(timeout), &error) else {
      throw failure(error, "no session bus")
    }
    return programs(of: array)
  }

  /// The program at `busName` as it describes itself now: one call, where `programs()`
  /// asks every program.
  public static func describe(_ busName: String, timeout: Duration = timeout) throws(Failure)
    -> Program
  {
    var error: UnsafeMutablePointer<GError>?
    guard let array = parlance_live_describe(busName, milliseconds(timeout), &error),
      let program = programs(of: array).first
    else { throw failure(error, "\(busName) did not answer") }
    return program
  }

  /// The programs of `array` (`ParlanceLiveProgram`), which it releases.
  private static func programs(of array: UnsafeMutablePointer<GPtrArray>) -> [Program] {
    defer { g_ptr_array_unref(array) }
    return items(of: array, as: ParlanceLiveProgram.self).map { program in
      let catalogs = items(of: program.pointee.catalogs, as: CChar.self).map {
        String(cString: $0)
      }
      return Program(
        busName: String(cString: program.pointee.busName), pid: Int(program.pointee.pid),
        name: String(cString: program.pointee.program),
        languages: String(cString: program.pointee.languages).split(separator: ":").map(
          String.init),
        catalogs: catalogs, textDomain: String(cString: program.pointee.textDomain),
        textDomainDirectory: String(cString: program.pointee.textDomainDirectory),
        history: items(of: program.pointee.history, as: CChar.self).map {
          String(cString: $0).split(separator: ":").map(String.init)
        })
    }
  }

  /// The texts the program at `busName` shows now.
  public static func collect(_ busName: String, timeout: Duration = timeout) throws(Failure)
    -> [Text]
  {
    var error: UnsafeMutablePointer<GError>?
    guard let collection = parlance_live_collect(busName, milliseconds(timeout), &error) else {
      throw failure(error, "\(busName) did not answer")
    }
    defer { parlance_live_collection_free(collection) }
    return texts(of: collection)
  }

  /// The texts of a collection the module answered with.
  static func texts(of collection: UnsafeMutablePointer<ParlanceLiveCollection>) -> [Text] {
    // Each string once, as the module sent it; a remembered message with the mark split.
    let strings = items(of: collection.pointee.strings, as: CChar.self).map {
      String(cString: $0)
    }
    let messages = strings.map { string in
      string.hasPrefix(PARLANCE_LIVE_REPLACED_MARK)
        ? (message: "", replaced: String(string.dropFirst(PARLANCE_LIVE_REPLACED_MARK.count)))
        : (message: string, replaced: "")
    }
    let rows = collection.pointee.texts.pointee
    guard let data = rows.data else { return [] }
    return UnsafeBufferPointer(
      start: UnsafeRawPointer(data).assumingMemoryBound(to: ParlanceLiveText.self),
      count: Int(rows.len)
    ).map { row in
      // The client checked every index against the strings.
      let message = messages[Int(row.message)]
      return Text(
        id: row.id, className: strings[Int(row.className)], property: strings[Int(row.property)],
        text: strings[Int(row.text)], message: message.message,
        replacedMessage: message.replaced, group: row.group,
        builderID: strings[Int(row.builderID)])
    }
  }

  /// The GtkBuilder files registered in the GResources of the program at `busName`
  /// (its own, its libraries', GTK's), by resource path.
  public static func interfaces(_ busName: String, timeout: Duration = timeout) throws(Failure)
    -> [(path: String, contents: [UInt8])]
  {
    var error: UnsafeMutablePointer<GError>?
    guard let array = parlance_live_interfaces(busName, milliseconds(timeout), &error) else {
      throw failure(error, "\(busName) did not answer")
    }
    defer { g_ptr_array_unref(array) }
    return items(of: array, as: ParlanceLiveInterface.self).map { interface in
      var size: gsize = 0
      let data = g_bytes_get_data(interface.pointee.contents, &size)
      let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(size))) } ?? []
      return (String(cString: interface.pointee.path), bytes)
    }
  }

  /// What a program answered when asked to switch by itself (`switchLanguage`).
  public enum SelfSwitch: Sendable {
    /// It made every text from its recipe: the texts set, and those kept as they are
    /// (no catalog has them).
    case switched(applied: Int, kept: Int)
    /// It changed nothing: these texts (ids valid for an `apply`) have no recipe it can
    /// make.
    case pending([Text])
  }

  /// Asks the program at `busName` to switch to `languages` (gettext's names, preferred
  /// first) and the layout direction by itself, from the recipes earlier `apply`s gave
  /// its texts; when a text has none, nothing changes and the answer lists those texts.
  public static func switchLanguage(
    _ busName: String, languages: [String], rightToLeft: Bool, timeout: Duration = timeout
  ) throws(Failure) -> SelfSwitch {
    var error: UnsafeMutablePointer<GError>?
    var applied: UInt32 = 0
    var kept: UInt32 = 0
    var pending: UnsafeMutablePointer<ParlanceLiveCollection>?
    guard
      parlance_live_switch(
        busName, languages.joined(separator: ":"), rightToLeft ? 1 : 0, milliseconds(timeout),
        &applied, &kept, &pending, &error) != 0
    else { throw failure(error, "\(busName) did not answer") }
    guard let pending else { return .switched(applied: Int(applied), kept: Int(kept)) }
    defer { parlance_live_collection_free(pending) }
    return .pending(texts(of: pending))
  }

  /// Switches the program at `busName`: gettext to `languages` (gettext's names,
  /// preferred first), the layout direction, then each text of its last collection
  /// (`changes`: id, new text, the message and the recipe to remember, either empty),
  /// and every other text there from the recipe an earlier `apply` gave it. Returns
  /// how many were set.
  @discardableResult
  public static func apply(
    _ busName: String, languages: [String], rightToLeft: Bool,
    changes: [(id: UInt32, text: String, message: String, recipe: String)],
    timeout: Duration = timeout
  ) throws(Failure) -> Int {
    var error: UnsafeMutablePointer<GError>?
    // Each string once: a menu sets one text in many places.
    var indices: [String: UInt32] = [:]
    var strings: [String] = []
    func index(of string: String) -> UInt32 {
      if let known = indices[string] { return known }
      let index = UInt32(strings.count)
      indices[string] = index
      strings.append(string)
      return index
    }
    let rows = changes.map { change in
      ParlanceLiveChange(
        id: change.id, text: index(of: change.text), message: index(of: change.message),
        recipe: index(of: change.recipe))
    }
    let table = cStrings(strings)
    defer {
      for string in table { UnsafeMutablePointer(mutating: string).deallocate() }
    }
    let applied = parlance_live_apply(
      busName, languages.joined(separator: ":"), rightToLeft ? 1 : 0, table, guint(table.count),
      rows, guint(rows.count), milliseconds(timeout), &error)
    guard applied >= 0 else { throw failure(error, "\(busName) did not answer") }
    return Int(applied)
  }

  /// A step of a walk through a running program.
  public enum Step: Sendable, Hashable {
    /// Clicks what shows the text of this id of the last Collect.
    case click(UInt32)
    /// Presses and releases a key, in GTK's form (`<Control>o`).
    case key(String)
    /// Inserts text at the focus.
    case type(String)
    /// Closes an open menu, else the dialog in front.
    case close
  }

  /// Makes `step` in the program at `busName`; it answers once the main loop has run
  /// what the step set going.
  ///
  /// - Throws: `Failure` with the module's reason when the step cannot be made, or
  ///   when the program does not answer.
  public static func act(_ busName: String, _ step: Step, timeout: Duration = timeout)
    throws(Failure)
  {
    let (name, id, argument): (String, UInt32, String) =
      switch step {
      case .click(let id): ("click", id, "")
      case .key(let key): ("key", 0, key)
      case .type(let text): ("type", 0, text)
      case .close: ("close", 0, "")
      }
    var error: UnsafeMutablePointer<GError>?
    guard parlance_live_act(busName, name, id, argument, milliseconds(timeout), &error) == 0 else {
      throw failure(error, "\(busName) did not answer")
    }
  }

  /// Waits until the process `pid` (started by `parlance run`) has taken its name on the
  /// session bus, and returns it as it describes itself.
  ///
  /// - Throws: `Failure` when it ends first, or `timeout` passes.
  public static func await(pid: Int32, timeout: Duration = timeout) throws(Failure) -> Program {
    var error: UnsafeMutablePointer<GError>?
    guard parlance_live_await(UInt32(bitPattern: pid), milliseconds(timeout), &error) == 0 else {
      throw failure(error, "pid \(pid) did not appear on the session bus")
    }
    guard let program = try programs(timeout: timeout).first(where: { $0.pid == Int(pid) }) else {
      throw Failure(description: "pid \(pid) took its bus name but does not describe itself")
    }
    return program
  }

  /// Copies of `strings` for C, each freed with `deallocate`.
  private static func cStrings(_ strings: [String]) -> [UnsafePointer<CChar>] {
    strings.map { string in
      let bytes = string.utf8CString
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
      _ = UnsafeMutableBufferPointer(start: copy, count: bytes.count).initialize(from: bytes)
      return UnsafePointer(copy)
    }
  }

  static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }

  static func items<Item>(of array: UnsafeMutablePointer<GPtrArray>, as: Item.Type)
    -> [UnsafeMutablePointer<Item>]
  {
    (0..<Int(array.pointee.len)).compactMap { index in
      array.pointee.pdata?[index]?.assumingMemoryBound(to: Item.self)
    }
  }

  static func failure(_ error: UnsafeMutablePointer<GError>?, _ fallback: String)
    -> Failure
  {
    defer { if let error { g_error_free(error) } }
    return Failure(description: error.map { String(cString: $0.pointee.message) } ?? fallback)
  }
}
