import Foundation
import Parlance

/// What the bytes of a `.ui` file tell before it is read: whether GtkBuilder may start
/// building it as written at once (`AsWritten`), while another thread reads it.
///
/// GTK 3's GtkBuilder refuses most of what it cannot build with an error, but a few
/// things crash the process instead: an element inside a property (GTK 4's
/// `<property name="child"><object>`), an object of a class GLib cannot make (abstract:
/// `g_object_new` aborts), a `type-func` naming any function of the process. So the bytes
/// are looked at first, cautiously: every start tag is read; a property must hold text
/// only; the classes are given for checking; anything unusual — a `<template>`,
/// `type-func`, a CDATA section or a document type, a `<requires>` of GTK 4, an entity in
/// a domain or class name — means no.
struct FirstGlance {
  /// The text domain the file names (`<interface domain>`), nil when it names none.
  private(set) var domain: String?
  /// The classes its objects name.
  private(set) var classes: Set<String> = []

  /// The glance at `bytes`; nil when they are not to be built before they are read.
  static func take(_ bytes: [UInt8]) -> FirstGlance? {
    bytes.withUnsafeBufferPointer { buffer in
      var glance = FirstGlance()
      var reader = Reader(bytes: buffer)
      return reader.read(into: &glance) ? glance : nil
    }
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    static let less = UInt8(ascii: "<")
    static let greater = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")

    mutating func read(into glance: inout FirstGlance) -> Bool {
      while let start = next(Self.less) {
        index = start + 1
        if has("!--") {
          guard skip(past: Array("-->".utf8)) else { return false }
          continue
        }
        if has("?") {
          guard skip(past: Array("?>".utf8)) else { return false }
          continue
        }
        // CDATA, a document type and whatever else `<!` starts: not looked into.
        if has("!") { return false }
        if has("/") {
          guard let end = next(Self.greater) else { return false }
          index = end + 1
          continue
        }
        guard let tag = startTag() else { return false }
        switch tag.name {
        case .template:
          return false
        case .interface:
          if let domain = tag.domain {
            guard !bytes[domain].contains(UInt8(ascii: "&")) else { return false }
            glance.domain = String(decoding: bytes[domain], as: UTF8.self)
          }
        case .requires:
          if let lib = tag.lib, bytes[lib].elementsEqual("gtk".utf8) {
            let version = tag.version.map { bytes[$0] } ?? bytes[0..<0]
            let digits = version.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard let major = Int(String(decoding: digits, as: UTF8.self)), major < 4 else {
              return false
            }
          }
        case .object:
          guard tag.typeFunc == nil, let className = tag.className,
            !bytes[className].contains(UInt8(ascii: "&"))
          else { return false }
          glance.classes.insert(String(decoding: bytes[className], as: UTF8.self))
        case .property:
          // Text only, up to its end tag.
          if !tag.isEmpty {
            guard let end = next(Self.less) else { return false }
            index = end + 1
            guard has("/property") else { return false }
          }
        case .other:
          break
        }
      }
      return true
    }

    /// Whether the bytes at `index` are `text`.
    func has(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard index + count <= bytes.count else { return false }
      for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
        return false
      }
      return true
    }

    /// Where the next `byte` from `index` is.
    func next(_ byte: UInt8) -> Int? {
      guard index < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + index, Int32(byte), bytes.count - index)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Moves `index` past the next `marker`; false when there is none.
    mutating func skip(past marker: [UInt8]) -> Bool {
      while let start = next(marker[0]) {
        index = start
        if start + marker.count <= bytes.count,
          zip(marker.indices, marker).allSatisfy({ bytes[start + $0] == $1 })
        {
          index = start + marker.count
          return true
        }
        index = start + 1
      }
      return false
    }

    /// The elements looked at; any other is read past.
    enum Name {
      case object, property, interface, requires, template, other

      init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        self =
          if bytes.elementsEqual("object".utf8) {
            .object
          } else if bytes.elementsEqual("property".utf8) {
            .property
          } else if bytes.elementsEqual("interface".utf8) {
            .interface
          } else if bytes.elementsEqual("requires".utf8) {
            .requires
          } else if bytes.elementsEqual("template".utf8) {
            .template
          } else {
            .other
          }
      }
    }

    /// A start tag: its name, whether it is empty (`/>`), and where the values of the
    /// attributes looked at are.
    struct Tag {
      var name: Name
      var isEmpty = false
      var domain: Range<Int>?
      var lib: Range<Int>?
      var version: Range<Int>?
      var className: Range<Int>?
      var typeFunc: Range<Int>?
    }

    /// The start tag at `index` (after its `<`); `index` moves past its `>`.
    mutating func startTag() -> Tag? {
      let nameStart = index
      while index < bytes.count, !XMLReader.isSpace(bytes[index]), bytes[index] != Self.slash,
        bytes[index] != Self.greater
      {
        index += 1
      }
      var tag = Tag(name: Name(bytes[nameStart..<index]))
      let wanted = tag.name == .object || tag.name == .interface || tag.name == .requires
      while index < bytes.count {
        let byte = bytes[index]
        if XMLReader.isSpace(byte) {
          index += 1
        } else if byte == Self.greater {
          index += 1
          return tag
        } else if byte == Self.slash {
          guard index + 1 < bytes.count, bytes[index + 1] == Self.greater else { return nil }
          index += 2
          tag.isEmpty = true
          return tag
        } else {
          guard let (attribute, value) = attribute() else { return nil }
          guard wanted else { continue }
          let name = bytes[attribute]
          // The last of a name given twice, as a dictionary of them would keep.
          if name.elementsEqual("domain".utf8) {
            tag.domain = value
          } else if name.elementsEqual("lib".utf8) {
            tag.lib = value
          } else if name.elementsEqual("version".utf8) {
            tag.version = value
          } else if name.elementsEqual("class".utf8) {
            tag.className = value
          } else if name.elementsEqual("type-func".utf8) {
            tag.typeFunc = value
          }
        }
      }
      return nil
    }

    /// Where `name="value"` or `name='value'` at `index` has its name and its value.
    mutating func attribute() -> (Range<Int>, Range<Int>)? {
      let nameStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "="),
        !XMLReader.isSpace(bytes[index]),
        bytes[index] != Self.greater
      {
        index += 1
      }
      let name = nameStart..<index
      while index < bytes.count, XMLReader.isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
      index += 1
      while index < bytes.count, XMLReader.isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count,
        bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
      else { return nil }
      let quote = bytes[index]
      index += 1
      guard let end = next(quote) else { return nil }
      let value = index..<end
      index = end + 1
      return (name, value)
    }
  }
}
