import Foundation

/// What `PropertyListSerialization`'s error about a file says, in a diagnostic's words.
///
/// Foundation's messages on Linux are generic; the kind of file and its own detail
/// ("Close tag on line 4 does not match open tag key") are what help.
enum PlistReadError {
  /// `the XML property list cannot be read (…)`, with Foundation's detail when it gives
  /// one.
  static func reason(for error: any Error, binary: Bool) -> String {
    let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    let kind = binary ? "binary" : "XML"
    guard let detail, !detail.isEmpty else { return "the \(kind) property list cannot be read" }
    return "the \(kind) property list cannot be read (\(detail.lowercasedFirstLetter))"
  }

  /// A catalog's property list whose top level is not a dictionary.
  static let notADictionary = "the top level is not a dictionary"
  /// A top-level dictionary with a name that is not a string (a binary list's may be
  /// keyed by numbers, dates or data).
  static let nameNotAString = "a name of the top-level dictionary is not a string"

  /// Which of the two a top level Foundation read that is not a dictionary of string
  /// names is.
  static func topLevelProblem(_ plist: Any) -> String {
    plist is [AnyHashable: Any] ? nameNotAString : notADictionary
  }

  /// The line named by Foundation's XML error ("… on line 4 …"), at column 1; else 1:1.
  static func location(in error: any Error) -> SourceLocation {
    let start = SourceLocation(line: 1, column: 1)
    guard let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String,
      let range = detail.range(of: "line ")
    else { return start }
    let digits = detail[range.upperBound...].prefix(while: \.isASCIIDigit)
    guard let line = Int(digits), line >= 1 else { return start }
    return SourceLocation(line: line, column: 1)
  }
}

extension String {
  fileprivate var lowercasedFirstLetter: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
