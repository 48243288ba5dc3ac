import Foundation

/// The package's own folders, found from the working directory or the executable.
///
/// `make bench` runs from the package root; a build with `--scratch-path /tmp/…` puts the
/// executable outside the package, so the working directory is tried first, then the
/// folders above the executable.
enum PackageRoot {
  static func locate() throws -> URL {
    let manager = FileManager.default
    var candidates = [URL(fileURLWithPath: manager.currentDirectoryPath, isDirectory: true)]
    let executable =
      (try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    for _ in 0..<5 {
      candidates.append(directory)
      directory = directory.deletingLastPathComponent()
    }
    for candidate in candidates {
      let manifest = candidate.appendingPathComponent("Package.swift", isDirectory: false)
      let resources = candidate.appendingPathComponent("Resources/en.lproj", isDirectory: true)
      if manager.fileExists(atPath: manifest.path), manager.fileExists(atPath: resources.path) {
        return candidate
      }
    }
    throw FixtureError(
      "cannot find the package root (Package.swift beside Resources/): run parlance-bench "
        + "from the package folder")
  }
}

/// The real-world catalogs of `<package root>/../shared/corpus`, as `MANIFEST.tsv` lists
/// them: one row per file with its format and size.
struct Corpus {
  struct File {
    let url: URL
    /// `strings`, `stringsdict`, `xcstrings` or `po`.
    let format: String
    let language: String
    let size: Int
    /// The manifest's note on what makes the file interesting.
    let notes: String

    /// `deltachat…ru.lproj__Localizable.strings`, for tables.
    var name: String { url.lastPathComponent }
  }

  let root: URL
  let files: [File]

  init(packageRoot: URL) throws {
    let root = packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/corpus", isDirectory: true)
      .standardizedFileURL
    self.root = root
    let manifest = root.appendingPathComponent("MANIFEST.tsv", isDirectory: false)
    let text: String
    do {
      text = try String(contentsOf: manifest, encoding: .utf8)
    } catch {
      throw FixtureError("cannot read the corpus manifest \(manifest.path): \(error)")
    }
    // The manifest has CRLF line ends: "\r\n" is one Character, a newline.
    var lines = text.split(whereSeparator: \.isNewline)
    guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false)
    else { throw FixtureError("\(manifest.path) is empty") }
    lines.removeFirst()
    func column(_ name: String) throws -> Int {
      guard let index = header.firstIndex(where: { $0 == name }) else {
        throw FixtureError("\(manifest.path) has no column '\(name)'")
      }
      return index
    }
    let (local, format, language, size, notes) = (
      try column("local_file"), try column("format"), try column("language"),
      try column("size_bytes"), try column("notes_tricky_features")
    )
    files = lines.compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count > max(local, format, language, size, notes), let bytes = Int(fields[size])
      else { return nil }
      return File(
        url: root.appendingPathComponent(fields[local], isDirectory: false),
        format: fields[format], language: fields[language], size: bytes,
        notes: fields[notes].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }
  }

  /// The largest file of `format`, by the manifest's size.
  func largest(_ format: String) throws -> File {
    guard let file = files.filter({ $0.format == format }).max(by: { $0.size < $1.size }) else {
      throw FixtureError("the corpus at \(root.path) has no .\(format) file")
    }
    return file
  }
}
