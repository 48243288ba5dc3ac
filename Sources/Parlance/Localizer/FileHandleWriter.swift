#if canImport(Glibc)
  import Glibc
#endif

/// Unbuffered writes to the standard streams, safe from any thread.
enum FileHandleWriter {
  static func standardError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = write(2, base + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
