import Foundation
import Parlance
import ParlanceGtk

/// A walk through a running program to reach what is not open at start, one step a line
/// (`parlance screenshot --run --steps FILE`), made again after each language's switch:
///
/// ```
/// # Transmission's preferences, then its About dialog
/// click Preferences
/// shot preferences
/// close
/// key CTRL+O
/// shot open
/// close
/// ```
///
/// `click NAME` clicks what shows NAME in the development language (a menu item, a
/// button, a toolbar's action: found by its message, so in every language), `key KEY`
/// presses a key (`CTRL+O`, `SHIFT+F10`, `Escape`), `type TEXT` types at the focus,
/// `shot LABEL` photographs every window shown as `NN-TAG-LABEL-WINDOW.png` (but one
/// that looks as in the language's first picture), `close`
/// closes an open menu or the dialog in front. Blank lines and lines from `#` are left
/// out.
public struct LiveSteps: Sendable {
  /// What a line asks.
  public enum Step: Sendable, Hashable {
    case click(String)
    case key(String)
    case type(String)
    case shot(String)
    case close
  }

  /// A step and the line it is on (from 1).
  public struct Line: Sendable, Hashable {
    /// The line's number.
    public let number: Int
    /// The step.
    public let step: Step
  }

  /// A steps file that cannot be read, or a step that cannot be made: `FILE:LINE:COLUMN:
  /// error: …` as a compiler says it.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// The message, naming the file and line.
    public let description: String
  }

  /// The file the steps were read from.
  public let file: String
  /// The steps, in order.
  public let lines: [Line]

  /// The steps of the file at `path`.
  ///
  /// - Throws: `Failure` when it cannot be read or a line is no step.
  public init(contentsOf path: String) throws(Failure) {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw Failure(
        description: "parlance: error: cannot read '\(path)': \(error.localizedDescription)")
    }
    try self.init(text, file: path)
  }

  /// The steps of `text`, read from `file`.
  ///
  /// - Throws: `Failure` naming the line and column of the first line that is no step.
  public init(_ text: String, file: String) throws(Failure) {
    self.file = file
    var lines: [Line] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let indent = line.prefix { $0 == " " || $0 == "\t" }.count
      let content = line.dropFirst(indent)
      guard !content.isEmpty, !content.hasPrefix("#") else { continue }
      let verb = String(content.prefix { $0 != " " && $0 != "\t" })
      let argument = content.dropFirst(verb.count).trimmingCharacters(in: .whitespaces)
      func failure(_ message: String, column: Int = indent + 1) -> Failure {
        Failure(description: "\(file):\(index + 1):\(column): error: \(message)")
      }
      let argumentColumn = indent + verb.count + 2
      let step: Step
      switch verb {
      case "click", "type":
        guard !argument.isEmpty else { throw failure("\(verb) needs a text: \(verb) TEXT") }
        step = verb == "click" ? .click(argument) : .type(argument)
      case "key":
        guard let key = Self.accelerator(argument) else {
          throw failure(
            "'\(argument)' is not a key: name one as CTRL+O, SHIFT+F10, ALT+F, Escape",
            column: argumentColumn)
        }
        step = .key(key)
      case "shot":
        guard !argument.isEmpty,
          argument.unicodeScalars.allSatisfy({
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_"
          })
        else {
          throw failure(
            "shot needs a label of letters, digits, - and _ (it names the file)",
            column: argumentColumn)
        }
        step = .shot(argument)
      case "close":
        guard argument.isEmpty else {
          throw failure("close takes nothing after it", column: argumentColumn)
        }
        step = .close
      default:
        throw failure(
          "unknown step '\(verb)' (click NAME, key KEY, type TEXT, shot LABEL, close)")
      }
      lines.append(Line(number: index + 1, step: step))
    }
    self.lines = lines
  }

  /// GTK's form of a key written `CTRL+SHIFT+O` (`<Control><Shift>o`); nil when it is
  /// not one: modifiers `CTRL`, `SHIFT`, `ALT`, `SUPER` (any case), then one key, a
  /// character or a name GTK knows (`F10`, `Escape`, `Return`, `Tab`, `Delete`).
  static func accelerator(_ written: String) -> String? {
    let parts = written.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    guard let key = parts.last, !key.isEmpty, !key.contains(" ") else { return nil }
    let names = [
      "CTRL": "<Control>", "CONTROL": "<Control>", "SHIFT": "<Shift>", "ALT": "<Alt>",
      "SUPER": "<Super>",
    ]
    var modifiers = ""
    for part in parts.dropLast() {
      guard let name = names[part.uppercased()] else { return nil }
      modifiers += name
    }
    // One character is its key in lower case (GTK's name of the letter); a name is GTK's.
    let named = ["ESC": "Escape", "ENTER": "Return", "SPACE": "space", "DEL": "Delete"]
    let keyName = key.count == 1 ? key.lowercased() : named[key.uppercased()] ?? key
    return modifiers + keyName
  }
}
