#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sentence for a system error number (`errno`) as Parlance's messages give it: in
/// English, like the rest of them.
///
/// `strerror` answers in the language gettext answers in, which follows `LANGUAGE` and
/// the locale; and Parlance switches `LANGUAGE` for GTK's own texts (a screenshot's
/// languages, a preview's). A write that failed after a switch to German would say
/// "Ist ein Verzeichnis" in an English message, in whichever language was shown last.
/// The C locale's text is the same in every process at every moment.
///
/// ```swift
/// "cannot read '\(path)': \(SystemErrorText.of(code))"  // "… No such file or directory"
/// ```
package enum SystemErrorText {
  /// The C locale (its messages; the other categories are C too), made once:
  /// `strerror_l` only reads it, from any thread.
  nonisolated(unsafe) private static let cLocale = newlocale(1 << LC_MESSAGES, "C", nil)

  /// The sentence for `code`, such as "No such file or directory".
  package static func of(_ code: Int32) -> String {
    guard let cLocale, let text = strerror_l(code, cLocale) else {
      return "error \(code)"
    }
    return String(cString: text)
  }
}
