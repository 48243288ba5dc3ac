extension MOFile {
  /// The header's words, checked against the file's size: where the tables are and how
  /// many of their entries lie inside the file.
  ///
  /// Nothing is allocated from a count before it is checked: a header claiming four
  /// billion messages in a 100-byte file opens with the messages that fit (none) and an
  /// error, not a 32 GB table.
  struct Layout {
    var bigEndian = false
    var revision: UInt32 = 0
    var count = 0
    var originals = 0
    var translations = 0
    var hashSize = 0
    var hashOffset = 0
    var segmentCount = 0
    var segmentsOffset = 0
    var systemDependentCount = 0
    var systemDependentOriginals = 0
    var systemDependentTranslations = 0
    var diagnostics: [Diagnostic] = []

    static func read(_ bytes: UnsafeRawBufferPointer, path: String) -> Layout {
      var layout = Layout()
      func fail(_ kind: Diagnostic.Kind, at offset: Int) -> Layout {
        layout.diagnostics.append(
          Diagnostic(file: path, location: .byte(offset), severity: .error, kind: kind))
        layout.count = 0
        layout.hashSize = 0
        layout.systemDependentCount = 0
        return layout
      }
      guard bytes.count >= MOFile.headerSize else {
        return fail(.compiledCatalogTooShort(size: bytes.count), at: 0)
      }
      guard let little = MOFile.word(at: 0, in: bytes, bigEndian: false) else { return layout }
      if little == MOFile.magic {
        layout.bigEndian = false
      } else if little.byteSwapped == MOFile.magic {
        layout.bigEndian = true
      } else {
        return fail(.notACompiledCatalog(magic: little), at: 0)
      }
      func word(_ offset: Int) -> Int {
        Int(MOFile.word(at: offset, in: bytes, bigEndian: layout.bigEndian) ?? 0)
      }
      layout.revision = UInt32(word(4))
      guard layout.revision >> 16 <= 1 else {
        return fail(.unsupportedCatalogRevision(layout.revision), at: 4)
      }
      let declared = word(8)
      layout.originals = word(12)
      layout.translations = word(16)
      layout.count = declared
      // Each table keeps the entries that lie inside the file; the messages are those
      // both tables describe.
      for (name, offset, field) in [
        ("original strings", layout.originals, 12), ("translations", layout.translations, 16),
      ] {
        let fitting = offset >= bytes.count ? 0 : (bytes.count - offset) / 8
        if fitting < layout.count {
          layout.diagnostics.append(
            Diagnostic(
              file: path, location: .byte(field), severity: .error,
              kind: .catalogTableOutOfBounds(
                table: name, entries: declared, offset: offset, fileSize: bytes.count)))
          layout.count = fitting
        }
      }
      layout.hashSize = word(20)
      layout.hashOffset = word(24)
      if layout.hashSize > 2 {
        if layout.hashOffset + layout.hashSize * 4 > bytes.count {
          layout.diagnostics.append(
            Diagnostic(
              file: path, location: .byte(20), severity: .warning,
              kind: .hashTableOutOfBounds(
                size: layout.hashSize, offset: layout.hashOffset, fileSize: bytes.count)))
          layout.hashSize = 0
        }
      } else {
        // glibc takes a table of two words or fewer for none.
        layout.hashSize = 0
      }
      guard layout.revision & 0xFFFF >= 1 else { return layout }
      guard bytes.count >= MOFile.revisionOneHeaderSize else {
        layout.diagnostics.append(
          Diagnostic(
            file: path, location: .byte(MOFile.headerSize), severity: .error,
            kind: .compiledCatalogTooShort(size: bytes.count)))
        return layout
      }
      layout.segmentCount = word(28)
      layout.segmentsOffset = word(32)
      layout.systemDependentCount = word(36)
      layout.systemDependentOriginals = word(40)
      layout.systemDependentTranslations = word(44)
      if layout.systemDependentCount > 0 && layout.hashSize == 0 {
        // glibc finds system-dependent messages only through the hash table.
        layout.diagnostics.append(
          Diagnostic(
            file: path, location: .byte(36), severity: .error,
            kind: .systemDependentWithoutHashTable(count: layout.systemDependentCount)))
        layout.systemDependentCount = 0
      }
      return layout
    }
  }
}
