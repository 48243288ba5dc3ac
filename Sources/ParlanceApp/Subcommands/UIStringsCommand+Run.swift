import Foundation
import Parlance
import ParlanceGtk
import ParlanceLive

extension UIStringsCommand {
  /// `parlance ui-strings --run [--language TAG] [--json] PROGRAM [ARGS...]`: starts the
  /// program with the live module, waits for its first frame, and prints every text its
  /// windows, menus, models and accessibles show, with the message and catalog entry
  /// each came from and where it is drawn; then ends the program.
  static func runProgram(_ arguments: ParsedArguments) throws -> ExitStatus {
    for option in [
      CommonOptions.object.declaration, CommonOptions.po.declaration,
      CommonOptions.resources.declaration, CommonOptions.gettextDomain.declaration,
      CommonOptions.localeDir.declaration,
    ]
    where arguments.isGiven(option) {
      throw arguments.usageError("\(option.name) is for a UI_FILE, not --run")
    }
    // The first word is taken as UI_FILE by the parser, which knows no --run.
    let command =
      [arguments[file]?.path, arguments[program]].compactMap { $0 } + arguments[programArguments]
    guard !command.isEmpty else { throw arguments.usageError("missing PROGRAM") }
    let started: StartedProgram
    do {
      started = try StartedProgram(
        command, parlance: ResourceLocator.runningExecutable(),
        language: arguments[CommonOptions.language])
    } catch {
      throw CommandFailure(message: error.description)
    }
    defer { started.stop() }
    let reading: LiveReading
    do {
      let catalogs = try LiveSwitch.catalogs(of: started.program)
      reading = try LiveReading.read(
        started.program, catalogs: catalogs, photographingInto: nil)
    } catch {
      throw CommandFailure(message: error.description)
    }
    let name = started.program.name
    if arguments[CommonOptions.json] {
      print(JSONOutput.array(reading.texts.map { json($0, windows: reading.windows) }))
    } else {
      for text in reading.texts { print(line(text, program: name, windows: reading.windows)) }
    }
    return .success
  }

  /// The keys of a `.ui` file's texts (`ui` null), then `domain`, the `window` it is
  /// drawn in (its index among the program's windows) and its `rect` there, null for a
  /// text not drawn (a tooltip, a closed menu); its first place when it has several.
  static func json(_ text: LiveReading.Text, windows: [LiveBus.Window]) -> JSONOutput {
    let place = text.places.first
    return .object([
      ("object", .string(text.object)),
      ("class", .string(text.shown.className)),
      ("property", .string(text.shown.property)),
      ("context", text.message?.match.context.map(JSONOutput.string) ?? .null),
      ("msgid", text.message.map { .string($0.match.msgid) } ?? .null),
      ("value", .string(text.shown.text)),
      ("status", .string(text.status.rawValue)),
      ("ui", .null),
      ("source", text.source.map { .string($0.fileAndLine) } ?? .null),
      ("domain", text.message.map { .string($0.table) } ?? .null),
      ("window", place.map { .number(Double($0.window)) } ?? .null),
      (
        "rect",
        place.map {
          .object([
            ("x", .number(Double($0.x))), ("y", .number(Double($0.y))),
            ("width", .number(Double($0.width))), ("height", .number(Double($0.height))),
          ])
        } ?? .null
      ),
    ])
  }

  /// `mousepad: MousepadWindow/…/GtkMenuItem label = "_Datei" (mousepad "_File") at 8,30
  /// 40×20 in MousepadWindow`; `(not drawn)` for a text with no place, `(untranslated)`,
  /// `(fallback: pt)`, `(not from its catalogs)`.
  static func line(_ text: LiveReading.Text, program: String, windows: [LiveBus.Window])
    -> String
  {
    var line = "\(program): \(text.object) \(text.shown.property)"
    if let context = text.message?.match.context { line += " [\(context)]" }
    line += " = " + JSONOutput.quote(text.shown.text)
    if let message = text.message {
      line += " (\(message.table) " + JSONOutput.quote(message.match.msgid) + ")"
    }
    if let place = text.places.first, place.window < windows.count {
      line +=
        " at \(place.x),\(place.y) \(place.width)×\(place.height) in \(windows[place.window].name)"
    }
    var notes: [String] = []
    if text.places.isEmpty { notes.append("not drawn") }
    switch text.status {
    case .translated: break
    case .untranslated: notes.append("untranslated")
    case .fallback: notes.append("fallback: " + (text.suppliedBy?.identifier ?? "?"))
    case .none: notes.append("not from its catalogs")
    }
    return notes.isEmpty ? line : line + " (" + notes.joined(separator: "; ") + ")"
  }
}
