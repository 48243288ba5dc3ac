import Foundation

extension Linter {
  /// Checks the translatable texts of `.ui` files against gettext translations, each
  /// finding where the translator can fix it (the `.po` entry; the `.ui` text when a
  /// language has no entry for it):
  ///
  /// - error: the source is valid Pango markup and the translation is not;
  ///   placeholders that differ from the source, as for any catalog;
  /// - warning: a text a language does not translate; a translation without the access
  ///   key (`_`) its source has; two texts of one toplevel whose translations end up with
  ///   the same access key although their sources had different ones (naming both).
  ///
  /// `translations` are gettext folders (`<tag>.po` at the top), resources folders or
  /// single `.po` files; without any, the `po/` folder of each file's project is used.
  /// The `.ui` files themselves must be well-formed (an error otherwise).
  public func lint(interfaces: [URL], translations: [URL]) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    for url in interfaces {
      let document: InterfaceDocument
      do {
        document = try InterfaceDocument.read(contentsOf: url)
      } catch {
        findings.append(
          Diagnostic(
            file: url.path, location: SourceLocation(line: 1, column: 1), severity: .error,
            kind: .unreadableFile(reason: error.localizedDescription)))
        continue
      }
      findings += document.diagnostics
      guard document.isUsable else { continue }
      let sources =
        translations.isEmpty
        ? ResourceFolder.gettextFolder(near: url).map { [$0] } ?? [] : translations
      for (language, table) in Self.gettextTables(sources).sorted(by: { $0.key < $1.key }) {
        findings += lint(document, language: language, table: table)
      }
    }
    return findings.sorted {
      ($0.file, $0.location, $0.message) < ($1.file, $1.location, $1.message)
    }
  }

  private func lint(_ document: InterfaceDocument, language: LanguageTag, table: CatalogTable)
    -> [Diagnostic]
  {
    var findings: [Diagnostic] = []
    /// toplevel → access key → the first text that took it, with its source's key.
    var accessKeys: [String: [Character: (text: InterfaceText, source: Character?)]] = [:]
    for text in document.texts {
      let key = CatalogEntry.key(text.msgid, context: text.context)
      guard let entry = table[key] else {
        findings.append(
          Diagnostic(
            file: document.file, location: text.location, severity: .warning,
            kind: .interfaceTextMissing(msgid: text.msgid, language: language.identifier)))
        continue
      }
      let source = CatalogEntry(
        message: .text(MessageTemplate(text.msgid)),
        origin: EntryOrigin(file: document.file, location: text.location))
      findings += comparePlaceholders(text.msgid, entry, source)
      if text.isMarkup, PangoMarkup.problem(in: text.msgid) == nil,
        let problem = PangoMarkup.problem(in: entry.value)
      {
        findings.append(
          Diagnostic(
            file: entry.origin.file, location: entry.origin.location, severity: .error,
            kind: .brokenMarkup(msgid: text.msgid, reason: problem)))
      }
      guard text.usesUnderline, let sourceKey = AccessKey.of(text.msgid) else { continue }
      guard let translatedKey = AccessKey.of(entry.value) else {
        findings.append(
          Diagnostic(
            file: entry.origin.file, location: entry.origin.location, severity: .warning,
            kind: .accessKeyDropped(msgid: text.msgid)))
        continue
      }
      if let first = accessKeys[text.toplevelID]?[translatedKey] {
        if first.source != sourceKey {
          findings.append(
            Diagnostic(
              file: entry.origin.file, location: entry.origin.location, severity: .warning,
              kind: .accessKeyClash(
                key: translatedKey, first: first.text.msgid, second: text.msgid,
                firstAt: table[CatalogEntry.key(first.text.msgid, context: first.text.context)]?
                  .origin.location ?? first.text.location)))
        }
      } else {
        accessKeys[text.toplevelID, default: [:]][translatedKey] = (text, sourceKey)
      }
    }
    return findings
  }

  /// The `Localizable` table of every language the sources translate into.
  static func gettextTables(_ sources: [URL]) -> [LanguageTag: CatalogTable] {
    var folders: [ResourceFolder] = []
    /// Single `.po` files, each parsed once: for its language (the file name, else its
    /// `Language` header) and its entries.
    var files: [(language: LanguageTag, url: URL, file: PoFile)] = []
    for url in sources {
      if CatalogFormatRegistry.format(forExtension: url.pathExtension)?.placements
        .contains(.gettextFolder) == true
      {
        guard let file = try? PoParser.parse(contentsOf: url) else { continue }
        let stem = url.deletingPathExtension().lastPathComponent
        if let tag = (try? LanguageTag(stem)) ?? file.language { files.append((tag, url, file)) }
      } else if let folder = try? ResourceFolder(url: url, layout: ResourceFolder.layout(of: url)) {
        folders.append(folder)
      }
    }
    var tables: [LanguageTag: CatalogTable] = [:]
    let loader = CatalogLoader(folders: folders, developmentLanguage: .english)
    for language in Set(folders.flatMap(\.languages)) where language != .english {
      tables[language] = loader.load(language).tables[Localizer.defaultTable] ?? CatalogTable()
    }
    for (language, url, file) in files {
      var table = tables[language] ?? CatalogTable()
      for entry in file.entries {
        table[entry.key] = CatalogEntry(
          message: entry.message, origin: EntryOrigin(file: url.path, location: entry.location))
      }
      tables[language] = table
    }
    return tables
  }
}
