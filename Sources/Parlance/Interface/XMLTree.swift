/// The XML of a `.ui` file as a tree: elements with attributes in file order, text, and
/// where each start tag begins. Comments, processing instructions and the declaration are
/// not kept.
public enum XMLTree {
  /// An element: name, attributes in file order, children.
  public struct Element: Hashable, Sendable {
    /// The element's name (`object`, `property`).
    public var name: String
    /// The attributes in file order.
    public var attributes: [(name: String, value: String)]
    /// The child elements and texts in file order.
    public var children: [Node]
    /// The position of the start tag's `<`.
    public var location: SourceLocation

    /// An element `name` at `location`.
    /// - Parameters:
    ///   - name: the element's name.
    ///   - attributes: the attributes in file order.
    ///   - children: the child elements and texts in file order.
    ///   - location: the position of the start tag's `<`.
    public init(
      name: String, attributes: [(name: String, value: String)] = [], children: [Node] = [],
      location: SourceLocation
    ) {
      self.name = name
      self.attributes = attributes
      self.children = children
      self.location = location
    }

    /// The value of attribute `name`, if present.
    public subscript(attribute: String) -> String? {
      get { attributes.first { $0.name == attribute }?.value }
      set {
        if let index = attributes.firstIndex(where: { $0.name == attribute }) {
          if let newValue {
            attributes[index].value = newValue
          } else {
            attributes.remove(at: index)
          }
        } else if let newValue {
          attributes.append((attribute, newValue))
        }
      }
    }

    /// The element children, in order: read from `children` as they are asked for, no
    /// array made (a walk of a large file asks every element for them).
    public var elements: Elements { Elements(children: children) }

    /// The element children of an element, in order (`elements`).
    public struct Elements: Sequence {
      fileprivate let children: [Node]

      /// Reads the element children one by one.
      public struct Iterator: IteratorProtocol {
        fileprivate var nodes: IndexingIterator<[Node]>

        /// The next element child; nil after the last.
        public mutating func next() -> Element? {
          while let node = nodes.next() {
            if case .element(let element) = node { return element }
          }
          return nil
        }
      }

      /// An iterator from the first element child.
      public func makeIterator() -> Iterator { Iterator(nodes: children.makeIterator()) }

      /// Whether there is no element child (text only, or nothing).
      public var isEmpty: Bool { first == nil }

      /// The first element child.
      public var first: Element? {
        var iterator = makeIterator()
        return iterator.next()
      }
    }

    /// The text content: every text child joined (CDATA included), entities resolved.
    public var text: String {
      children.reduce(into: "") { text, child in
        if case .text(let part) = child { text += part }
      }
    }

    /// Whether two elements have the same name, attributes and children.
    /// - Parameters:
    ///   - lhs: an element.
    ///   - rhs: another element.
    /// - Returns: true when they are equal.
    public static func == (lhs: Element, rhs: Element) -> Bool {
      lhs.name == rhs.name && lhs.location == rhs.location && lhs.children == rhs.children
        && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
        && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }

    /// Hashes the name, attributes and children.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(name)
      hasher.combine(location)
      for attribute in attributes {
        hasher.combine(attribute.name)
        hasher.combine(attribute.value)
      }
      hasher.combine(children)
    }

    /// The element as XML text (comments and the declaration are not kept).
    public var serialized: String {
      var output = Output(tracksPositions: false)
      write(to: &output, path: [])
      return output.string
    }

    /// The element as XML text, with where each element landed in it: what a position
    /// GtkBuilder names in that text (`:12:30 Could not parse double`) was in the file.
    /// - Parameter firstLine: the line the element starts on in the text handed over
    ///   (2 after an XML declaration).
    /// - Returns: the XML text, and a span for this element and every one inside it.
    public func serializedWithSpans(firstLine: Int = 1) -> (xml: String, spans: [Span]) {
      var output = Output(tracksPositions: true)
      output.line = firstLine
      write(to: &output, path: [])
      return (output.string, output.spans)
    }

