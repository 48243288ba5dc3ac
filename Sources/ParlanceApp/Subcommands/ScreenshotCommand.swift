import Foundation
import Parlance
import ParlanceUI

/// `parlance screenshot`: the window in every language, photographed from one process.
enum ScreenshotCommand: Subcommand {
  static let name = "screenshot"
  static let usage =
    "parlance screenshot --out DIR [--languages all|L1,L2] [--translations DIR] [--size WxH] "
    + "[--resources DIR] [--no-pseudo-locales]\n"
    + "       parlance screenshot --ui UI_FILE [--object ID] [--po DIR] --out DIR "
    + "[--languages all|L1,L2] [--resources DIR]"
  static let options: Set<String> = [
    "--out", "--languages", "--translations", "--size", "--resources", "--ui", "--object", "--po",
  ]
  static let flags: Set<String> = ["--no-pseudo-locales"]

  static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
    _ = try arguments.positionals()
    guard let out = arguments.value("--out") else { throw arguments.usageError("missing --out") }
    if let file = arguments.value("--ui") {
      return try runInterface(file, out: out, arguments)
    }
    for option in ["--object", "--po"] where arguments.value(option) != nil {
      throw arguments.usageError("\(option) needs --ui UI_FILE")
    }
    let (width, height) = try size(arguments.value("--size") ?? "760x640", arguments)
    let resources = ResourceLocator.resourceFolders(arguments)
    let localizer: Localizer
    do throws(LocalizerError) {
      // No preference store: photographing never changes the user's choice.
      localizer = try Localizer(
        resources: resources, reporter: StandardErrorReporter(),
        pseudoLocales: !arguments.has("--no-pseudo-locales"))
    } catch {
      throw CommandFailure(message: error.description)
    }
    let languages = try languages(arguments) ?? localizer.availableLanguages
    let directory = URL(fileURLWithPath: out, isDirectory: true)
    return try MainActor.assumeIsolated { () throws -> ExitStatus in
      do throws(ScreenshotSession.Failure) {
        let session = try ScreenshotSession(
          localizer: localizer, size: .init(width: width, height: height))
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
        print("report: \(directory.appendingPathComponent("report.md").path)")
        print("contact sheet: \(directory.appendingPathComponent("contact-sheet.png").path)")
        return .success
      } catch {
        throw CommandFailure(message: error.description)
      }
    }
  }

  /// `--languages L1,L2` as tags; nil for `all` or none given.
  static func languages(_ arguments: ParsedArguments) throws(UsageError) -> [LanguageTag]? {
    guard let list = arguments.value("--languages"), list != "all" else { return nil }
    var languages: [LanguageTag] = []
    for item in list.split(separator: ",") {
      do {
        languages.append(try LanguageTag(String(item)))
      } catch {
        throw arguments.usageError(error.description)
      }
    }
    return languages
  }

  private static func size(_ text: String, _ arguments: ParsedArguments) throws(UsageError)
    -> (Int, Int)
  {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (200...4000).contains(width), (200...4000).contains(height)
    else {
      throw arguments.usageError("--size takes WIDTHxHEIGHT between 200 and 4000, got '\(text)'")
    }
    return (width, height)
  }
}
