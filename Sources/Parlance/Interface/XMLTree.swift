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

    /// The element children, in order.
    public var elements: [Element] {
      children.compactMap { if case .element(let element) = $0 { element } else { nil } }
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
      var output = ""
      write(to: &output)
      return output
    }

    func write(to output: inout String) {
      output += "<" + name
      for attribute in attributes {
        output += " " + attribute.name + "=\"" + Self.escape(attribute.value, quote: true) + "\""
      }
      if children.isEmpty {
        output += "/>"
        return
      }
      output += ">"
      for child in children {
        switch child {
        case .element(let element): element.write(to: &output)
        case .text(let text): output += Self.escape(text, quote: false)
        }
      }
      output += "</" + name + ">"
    }

    static func escape(_ text: String, quote: Bool) -> String {
      var escaped = ""
      escaped.reserveCapacity(text.utf8.count)
      for character in text.unicodeScalars {
        switch character {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"" where quote: escaped += "&quot;"
        case "\n" where quote: escaped += "&#10;"
        case "\t" where quote: escaped += "&#9;"
        default: escaped.unicodeScalars.append(character)
        }
      }
      return escaped
    }
  }

  /// A child of an element: an element or a run of text.
  public enum Node: Hashable, Sendable {
    case element(Element)
    case text(String)
  }
}