    func write(to output: inout Output, path: [Int]) {
      let start = output.position
      output.append(ascii: "<")
      output.append(name)
      for attribute in attributes {
        output.append(ascii: " ")
        output.append(attribute.name)
        output.append(ascii: "=\"")
        output.append(escaping: attribute.value, quote: true)
        output.append(ascii: "\"")
      }
      if children.isEmpty {
        output.append(ascii: "/>")
      } else {
        output.append(ascii: ">")
        // Between child elements, white space is layout of the file, which GtkBuilder
        // skips: not written. A value (a property's text) is written as it is.
        let holdsElements = children.contains { if case .element = $0 { true } else { false } }
        for (index, child) in children.enumerated() {
          switch child {
          case .element(let element):
            // Paths only where spans are kept: every build serializes the whole file.
            element.write(to: &output, path: output.tracksPositions ? path + [index] : [])
          case .text(let text):
            if holdsElements, text.utf8.allSatisfy(XMLReader.isSpace) { continue }
            output.append(escaping: text, quote: false)
          }
        }
        output.append(ascii: "</")
        output.append(name)
        output.append(ascii: ">")
      }
      if output.tracksPositions {
        output.spans.append(Span(path: path, start: start, end: output.position))
      }
    }

    /// The element at `path` (child indexes from this one), nil when there is none.
    public func element(at path: [Int]) -> Element? {
      guard let first = path.first else { return self }
      guard children.indices.contains(first), case .element(let child) = children[first] else {
        return nil
      }
      return child.element(at: Array(path.dropFirst()))
    }

    /// Removes the element at `path` (not this one); false when there is none.
    @discardableResult
    public mutating func removeElement(at path: [Int]) -> Bool {
      guard let first = path.first, children.indices.contains(first),
        case .element(var child) = children[first]
      else { return false }
      if path.count == 1 {
        children.remove(at: first)
        return true
      }
      guard child.removeElement(at: Array(path.dropFirst())) else { return false }
      children[first] = .element(child)
      return true
    }
  }

  /// Where an element landed in serialized XML: from its `<` to just past its end tag,
  /// as GLib's markup parser counts (lines from 1, UTF-8 bytes on the line from 1).
  public struct Span: Hashable, Sendable {
    /// Child indexes from the serialized element down to this one (empty: that element).
    public let path: [Int]
    /// Its `<`.
    public let start: SourceLocation
    /// Just past its `>` or `/>`.
    public let end: SourceLocation

    /// The innermost of `spans` holding `position` (its start tag's end counts: GLib
    /// names the character after it), nil when none does.
    public static func innermost(_ spans: [Span], holding position: SourceLocation) -> Span? {
      spans.filter { $0.start < position && position <= $0.end }
        .max { $0.path.count < $1.path.count }
    }
  }

  /// Serialized XML being written, as UTF-8 bytes, with the line and column reached
  /// when positions are tracked.
  struct Output {
    let tracksPositions: Bool
    var bytes: [UInt8] = []
    var spans: [Span] = []
    var line = 1
    var column = 1

    var position: SourceLocation { SourceLocation(line: line, column: column) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(ascii part: StaticString) {
      part.withUTF8Buffer { append(bytes: $0) }
    }

    mutating func append(_ part: String) {
      var part = part
      part.withUTF8 { append(bytes: $0) }
    }

    /// `text` with `&`, `<` and `>` written as entities, and with `quote` (an attribute's
    /// value) also `"`, line feeds and tabs, which an attribute's value would lose.
    mutating func append(escaping text: String, quote: Bool) {
      var text = text
      text.withUTF8 { source in
        var plain = 0
        for (index, byte) in source.enumerated() {
          let entity: StaticString
          switch byte {
          case UInt8(ascii: "&"): entity = "&amp;"
          case UInt8(ascii: "<"): entity = "&lt;"
          case UInt8(ascii: ">"): entity = "&gt;"
          case UInt8(ascii: "\"") where quote: entity = "&quot;"
          case UInt8(ascii: "\n") where quote: entity = "&#10;"
          case UInt8(ascii: "\t") where quote: entity = "&#9;"
          default: continue
          }
          append(bytes: UnsafeBufferPointer(rebasing: source[plain..<index]))
          append(ascii: entity)
          plain = index + 1
        }
        append(bytes: UnsafeBufferPointer(rebasing: source[plain...]))
      }
    }

    private mutating func append(bytes part: UnsafeBufferPointer<UInt8>) {
      bytes.append(contentsOf: part)
      guard tracksPositions else { return }
      // GMarkup counts bytes, not characters.
      for byte in part {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
    }
  }

  /// A child of an element: an element or a run of text.
  public enum Node: Hashable, Sendable {
    case element(Element)
    case text(String)
  }
}
