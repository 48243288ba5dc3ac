import Parlance

extension BuilderInput {
  /// What GtkBuilder's refusal of the XML is about, in the file: the element its
  /// message's position (`.:12:30 Could not parse double 'abc'`) falls in, as a path
  /// into `root`, and the message without the position.
  ///
  /// - Parameters:
  ///   - message: GtkBuilder's message.
  ///   - menus: the ids given to `menusXML(_:)` when that XML was refused, nil for `xml`.
  /// - Returns: the element and its place in the file, or only the message when it names
  ///   no position in the XML.
  public func refusal(_ message: String, menus: Set<String>? = nil) -> Refusal {
    guard let (named, reason) = Self.position(in: message) else {
      return Refusal(path: nil, location: nil, reason: message)
    }
    var position = named
    // GLib names the character after what it read: its column, on the first line; one
    // more on every later line (GMarkup counts the newline as the next line's first
    // character).
    if position.line > 1 { position.column -= 1 }
    let (serializedRoot, indexes) = menus.map(menusRoot) ?? (root, nil)
    let spans = serializedRoot.serializedWithSpans(firstLine: 2).spans
    guard let span = XMLTree.Span.innermost(spans, holding: position),
      let element = serializedRoot.element(at: span.path)
    else { return Refusal(path: nil, location: nil, reason: reason) }
    var path = span.path
    if let indexes, let first = path.first { path[0] = indexes[first] }
    return Refusal(path: path, location: element.location, reason: reason)
  }

  /// Where a GtkBuilder refusal points in the file, and why.
  public struct Refusal: Sendable {
    /// The element in `root` (empty: the `<interface>` itself), nil when the message
    /// names no position in it.
    public let path: [Int]?
    /// Where that element starts in the file.
    public let location: SourceLocation?
    /// GtkBuilder's message without its position.
    public let reason: String
  }

  /// Leaves out the element a refusal points at, with a warning, so the rest of the file
  /// can be built; false when there is nothing to leave out (the `<interface>` itself, or
  /// no position).
  ///
  /// Where leaving out one element would move the ones after it — an item, row or mark
  /// of a list GtkBuilder fills by position, an item of a menu — the whole list or menu
  /// goes, so that no text lands on another's place. Its texts are then listed, never
  /// applied (`leftOutLocations`).
  public mutating func leaveOut(_ refusal: Refusal) -> Bool {
    guard var path = refusal.path, !path.isEmpty, let refused = root.element(at: path) else {
      return false
    }
    var lists: [[Int]] = []
    var menu: [Int]?
    for length in 1...path.count {
      guard let element = root.element(at: Array(path.prefix(length))) else { break }
      if element.name == "menu", menu == nil { menu = Array(path.prefix(length)) }
      if ["items", "data", "marks"].contains(element.name) {
        lists.append(Array(path.prefix(length)))
      }
    }
    if let widest = menu ?? lists.first { path = widest }
    // An object goes with its <child>; a notebook page with the tab after it, which
    // GTK would otherwise give to the page before (or, for the first, abort on).
    if root.element(at: path)?.name == "object", path.count > 1,
      root.element(at: Array(path.dropLast()))?.name == "child"
    {
      path.removeLast()
    }
    guard let element = root.element(at: path) else { return false }
    var removed = [element]
    if element.name == "child", element["type"] == nil,
      let tabPath = nextElementPath(after: path),
      let tab = root.element(at: tabPath), tab.name == "child", tab["type"] == "tab"
    {
      root.removeElement(at: tabPath)
      removed.append(tab)
    }
    guard root.removeElement(at: path) else { return false }
    diagnostics.append(
      Diagnostic(
        file: file, location: refused.location, severity: .warning,
        kind: .refusedInterfaceElement(
          refused.name, reason: refusal.reason, leftOut: element.name)))
    for element in removed { insertIDs(of: element) }
    return true
  }

  /// The path of the element after the one at `path` among its parent's children.
  private func nextElementPath(after path: [Int]) -> [Int]? {
    guard let last = path.last, let parent = root.element(at: Array(path.dropLast())) else {
      return nil
    }
    for index in (last + 1)..<max(last + 1, parent.children.count) {
      if case .element = parent.children[index] { return Array(path.dropLast()) + [index] }
    }
    return nil
  }

  private mutating func insertIDs(of element: XMLTree.Element) {
    leftOutLocations.insert(element.location)
    if element.name == "object" || element.name == "menu", let id = element["id"] {
      leftOutIDs.insert(id)
    }
    for child in element.elements { insertIDs(of: child) }
  }

  /// `.:12:30 reason` (GtkBuilder's prefix: its file name, line, character) → position
  /// and reason.
  static func position(in message: String) -> (SourceLocation, String)? {
    let scalars = Array(message.unicodeScalars)
    // The file name is "." or "<input>" for XML given as a string: the first
    // ":<digits>:<digits> " in the message's first line.
    var index = 0
    while index < scalars.count, scalars[index] != "\n" {
      if scalars[index] == ":", let (line, column, end) = numbers(scalars, from: index),
        line > 0, column > 0
      {
        let reason = String(String.UnicodeScalarView(scalars[end...]))
        return (SourceLocation(line: line, column: column), reason)
      }
      index += 1
    }
    return nil
  }

  /// `:12:30 ` at `start` → 12, 30 and the index after the space.
  private static func numbers(_ scalars: [Unicode.Scalar], from start: Int) -> (Int, Int, Int)? {
    func digits(_ index: inout Int) -> Int? {
      let first = index
      var value = 0
      while index < scalars.count, index - first < 9, ("0"..."9").contains(scalars[index]) {
        value = value * 10 + Int(scalars[index].value - 48)
        index += 1
      }
      return index > first ? value : nil
    }
    var index = start + 1
    guard let line = digits(&index), index < scalars.count, scalars[index] == ":" else {
      return nil
    }
    index += 1
    guard let column = digits(&index), index < scalars.count, scalars[index] == " " else {
      return nil
    }
    return (line, column, index + 1)
  }
}
