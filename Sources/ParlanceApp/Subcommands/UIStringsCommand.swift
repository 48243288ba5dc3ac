import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import ParlanceLive

/// `parlance ui-strings`: every translatable text of a `.ui` file as its widgets show it
/// in one language, read back from GTK after a live switch.
enum UIStringsCommand: Subcommand {
  /// The `.ui` file to read.
  static let file = Positional<FilePath>("UI_FILE", kind: .file(extension: "ui"), required: false)
  /// `--run`: read a running program instead, started for it.
  static let running = Flag("--run")
  /// The program `--run` starts, as `PATH` finds it, and its own arguments (after `--`
  /// when they look like options).
  static let program = Positional<String>("PROGRAM", kind: .text, required: false)
  static let programArguments = Positionals<String>("ARGS", atLeastOne: false)

  /// `parlance ui-strings UI_FILE [--object ID] [--po DIR] [--resources DIR]
  /// [--language TAG] [--json]`, and `parlance ui-strings --run [--language TAG] [--json]
  /// PROGRAM [ARGS...]`.
  static let signature = CommandSignature(
    "ui-strings",
    arguments: [
      file, CommonOptions.object, CommonOptions.po, CommonOptions.resources,
      CommonOptions.gettextDomain, CommonOptions.localeDir, CommonOptions.language,
      CommonOptions.json, running, program, programArguments,
    ],
    forms: [
      [
        Required(file), CommonOptions.object, CommonOptions.po, CommonOptions.resources,
        CommonOptions.gettextDomain, CommonOptions.localeDir, CommonOptions.language,
        CommonOptions.json,
      ],
      [
        Required(running), CommonOptions.language, CommonOptions.json, Required(program),
        programArguments,
      ],
    ])

