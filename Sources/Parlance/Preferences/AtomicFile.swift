import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file's contents all at once: temporary file, flush, rename.
enum AtomicFile {
  struct WriteError: Error, CustomStringConvertible {
    let path: String
    let operation: String
    let code: Int32
    var description: String {
      "cannot \(operation) '\(path)': \(SystemErrorText.of(code))"
    }
  }

  static func write(_ data: Data, to url: URL) throws {
    let target = url.path
    let temporary = target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw WriteError(path: temporary, operation: "create", code: errno)
    }
    var failure: WriteError?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = WriteError(path: temporary, operation: "write", code: errno)
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 {
      failure = WriteError(path: temporary, operation: "flush", code: errno)
    }
    close(descriptor)
    if failure == nil, rename(temporary, target) != 0 {
      failure = WriteError(path: target, operation: "replace", code: errno)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }
}
