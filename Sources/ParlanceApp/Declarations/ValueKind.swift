/// What a value on the command line is: what a shell can offer for it.
///
/// Declared with each option and positional (`--language` takes a language, `--po` a
/// folder, `UI_FILE` a `.ui` file), and read by the bash, zsh and fish completions, so a
/// completion never guesses from a metavariable. Alternatives combine with `or`:
/// `.language.or(.words("system"))` is `TAG|system`.
struct ValueKind: Equatable, Sendable {
  /// The files a value names.
  enum Files: Equatable, Sendable {
    /// Any file or folder.
    case any
    /// Folders only.
    case directories
    /// Files with this extension (without the dot), and the folders to reach them.
    case withExtension(String)
  }

  /// Literal words (`all`, `system`).
  var words: [String] = []
  /// Whether a language of `parlance languages` fits.
  var languages = false
  /// The files that fit, if any.
  var files: Files?

  /// Whether a shell has nothing to offer: free text.
  var isEmpty: Bool { words.isEmpty && !languages && files == nil }

  /// Free text (a key, a table name, an object id).
  static let text = ValueKind()
  /// A language tag, completed from `parlance languages`.
  static let language = ValueKind(languages: true)
  /// A folder.
  static let folder = ValueKind(files: .directories)
  /// Any file or folder.
  static let path = ValueKind(files: .any)

  /// A file with `fileExtension` (without the dot).
  static func file(extension fileExtension: String) -> ValueKind {
    ValueKind(files: .withExtension(fileExtension))
  }

  /// One of these literal words.
  static func words(_ words: String...) -> ValueKind {
    ValueKind(words: words)
  }

  /// A value of either kind: `.language.or(.words("system"))`.
  ///
  /// Two different kinds of files together (`.ui` files or folders) become any file.
  func or(_ other: ValueKind) -> ValueKind {
    var merged = self
    merged.words += other.words.filter { !merged.words.contains($0) }
    merged.languages = languages || other.languages
    switch (files, other.files) {
    case (nil, let files), (let files, nil): merged.files = files
    case (let mine?, let theirs?): merged.files = mine == theirs ? mine : .any
    }
    return merged
  }
}
