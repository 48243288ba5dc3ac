import Foundation
import Parlance
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A system error in Parlance's messages reads in English, whatever language gettext
/// answers in. Each test gives its own thread glibc's German (`uselocale`), which
/// `strerror` follows as it follows `LANGUAGE` once a screenshot or a preview switched
/// GTK's texts to German.
struct SystemErrorTextTests {
  /// Runs `body` with this thread's messages in German.
  private func inGerman(_ body: () throws -> Void) throws {
    let german = try #require(
      newlocale(1 << LC_MESSAGES, "de_DE.UTF-8", nil), "no de_DE.UTF-8 locale (locale-gen)")
    defer { freelocale(german) }
    let before = uselocale(german)
    defer { uselocale(before) }
    try #require(
      String(cString: strerror(ENOENT)) == "Datei oder Verzeichnis nicht gefunden",
      "glibc's German messages (the locales package)")
    try body()
  }

  @Test func aCatalogThatCannotBeReadSaysWhyInEnglish() throws {
    try inGerman {
      let missing = URL(fileURLWithPath: "/nonexistent-parlance/de/LC_MESSAGES/app.mo")
      #expect {
        _ = try MOFile(contentsOf: missing)
      } throws: { error in
        (error as? MOFileError)?.description
          == "cannot read '\(missing.path)': No such file or directory"
          && (error as? MOFileError)?.errorDescription == "No such file or directory"
      }
    }
  }

  @Test func everyNumberReadsAsTheCLocaleSaysIt() throws {
    try inGerman {
      #expect(SystemErrorText.of(EISDIR) == "Is a directory")
      #expect(SystemErrorText.of(ENOSPC) == "No space left on device")
      #expect(SystemErrorText.of(99_999) == "Unknown error 99999")
    }
  }
}
