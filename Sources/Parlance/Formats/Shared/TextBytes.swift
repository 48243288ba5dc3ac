import Foundation

/// A text's UTF-8 bytes as a reader keeps them: an array it made, or the `Data` it was
/// given, read where it is (a 10 MB catalog is not copied to be read).
struct TextBytes: Sendable {
  private enum Storage: Sendable {
    case array([UInt8])
    case data(Data)
  }

  private let storage: Storage
  let count: Int

  init(_ bytes: [UInt8]) {
    storage = .array(bytes)
    count = bytes.count
  }

  init(_ data: Data) {
    storage = .data(data)
    count = data.count
  }

  func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    switch storage {
    case .array(let bytes): try bytes.withUnsafeBufferPointer(body)
    case .data(let data):
      try data.withUnsafeBytes { try body($0.assumingMemoryBound(to: UInt8.self)) }
    }
  }

  /// The bytes as an array, for the readers that take one (copied when they are `Data`).
  var array: [UInt8] {
    switch storage {
    case .array(let bytes): bytes
    case .data(let data): [UInt8](data)
    }
  }
}

extension TextDecoding {
  /// The UTF-8 text of a file's bytes, as `decodeUnicode` reads them: `data` itself when
  /// it is valid UTF-8 without a byte order mark (most files; nothing is copied), else
  /// the decoded copy.
  static func utf8Text(of data: Data) -> (text: TextBytes, decoded: DecodedText?) {
    let prefix = [UInt8](data.prefix(256))
    let plain =
      !prefix.starts(with: [0xEF, 0xBB, 0xBF]) && !prefix.starts(with: [0xFF, 0xFE])
      && !prefix.starts(with: [0xFE, 0xFF]) && guessUTF16ByteOrder(prefix) == nil
      && data.withUnsafeBytes({ firstInvalidUTF8Offset(in: $0.assumingMemoryBound(to: UInt8.self)) }
      )
        == nil
    if plain { return (TextBytes(data), nil) }
    let decoded = decodeUnicode([UInt8](data))
    return (TextBytes(decoded.utf8), decoded)
  }
}
