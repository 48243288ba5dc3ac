import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Parsed catalog files by path, reused while the file on disk is unchanged.
///
/// A file counts as unchanged while its inode, size and modification time (to the
/// nanosecond) are the same, so an editor's write-then-rename save is seen as a change.
/// This is what lets a reload reparse only the file a translator saved.
final class ParsedFileCache: Sendable {
  typealias Parsed = (entries: [ParsedEntry], diagnostics: [Diagnostic])

  private struct Signature: Hashable {
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int
  }

  private let files = Mutex<[String: (Signature, Parsed)]>([:])
  private let catalogs = Mutex<[String: (Signature, XCStringsFile)]>([:])

  /// The entries of `url`, parsed by `parse` unless the same file was parsed before.
  func entries(of url: URL, parse: () throws -> Parsed) throws -> Parsed {
    let signature = Self.signature(of: url)
    if let signature, let (known, parsed) = files.withLock({ $0[url.path] }), known == signature {
      return parsed
    }
    let parsed = try parse()
    if let signature { files.withLock { $0[url.path] = (signature, parsed) } }
    return parsed
  }

  /// The String Catalog at `url`, read again only when it changed.
  func stringCatalog(at url: URL) throws -> XCStringsFile {
    let signature = Self.signature(of: url)
    if let signature, let (known, file) = catalogs.withLock({ $0[url.path] }), known == signature {
      return file
    }
    let file = try XCStringsParser.parse(contentsOf: url)
    if let signature { catalogs.withLock { $0[url.path] = (signature, file) } }
    return file
  }

  private static func signature(of url: URL) -> Signature? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    return Signature(
      inode: UInt64(status.st_ino), size: Int64(status.st_size),
      seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
  }
}
