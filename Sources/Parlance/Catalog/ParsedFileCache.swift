import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Parsed catalog files by path, reused while the file on disk is unchanged.
///
/// A file counts as unchanged while its inode, size and modification time (to the
/// nanosecond) are the same, so an editor's write-then-rename save is seen as a change.
/// This is what lets a reload reparse only the file a translator saved. A file that is
/// gone is forgotten: when asked for it, or when its folder is listed without it.
final class ParsedFileCache: Sendable {
  /// A file's entries as a table of their own (a language with one file per table uses
  /// it as is, sharing its storage), and what the file said.
  typealias Parsed = (table: CatalogTable, diagnostics: [Diagnostic])

  private struct Signature: Hashable {
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int
  }

  private let files = Lock<[String: (Signature, Parsed)]>([:])
  private let catalogs = Lock<[String: (Signature, XCStringsCatalog)]>([:])

  /// The entries of `url`, parsed by `parse` unless the same file was parsed before.
  func table(of url: URL, parse: () throws -> Parsed) throws -> Parsed {
    guard let signature = Self.signature(of: url) else {
      files.withLock { $0[url.path] = nil }
      return try parse()
    }
    if let (known, parsed) = files.withLock({ $0[url.path] }), known == signature {
      return parsed
    }
    let parsed = try parse()
    files.withLock { $0[url.path] = (signature, parsed) }
    return parsed
  }

  /// The String Catalog at `url`, read again only when it changed. Its languages are
  /// built as they are asked for, once, and kept with it.
  func stringCatalog(at url: URL) throws -> XCStringsCatalog {
    guard let signature = Self.signature(of: url) else {
      catalogs.withLock { $0[url.path] = nil }
      return try XCStringsCatalog(contentsOf: url)
    }
    if let (known, catalog) = catalogs.withLock({ $0[url.path] }), known == signature {
      return catalog
    }
    let catalog = try XCStringsCatalog(contentsOf: url)
    catalogs.withLock { $0[url.path] = (signature, catalog) }
    return catalog
  }

  /// Forgets the files of `directory` that are not among `names` (deleted since).
  func forgetFiles(in directory: URL, except names: [String]) {
    let prefix = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
    let kept = Set(names.map { prefix + $0 })
    files.withLock { files in
      let gone = files.keys.filter { path in
        path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/")
          && !kept.contains(path)
      }
      for path in gone { files[path] = nil }
    }
  }

  /// Parsed files held, for tests of eviction.
  var count: Int { files.withLock { $0.count } + catalogs.withLock { $0.count } }

  private static func signature(of url: URL) -> Signature? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    return Signature(
      inode: UInt64(status.st_ino), size: Int64(status.st_size),
      seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
  }
}