  /// Prints each text as the widgets show it; exit 1 when the file cannot be used.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    if arguments[running] { return try runProgram(arguments) }
    if let extra = arguments[program] {
      throw arguments.usageError("unexpected argument '\(extra)'")
    }
    guard let path = arguments[file]?.path else { throw arguments.usageError("missing UI_FILE") }
    let language = arguments[CommonOptions.language]
    do throws(InterfaceInput.Failure) {
      let input = try InterfaceInput(path: path, arguments: arguments)
      let localizer = try input.makeLocalizer()
      let (shown, toolkit) = try MainActor.assumeIsolated {
        Result { () throws(InterfaceInput.Failure) in
          try read(input, localizer: localizer, language: language)
        }
      }.get()
      let file = input.document.file
      // GTK's own texts after the file's: those a gtk30 message shows.
      let known = toolkit.filter { $0.msgid != nil }
      if arguments[CommonOptions.json] {
        print(JSONOutput.array(shown.map { json($0, file: file) } + known.map(json)))
      } else {
        for text in shown { print(line(text, file: file)) }
        for text in known { print(line(text)) }
      }
      return .success
    } catch {
      standardError(error.message)
      return .failure
    }
  }

  /// Builds the interface in the system language, switches to `language`, and reads
  /// every text back from the widgets.
  @MainActor
  static func read(_ input: InterfaceInput, localizer: Localizer, language: LanguageTag?)
    throws(InterfaceInput.Failure) -> ([ShownText], [ToolkitTexts.Text])
  {
    guard Gtk.initialize() else {
      throw .init(
        message: "parlance: error: cannot open the display: ui-strings builds the widgets "
          + "to read them back (run it under X, or Xvfb: scripts/with-display)")
    }
    let interface: LocalizedInterface
    do {
      interface = try LocalizedInterface(
        document: input.document, localizer: localizer, table: input.sources.textTable,
        objectIDs: input.objectIDs, toolkit: input.toolkitTexts())
    } catch {
      throw .init(message: error.description)
    }
    for diagnostic in interface.diagnostics { standardError(diagnostic.description) }
    defer {
      for (_, built) in interface.toplevels { built.widget?.destroy() }
    }
    if let language {
      do {
        try localizer.switchLanguage(to: .pinned(language), persisting: false)
      } catch {
        throw .init(message: "parlance: error: \(error.description)")
      }
      // The switch reaches the widgets through the main loop, as in an application.
      let applied = Gtk.iterate(
        until: { interface.appliedRevision == localizer.revision }, timeout: .seconds(10))
      guard applied else {
        throw .init(message: "parlance: error: the switch to \(language) never reached the widgets")
      }
    }
    return (interface.shownTexts(), interface.toolkitTexts)
  }

  /// A text GTK shows of its own: `object` and `ui` null, `source` its gtk30 entry.
  static func json(_ text: ToolkitTexts.Text) -> JSONOutput {
    .object([
      ("object", .null),
      ("class", .string(text.className)),
      ("property", .string(text.property)),
      ("context", text.context.map(JSONOutput.string) ?? .null),
      ("msgid", text.msgid.map(JSONOutput.string) ?? .null),
      ("value", .string(text.value)),
      ("status", .string(text.origin == nil ? "untranslated" : "translated")),
      ("ui", .null),
      (
        "source",
        text.origin.map { .string(InterfaceInput.display($0.file) + ", \($0.location)") } ?? .null
      ),
    ])
  }

  /// `GTK: GtkButton label [Stock label] = "A_nnuler" (gtk30 '_Cancel')`.
  static func line(_ text: ToolkitTexts.Text) -> String {
    var line = "GTK: \(text.className) \(text.property)"
    if let context = text.context { line += " [\(context)]" }
    line += " = " + JSONOutput.quote(text.value)
    if let msgid = text.msgid {
      line += " (\(ToolkitTexts.domain) " + JSONOutput.quote(msgid) + ")"
    }
    if text.origin == nil { line += " (untranslated)" }
    return line
  }

  /// `ui` and `source` as `file:line`; `object` the id, or a path for objects without.
  static func json(_ shown: ShownText, file: String) -> JSONOutput {
    let text = shown.text
    return .object([
      ("object", .string(text.objectPath)),
      ("class", .string(text.className)),
      ("property", .string(text.property)),
      ("context", text.context.map(JSONOutput.string) ?? .null),
      ("msgid", .string(text.msgid)),
      ("value", shown.value.map(JSONOutput.string) ?? .null),
      ("status", .string(shown.status.rawValue)),
      ("ui", .string("\(file):\(text.location.line)")),
      (
        "source",
        shown.source.map { source in
          let place =
            source.location.isTextPosition
            ? ":\(source.location.line)" : ", \(source.location)"
          return .string(InterfaceInput.display(source.file) + place)
        } ?? .null
      ),
    ])
  }

  /// `dialog.ui:12: save-button label [verb] = "_Speichern"`, then what is unusual:
  /// `(untranslated)`, `(fallback: de)`; a text nothing shows has no value:
  /// `dialog.ui:30: chart caption: not shown (a placeholder for class 'DemoChart')`,
  /// `(inside a placeholder for class 'HdySqueezer')` or `(GtkBuilder refused it: left
  /// out)`.
  static func line(_ shown: ShownText, file: String) -> String {
    let text = shown.text
    var line = "\(file):\(text.location.line): \(text.objectPath) \(text.property)"
    if let context = text.context { line += " [\(context)]" }
    var notes: [String] = []
    if let value = shown.value {
      line += " = " + JSONOutput.quote(value)
    } else {
      line += ": not shown"
      if shown.isLeftOut {
        notes.append("GtkBuilder refused it: left out")
      } else if let placeholder = shown.placeholderClass {
        notes.append(
          placeholder == text.className
            ? "a placeholder for class '\(placeholder)'"
            : "inside a placeholder for class '\(placeholder)'")
      } else {
        notes.append("GTK has no such property on \(text.className)")
      }
    }
    switch shown.status {
    case .translated: break
    case .untranslated: notes.append("untranslated")
    case .fallback: notes.append("fallback: " + (shown.language?.identifier ?? "?"))
    }
    return notes.isEmpty ? line : line + " (" + notes.joined(separator: "; ") + ")"
  }
}
