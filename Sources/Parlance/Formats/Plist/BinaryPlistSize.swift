import Foundation

/// How much a binary property list holds once read, counted from its object table before
/// `PropertyListSerialization` reads it.
///
/// A binary list names its objects by number, so a few bytes can name one long string
/// many times, and Foundation makes a separate copy for every name: 4 MB naming a 1 MB
/// string 100,000 times would take 100 GB. A reader asks first and refuses such a file.
///
/// ```
/// dict of 2,000 keys → the same 100 KB string     file 110 KB, read 200 MB
/// ```
///
/// The same walk finds a set with members, which no catalog has and which
/// `PropertyListSerialization` on Linux cannot read: it crashes making it a Swift `Set`
/// (swift-corelibs-foundation, Swift 6.3). A reader refuses such a file too.
enum BinaryPlistSize {
  /// A file that would take more than this once read, and more than `ratio` times its
  /// own size, is refused (real binary catalogs take about their size).
  static let limit = 64 << 20
  static let ratio = 16

  /// The bytes the list would take once read: every string and data object counted each
  /// time it is named, 16 bytes for every other object named; nil when its trailer or an
  /// object cannot be read, or objects name each other in a cycle (Foundation then says
  /// what is wrong). Saturates at `Int.max`. Time is linear in the size of the file.
  static func expandedBytes(_ data: Data) -> Int? {
    inspection(of: data)?.expanded
  }

  /// What the walk of a list's objects from its top found.
  struct Inspection {
    /// What `expandedBytes` says.
    var expanded: Int
    /// Whether an object of the list is a set with members.
    var holdsSet: Bool
  }

  static func inspection(of data: Data) -> Inspection? {
    data.withUnsafeBytes { inspection(of: $0.assumingMemoryBound(to: UInt8.self)) }
  }

  /// Why a binary list is not read, in a diagnostic's words: it holds a set with members,
  /// or it would take too much once read (more than `limit` and more than `ratio` times
  /// the file); nil for any other file.
  static func refusal(_ data: Data) -> String? {
    guard let inspection = inspection(of: data) else { return nil }
    if inspection.holdsSet {
      return "the binary property list holds a set, which no catalog has and Foundation "
        + "cannot read here; it is not read"
    }
    let expanded = inspection.expanded
    guard expanded > max(limit, ratio * data.count) else { return nil }
    // Foundation would make a copy of a string for every time the list names it.
    return "the binary property list names its texts over and over: read, it would take "
      + "\(expanded / (1 << 20)) MB; it is not read"
  }

  static func inspection(of bytes: UnsafeBufferPointer<UInt8>) -> Inspection? {
    let count = bytes.count
    guard count >= 8 + 32, bytes.starts(with: Array("bplist".utf8)) else { return nil }
    let trailer = count - 32
    func number(at offset: Int, _ size: Int) -> Int? {
      guard size >= 1, size <= 8, offset >= 0, offset + size <= count else { return nil }
      var value: UInt64 = 0
      for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }
    guard let offsetSize = number(at: trailer + 6, 1),
      let referenceSize = number(at: trailer + 7, 1),
      let objects = number(at: trailer + 8, 8), let top = number(at: trailer + 16, 8),
      let table = number(at: trailer + 24, 8), (1...8).contains(offsetSize),
      (1...8).contains(referenceSize), objects > 0, objects <= count, top < objects,
      table <= trailer, objects <= (trailer - table) / offsetSize
    else { return nil }

    /// An object's type (the marker's high nibble), its length or count, and where its
    /// contents start.
    func header(_ object: Int) -> (type: UInt8, count: Int, body: Int)? {
      guard let at = number(at: table + object * offsetSize, offsetSize), at < trailer else {
        return nil
      }
      let type = bytes[at] >> 4
      var length = Int(bytes[at] & 0x0F)
      var body = at + 1
      // Data, strings and collections give a longer length as an integer object.
      if [0x4, 0x5, 0x6, 0xA, 0xC, 0xD].contains(type), length == 0x0F {
        guard body < trailer, bytes[body] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[body] & 0x0F)
        guard let long = number(at: body + 1, size) else { return nil }
        length = long
        body += 1 + size
      }
      return (type, length, body)
    }
    /// How many objects a collection names: a dictionary its keys and its values.
    func references(_ type: UInt8, _ length: Int) -> Int {
      switch type {
      case 0xA, 0xC: length
      case 0xD: length > Int.max / 2 ? Int.max : 2 * length
      default: 0
      }
    }
    func reference(_ body: Int, _ index: Int) -> Int? {
      number(at: body + index * referenceSize, referenceSize)
    }
    func adding(_ left: Int, _ right: Int) -> Int {
      let (sum, overflow) = left.addingReportingOverflow(right)
      return overflow ? Int.max : sum
    }

    // Each object's size once known; -1 not yet, -2 on the way (a cycle when met again).
    // A walk with a stack of its own: lists nest deeper than a thread's stack allows.
    var sizes = [Int](repeating: -1, count: objects)
    var stack: [(object: Int, next: Int)] = [(top, 0)]
    sizes[top] = -2
    var holdsSet = false
    while let (object, next) = stack.last {
      guard let (type, length, body) = header(object) else { return nil }
      if type == 0xC, length > 0 { holdsSet = true }
      let named = references(type, length)
      guard named == 0 || (named <= (trailer - body) / referenceSize) else { return nil }
      if next < named {
        guard let child = reference(body, next), child < objects else { return nil }
        stack[stack.count - 1].next += 1
        switch sizes[child] {
        case -2: return nil
        case -1:
          sizes[child] = -2
          stack.append((child, 0))
        default: break
        }
        continue
      }
      var size =
        switch type {
        case 0x4, 0x5: length
        case 0x6: length > Int.max / 2 ? Int.max : 2 * length
        default: 16
        }
      for index in 0..<named {
        guard let child = reference(body, index) else { return nil }
        size = adding(size, sizes[child])
      }
      sizes[object] = size
      stack.removeLast()
    }
    return Inspection(expanded: sizes[top], holdsSet: holdsSet)
  }
}
