import Foundation
import Testing

@testable import Parlance

/// Binary property lists that name their objects over and over, nest deep or loop,
/// written byte by byte (`bplist00`: objects, an offset table, a 32-byte trailer).
@Suite struct BinaryPlistSizeTests {
  private func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// A marker of `type` with `count`, the count as a 4-byte integer object past 14.
  private func marker(_ type: UInt8, _ count: Int) -> [UInt8] {
    count < 15 ? [type << 4 | UInt8(count)] : [type << 4 | 0x0F, 0x12] + bigEndian(count, 4)
  }

  private func ascii(_ text: String) -> [UInt8] { marker(0x5, text.utf8.count) + Array(text.utf8) }

  private func list(_ objects: [[UInt8]], referenceSize: Int) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += bigEndian(offset, 4) }
    bytes += [0, 0, 0, 0, 0, 0, 4, UInt8(referenceSize)]
    bytes += bigEndian(objects.count, 8) + bigEndian(0, 8) + bigEndian(table, 8)
    return Data(bytes)
  }

  /// A dictionary of `keys` names, every value the one string `value` (object 1).
  private func sharedValue(_ value: String, keys: Int) -> Data {
    let references =
      (0..<keys).flatMap { bigEndian(2 + $0, 4) } + (0..<keys).flatMap { _ in bigEndian(1, 4) }
    let names = (0..<keys).map { ascii("k\($0)") }
    return list([marker(0xD, keys) + references, ascii(value)] + names, referenceSize: 4)
  }

  @Test func foundationReadsTheListsWrittenHere() throws {
    let data = sharedValue("shared", keys: 3)
    let read = try PropertyListSerialization.propertyList(from: data, format: nil)
    #expect(read as? [String: String] == ["k0": "shared", "k1": "shared", "k2": "shared"])
    // The dictionary (16), three names of two bytes, and the value six bytes three times.
    #expect(BinaryPlistSize.expandedBytes(data) == 16 + 3 * 2 + 3 * 6)
  }

  /// 2,000 names for one 100 KB string: 110 KB that Foundation would make 200 MB of.
  /// The three readers that take property lists refuse it with one error, before
  /// Foundation reads it.
  @Test func aListNamingOneLongStringOverAndOverIsRefused() {
    let data = sharedValue(String(repeating: "x", count: 100_000), keys: 2_000)
    #expect(data.count < 150_000)
    #expect((BinaryPlistSize.expandedBytes(data) ?? 0) > 200_000_000)
    expectRefusedByEveryReader(data, saying: "names its texts over and over")
  }

  /// The `.stringsdict`, `.plist` and `.strings` readers each read nothing of `data` and
  /// say one error, whose message holds `reason`.
  private func expectRefusedByEveryReader(
    _ data: Data, saying reason: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let stringsdict = StringsdictParser.parse(data, file: "refused.stringsdict")
    let plist = PlistParser.parse(data, file: "refused.plist")
    let strings = StringsParser.parse(data, file: "refused.strings")
    #expect(
      stringsdict.entries.isEmpty && plist.entries.isEmpty && strings.entries.isEmpty,
      sourceLocation: sourceLocation)
    for diagnostics in [stringsdict.diagnostics, plist.diagnostics, strings.diagnostics] {
      #expect(diagnostics.count == 1, sourceLocation: sourceLocation)
      #expect(
        diagnostics.first?.message.contains(reason) == true, sourceLocation: sourceLocation)
    }
  }

  /// A set with members, as a value, inside an array, or holding a set: Foundation on
  /// Linux crashes making one a Swift `Set` (an 8.7 KB `.strings` file found by
  /// FuzzStrings stopped `parlance lint` with a segmentation fault). The three readers
  /// refuse the file with one error before Foundation reads it; an empty set is read.
  @Test func aListHoldingASetIsRefusedBeforeFoundationReadsIt() {
    let withMembers: [[[UInt8]]] = [
      [
        marker(0xD, 1) + bigEndian(1, 4) + bigEndian(2, 4), ascii("a"),
        marker(0xC, 1) + bigEndian(3, 4), ascii("x"),
      ],
      [
        marker(0xD, 1) + bigEndian(1, 4) + bigEndian(2, 4), ascii("a"),
        marker(0xA, 1) + bigEndian(3, 4), marker(0xC, 1) + bigEndian(4, 4), ascii("x"),
      ],
      [
        marker(0xD, 1) + bigEndian(1, 4) + bigEndian(2, 4), ascii("a"),
        marker(0xC, 1) + bigEndian(3, 4), marker(0xC, 0),
      ],
    ]
    for objects in withMembers {
      let data = list(objects, referenceSize: 4)
      #expect(BinaryPlistSize.inspection(of: data)?.holdsSet == true)
      expectRefusedByEveryReader(data, saying: "holds a set")
    }
    let empty = list(
      [marker(0xD, 1) + bigEndian(1, 4) + bigEndian(2, 4), ascii("a"), marker(0xC, 0)],
      referenceSize: 4)
    #expect(BinaryPlistSize.inspection(of: empty)?.holdsSet == false)
    #expect(BinaryPlistSize.refusal(empty) == nil)
  }

  /// A top-level dictionary keyed by a number, a date or data, which only a binary list
  /// can write: Foundation reads it, and each reader says which is wrong, not that the
  /// top level is no dictionary.
  @Test func aTopLevelNameThatIsNotAStringIsSaid() {
    let names: [[UInt8]] = [
      [0x10, 5], [0x33, 0x41, 0xC3, 0, 0, 0, 0, 0, 0], marker(0x4, 1) + [7],
    ]
    for name in names {
      let data = list(
        [marker(0xD, 1) + bigEndian(1, 4) + bigEndian(2, 4), name, ascii("text")],
        referenceSize: 4)
      expectRefusedByEveryReader(data, saying: "a name of the top-level dictionary is not a string")
    }
  }

  /// The same string named a few times is read, as Foundation reads it.
  @Test func aListNamingAStringAFewTimesIsRead() {
    let data = sharedValue(String(repeating: "y", count: 1_000), keys: 20)
    let file = PlistParser.parse(data, file: "shared.plist")
    #expect(file.diagnostics.isEmpty)
    #expect(file.entries.count == 20)
  }

  /// 100,000 arrays each holding the next: counted without a stack frame per level.
  @Test func aDeepListIsCountedWithoutRecursion() {
    let depth = 100_000
    let objects = (0..<depth).map {
      $0 + 1 < depth ? marker(0xA, 1) + bigEndian($0 + 1, 4) : marker(0xA, 0)
    }
    #expect(BinaryPlistSize.expandedBytes(list(objects, referenceSize: 4)) == 16 * depth)
  }

  @Test func loopsAndBrokenTablesAreLeftToFoundation() {
    // An array holding itself.
    #expect(
      BinaryPlistSize.expandedBytes(list([marker(0xA, 1) + bigEndian(0, 4)], referenceSize: 4))
        == nil)
    // A reference past the objects.
    #expect(
      BinaryPlistSize.expandedBytes(list([marker(0xA, 1) + bigEndian(9, 4)], referenceSize: 4))
        == nil)
    // A collection longer than the file.
    #expect(BinaryPlistSize.expandedBytes(list([marker(0xA, 1_000)], referenceSize: 4)) == nil)
    // Cut short: no trailer.
    let whole = sharedValue("shared", keys: 3)
    #expect(BinaryPlistSize.expandedBytes(whole.prefix(whole.count - 5)) == nil)
    #expect(BinaryPlistSize.expandedBytes(Data("bplist00".utf8)) == nil)
  }
}
