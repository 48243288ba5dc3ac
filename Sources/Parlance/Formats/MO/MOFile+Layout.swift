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

    // Straight-line code without nested functions: a closure capturing the layout would
    // put it on the heap, and opening a catalog is timed against glibc's.
    static func read(_ bytes: UnsafeRawBufferPointer, path: String) -> Layout {
      var layout = Layout()
      let size = bytes.count
      guard size >= MOFile.headerSize,
        let little = MOFile.word(at: 0, in: bytes, bigEndian: false)
      else {
        layout.fail(.compiledCatalogTooShort(size: size), at: 0, path: path)
        return layout
      }
      if little == MOFile.magic {
        layout.bigEndian = false
      } else if little.byteSwapped == MOFile.magic {
        layout.bigEndian = true
      } else {
        layout.fail(.notACompiledCatalog(magic: little), at: 0, path: path)
        return layout
      }
      let big = layout.bigEndian
      layout.revision = MOFile.word(at: 4, in: bytes, bigEndian: big) ?? 0
      guard layout.revision >> 16 <= 1 else {
        layout.fail(.unsupportedCatalogRevision(layout.revision), at: 4, path: path)
        return layout
      }
      let declared = Int(MOFile.word(at: 8, in: bytes, bigEndian: big) ?? 0)
      layout.originals = Int(MOFile.word(at: 12, in: bytes, bigEndian: big) ?? 0)
      layout.translations = Int(MOFile.word(at: 16, in: bytes, bigEndian: big) ?? 0)
      layout.count = declared
      // Each table keeps the entries that lie inside the file; the messages are those
      // both tables describe.
      layout.fit("original strings", at: layout.originals, field: 12, declared, size, path)
      layout.fit("translations", at: layout.translations, field: 16, declared, size, path)
      layout.hashSize = Int(MOFile.word(at: 20, in: bytes, bigEndian: big) ?? 0)
      layout.hashOffset = Int(MOFile.word(at: 24, in: bytes, bigEndian: big) ?? 0)
      if layout.hashSize <= 2 {
        // glibc takes a table of two words or fewer for none.
        layout.hashSize = 0
      } else if layout.hashOffset + layout.hashSize * 4 > size {
        layout.diagnostics.append(
          Diagnostic(
            file: path, location: .byte(20), severity: .warning,
            kind: .hashTableOutOfBounds(
              size: layout.hashSize, offset: layout.hashOffset, fileSize: size)))
        layout.hashSize = 0
      }
      guard layout.revision & 0xFFFF >= 1 else { return layout }
      guard size >= MOFile.revisionOneHeaderSize else {
        layout.diagnostics.append(
          Diagnostic(
            file: path, location: .byte(MOFile.headerSize), severity: .error,
            kind: .compiledCatalogTooShort(size: size)))
        return layout
      }
      layout.segmentCount = Int(MOFile.word(at: 28, in: bytes, bigEndian: big) ?? 0)
      layout.segmentsOffset = Int(MOFile.word(at: 32, in: bytes, bigEndian: big) ?? 0)
      layout.systemDependentCount = Int(MOFile.word(at: 36, in: bytes, bigEndian: big) ?? 0)
      layout.systemDependentOriginals = Int(MOFile.word(at: 40, in: bytes, bigEndian: big) ?? 0)
      layout.systemDependentTranslations = Int(
        MOFile.word(at: 44, in: bytes, bigEndian: big) ?? 0)
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

    /// An error that leaves the file without messages.
    private mutating func fail(_ kind: Diagnostic.Kind, at offset: Int, path: String) {
      diagnostics.append(
        Diagnostic(file: path, location: .byte(offset), severity: .error, kind: kind))
      count = 0
      hashSize = 0
      systemDependentCount = 0
    }

    /// Keeps the messages whose descriptors in the table at `offset` lie inside the file.
    private mutating func fit(
      _ name: String, at offset: Int, field: Int, _ declared: Int, _ size: Int, _ path: String
    ) {
      let fitting = offset >= size ? 0 : (size - offset) / 8
      guard fitting < count else { return }
      diagnostics.append(
        Diagnostic(
          file: path, location: .byte(field), severity: .error,
          kind: .catalogTableOutOfBounds(
            table: name, entries: declared, offset: offset, fileSize: size)))
      count = fitting
    }
  }
}
