import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import ParlanceWindow

/// `parlance screenshot`: the window in every language, photographed from one process.
enum ScreenshotCommand: Subcommand {
  /// `--out DIR`: where the pictures and the report go.
  static let out = Option<Folder>("--out", "DIR", required: true)
  /// `--languages all|L1,L2`: the languages to photograph.
  static let languages = Option<LanguageSelection>("--languages", "all|L1,L2")
  /// `--size WxH`: the window's size.
  static let size = Option<WindowSize>("--size", "WxH")
  /// `--no-pseudo-locales`: leave out `en-XA` and `ar-XB`.
  static let noPseudoLocales = Flag("--no-pseudo-locales")
  /// `--ui UI_FILE`: photograph a `.ui` file's windows instead of Parlance's.
  static let ui = Option<FilePath>("--ui", "UI_FILE", kind: .file(extension: "ui"))

  /// `--steps FILE`: what `--run` does to reach windows not open at start, a step a line.
  static let steps = Option<FilePath>("--steps", "FILE")
  /// `--annotate`: a copy of each picture with every text's rectangle drawn, in
  /// `DIR/annotated`.
  static let annotate = Flag("--annotate")
  /// `--run`: photograph a running program, started for it, instead.
  static let running = Flag("--run")
  /// The program `--run` starts, as `PATH` finds it, and its own arguments (after `--`
  /// when they look like options).
  static let program = Positional<String>("PROGRAM", kind: .text, required: false)
  static let programArguments = Positionals<String>("ARGS", atLeastOne: false)

  /// Three usage lines: the Parlance window, a `.ui` file's windows, a running program's.
  static let signature = CommandSignature(
    "screenshot",
    arguments: [
      out, languages, CommonOptions.translations, size, CommonOptions.resources, noPseudoLocales,
      ui, CommonOptions.object, CommonOptions.po, CommonOptions.gettextDomain,
      CommonOptions.localeDir, running, steps, annotate, program, programArguments,
    ],
    forms: [
      [
        out, languages, CommonOptions.translations, size, CommonOptions.resources, noPseudoLocales,
        annotate,
      ],
      [
        Required(ui), CommonOptions.object, CommonOptions.po, CommonOptions.gettextDomain,
        CommonOptions.localeDir, out, languages, CommonOptions.resources, annotate,
      ],
      [Required(running), out, languages, steps, annotate, Required(program), programArguments],
    ])

  /// Photographs every language; exit 1 when a picture cannot be taken.
  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    let out = try arguments.value(Self.out).path
    Screenshot.keepFreedMemory()
    if arguments[running] { return try runProgram(out: out, arguments) }
    if arguments.isGiven(steps.declaration) {
      throw arguments.usageError("--steps needs --run")
    }
    if let extra = arguments[program] {
      throw arguments.usageError("unexpected argument '\(extra)'")
    }
    if let file = arguments[ui] {
      return try runInterface(file.path, out: out, arguments)
    }
    for option in [
      CommonOptions.object.declaration, CommonOptions.po.declaration,
      CommonOptions.gettextDomain.declaration, CommonOptions.localeDir.declaration,
    ]
    where arguments.isGiven(option) {
      throw arguments.usageError("\(option.name) needs --ui UI_FILE")
    }
    let size = arguments[Self.size] ?? WindowSize(width: 760, height: 640)
    let resources = ResourceLocator.resourceFolders(arguments)
    let localizer: Localizer
    do throws(LocalizerError) {
      // No preference store: photographing never changes the user's choice.
      localizer = try Localizer(
        resources: resources, reporter: StandardErrorReporter(),
        pseudoLocales: !arguments[noPseudoLocales])
    } catch {
      throw CommandFailure(message: error.description)
    }
    let languages = arguments[Self.languages]?.tags ?? localizer.availableLanguages
    let directory = URL(fileURLWithPath: out, isDirectory: true)
    return try MainActor.assumeIsolated { () throws -> ExitStatus in
      do throws(ScreenshotSession.Failure) {
        let session = try WindowScreenshots(
          localizer: localizer, size: .init(width: size.width, height: size.height))
        let total = languages.count
        var index = 0
        let shots = try session.capture(languages, into: directory) { shot in
          index += 1
          let report = shot.report
          print(
            "[\(index)/\(total)] \(shot.language): \(shot.file.path) "
              + "(\(report.missing.count) missing, \(report.fallbacks.count) fallback, "
              + "\(report.truncated.count) truncated)")
        }
        try session.writeSummary(of: shots, into: directory)
        if arguments[annotate] {
          try ScreenshotSession.writeAnnotated(
            shots, into: directory.appendingPathComponent("annotated"))
        }
        print("report: \(directory.appendingPathComponent("report.md").path)")
        print("contact sheet: \(directory.appendingPathComponent("contact-sheet.png").path)")
        return .success
      } catch {
        throw CommandFailure(message: error.description)
      }
    }
  }

}
