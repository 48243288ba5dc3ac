import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

/// A running program photographed in several languages from one start (`parlance
/// screenshot --run`): switched live to each language, its windows drawn after the
/// frame that laid out the switch, written as `NN-<tag>-<window>.png`, with the report
/// of every text drawn in each (its message, the catalog entry that supplied it, its
/// rectangle in the picture) and of what a reviewer should look at.
@MainActor
public enum LiveScreenshots {
  /// Switches `started` to each of `languages` (nil: every language its catalogs have)
  /// and writes each window it shows into `directory`, numbered in the order of
  /// `languages`, then makes `steps` (photographing at each `shot` the windows that do
  /// not look as in the language's first picture), calling `progress` as each picture
  /// is taken (its file is written by the time this returns). Returns the shots in the
  /// order of `languages`, those of one language in the order taken, the windows of each
  /// in the order the program lists them.
  ///
  /// The program hands each window over uncompressed. What a picture means (its texts'
  /// messages, the report) and its PNG are made on a thread of this process while the
  /// program is switched to the next language; every file is written when this returns.
  ///
  /// - Throws: `LiveSwitch.Failure` when a language cannot be switched to, a step cannot
  ///   be made (naming its line), the program stops answering, or a file cannot be
  ///   written.
  public static func capture(
    _ started: StartedProgram, languages requested: [LanguageTag]?, steps: LiveSteps? = nil,
    into directory: URL,
    progress: (LanguageTag, [URL]) -> Void = { _, _ in }
  ) throws(LiveSwitch.Failure) -> [ScreenshotSession.Shot] {
    var program = started.program
    let catalogs = try LiveSwitch.catalogs(of: program)
    let languages = requested ?? catalogs.languages
    for language in languages {
      try LiveSwitch.requireCatalog(of: language, in: catalogs, for: program)
    }
    let pictures = directory.appendingPathComponent(".parlance-\(program.pid)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
    } catch {
      throw LiveSwitch.Failure(description: "cannot write '\(pictures.path)': \(error)")
    }
    defer { try? FileManager.default.removeItem(at: pictures) }
    let environment = ProcessEnvironment.variables()
    let developing = Developing(catalogs: catalogs, environment: environment)
    // Every picture developed before this returns, or throws.
    defer { developing.finish() }
    var shown = catalogs.shownLanguage(gettextLanguages: program.languages)
    // A folder of its own for each photograph asked: a photograph sent ahead writes its
    // `window-N.pam` while the one before is still being read.
    var folders = 0
    func newFolder() throws(LiveSwitch.Failure) -> String {
      folders += 1
      let folder = pictures.appendingPathComponent("\(folders)", isDirectory: true)
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw LiveSwitch.Failure(description: "cannot write '\(folder.path)': \(error)")
      }
      return folder.path
    }
    let takesShots =
      steps?.lines.contains {
        if case .shot = $0.step { true } else { false }
      } ?? false
    // The next language's switch, sent as soon as this one's was made by itself and
    // before this one's picture is read: the program takes it right after that picture
    // (its module keeps the order of the calls), with no wait for this process between.
    // Not with steps, which are made between a language's picture and the next switch.
    var ahead: (languages: [String], rightToLeft: Bool, burst: LiveBus.Burst)?
    let sendsAhead = steps?.lines.isEmpty ?? true
    let order = ScreenshotSession.photographingOrder(languages, from: shown.direction)
    for (step, position) in order.enumerated() {
      let language = languages[position]
      // The switch, the texts and the photograph asked at once: the program reads all
      // three before the frame that lays the switch out, and the photograph is of it.
      var switchedReading: LiveBus.Reading?
      if language != shown {
        let next = step + 1 < order.count ? languages[order[step + 1]] : nil
        let folder = try newFolder()
        let folderAhead = try newFolder()
        let outcome = try LiveSwitch.run(
          program, to: .pinned(language), catalogs: catalogs, environment: environment,
          timeout: LiveBus.timeout,
          asking: { (name, gettextLanguages, rightToLeft, timeout) throws(LiveBus.Failure) in
            let sent = ahead.flatMap {
              $0.languages == gettextLanguages && $0.rightToLeft == rightToLeft ? $0.burst : nil
            }
            ahead = nil
            let burst: LiveBus.Burst
            if let sent {
              burst = sent
            } else {
              burst = try LiveBus.Burst(
                name, languages: gettextLanguages, rightToLeft: rightToLeft,
                photographingInto: folder, format: .pam, timeout: timeout)
            }
            let answer = try burst.switched()
            guard case .switched = answer else {
              // The burst's Collect read the windows again after this Switch, and the ids
              // of the texts it lists are the last read's: asked again, for the Apply.
              return try LiveBus.switchLanguage(
                name, languages: gettextLanguages, rightToLeft: rightToLeft, timeout: timeout)
            }
            if sendsAhead, let next, next != language {
              let destination = catalogs.destination(of: next)
              ahead = (
                destination.gettextLanguages, destination.isRightToLeft,
                try LiveBus.Burst(
                  name, languages: destination.gettextLanguages,
                  rightToLeft: destination.isRightToLeft, photographingInto: folderAhead,
                  format: .pam, timeout: timeout)
              )
            }
            switchedReading = try burst.read()
            return answer
          }, marking: { _ in })
        shown = outcome.to
        program = outcome.programAfter
      }
      // The language's first picture of each window, which a step's shot does not
      // write again when the window looks the same.
      var first: [String: Data] = [:]
      func photograph(_ label: String?) throws(LiveSwitch.Failure) {
        let reading: LiveBus.Reading
        if label == nil, let switchedReading {
          reading = switchedReading
        } else {
          do {
            // A program still starting has up to 25 s to show its first window.
            reading = try LiveBus.read(
              program.busName, photographingInto: try newFolder(), format: .pam,
              timeout: .seconds(30))
          } catch {
            throw LiveSwitch.Failure(description: "\(program.name) (pid \(program.pid)): \(error)")
          }
        }
        let keys = windowKeys(reading.photograph.windows)
        var pictured: [(picture: String, file: URL)?] = []
        for (index, window) in reading.photograph.windows.enumerated() {
          let picture = window.file ?? ""
          // Read only when a step's shot will compare with it.
          let pixels = takesShots ? try? Data(contentsOf: URL(fileURLWithPath: picture)) : nil
          if label == nil {
            first[keys[index]] = pixels
          } else if let pixels, first[keys[index]] == pixels {
            try? FileManager.default.removeItem(atPath: picture)
            pictured.append(nil)
            continue
          }
          pictured.append(
            (
              picture,
              directory.appendingPathComponent(
                String(format: "%02d-", position + 1) + shown.identifier + "-"
                  + (label.map { $0 + "-" } ?? "") + keys[index] + ".png")
            ))
        }
        progress(language, pictured.compactMap { $0?.file })
        developing.develop(
          reading, of: program, in: shown, requested: language, position: position,
          pictured: pictured, keys: keys.map { (label.map { $0 + "-" } ?? "") + $0 })
      }
      try photograph(nil)
      for line in steps?.lines ?? [] {
        if case .shot(let label) = line.step {
          try photograph(label)
        } else {
          try make(
            line, of: steps?.file ?? "", in: program, catalogs: catalogs, language: shown)
        }
      }
    }
    let developed = developing.finish()
    if let failure = developed.failure { throw LiveSwitch.Failure(description: failure) }
    let ordered = developed.taken.enumerated().sorted {
      ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
    }.map(\.element)
    return shots(of: ordered, development: catalogs.localizer.developmentLanguage)
  }

  /// Makes the step of `line` (of the steps file `file`) in `program`, showing `language`.
  private static func make(
    _ line: LiveSteps.Line, of file: String, in program: LiveBus.Program,
    catalogs: ProgramCatalogs, language: LanguageTag
  ) throws(LiveSwitch.Failure) {
    func failure(_ reason: String) -> LiveSwitch.Failure {
      LiveSwitch.Failure(description: "\(file):\(line.number): in \(language), \(reason)")
    }
    let step: LiveBus.Step
    switch line.step {
    case .click(let name):
      let reading = try LiveReading.read(
        program, catalogs: catalogs, language: language, photographingInto: nil)
      guard let target = target(named: name, in: reading) else {
        throw failure("nothing shows '\(name)'")
      }
      step = .click(target.shown.id)
    case .key(let key): step = .key(key)
    case .type(let text): step = .type(text)
    case .close: step = .close
    case .shot: return
    }
    do {
      try LiveBus.act(program.busName, step)
    } catch {
      throw failure(error.description)
    }
  }

  /// The text a step's `click NAME` means: one whose message's msgid, or whose own text,
  /// reads as NAME (mnemonics, case, padding and a closing ellipsis aside), not a
  /// tooltip; the first drawn, else the first (a closed menu's item).
  static func target(named name: String, in reading: LiveReading) -> LiveReading.Text? {
    let wanted = comparable(name)
    let candidates = reading.texts.filter { text in
      !text.shown.property.hasPrefix("tooltip")
        && (comparable(text.shown.text) == wanted
          || text.message.map { comparable($0.match.msgid) == wanted } ?? false)
    }
    return candidates.first { !$0.places.isEmpty } ?? candidates.first
  }

  /// `text` as a step names it: as the catalogs' texts compare (no mnemonic marks,
  /// padding or markup: `TranslationIndex.comparableForm`), without a closing `…` or
  /// `...`, in lower case.
  static func comparable(_ text: String) -> String {
    var trimmed = TranslationIndex.comparableForm(of: text)
    for ending in ["…", "..."] where trimmed.hasSuffix(ending) {
      trimmed = String(trimmed.dropLast(ending.count)).trimmingCharacters(in: .whitespaces)
    }
    return trimmed.lowercased()
  }

  /// The name of each of `windows` in its file (`NN-<tag>-<name>.png`, or
  /// `NN-<tag>-<label>-<name>.png` for a step's shot): its name made a file name, a
  /// second window of the same name numbered.
  private static func windowKeys(_ windows: [LiveBus.Window]) -> [String] {
    var used: [String: Int] = [:]
    return windows.map { window in
      let base = fileName(window.name)
      used[base, default: 0] += 1
      return used[base] == 1 ? base : "\(base)-\(used[base] ?? 0)"
    }
  }

  /// `name` with only letters, digits, `-` and `_`.
  static func fileName(_ name: String) -> String {
    let kept = name.unicodeScalars.map {
      CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "-"
    }
    let trimmed = String(kept).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    return trimmed.isEmpty ? "window" : trimmed
  }

  /// The shots of every window of every language, with the report of each, saying
  /// also whether the window is larger than in the development language.
  private static func shots(
    of taken: [Developing.Taken], development: LanguageTag
  ) -> [ScreenshotSession.Shot] {
    // The size of each window (by its key) in the development language, when it was
    // photographed.
    var developmentSizes: [String: (width: Int, height: Int)] = [:]
    for shot in taken where shot.language == development {
      for (index, window) in shot.reading.windows.enumerated() {
        developmentSizes[shot.keys[index]] = (window.width, window.height)
      }
    }
    var shots: [ScreenshotSession.Shot] = []
    for shot in taken {
      for (index, window) in shot.reading.windows.enumerated() {
        guard let written = shot.written[index] else { continue }
        var report = written.report
        if shot.language != development, let size = developmentSizes[shot.keys[index]],
          window.width > size.width || window.height > size.height
        {
          report.grown = ScreenshotReport.Growth(
            width: window.width, height: window.height, developmentWidth: size.width,
            developmentHeight: size.height)
        }
        shots.append(
          ScreenshotSession.Shot(
            language: shot.language, file: written.file, object: window.name, report: report,
            thumbnail: written.thumbnail))
      }
    }
    return shots
  }

  /// The texts drawn in window `index` of `reading` that no message of the language
  /// shows and that read as another language of the program (one it showed before, its
  /// development language, one of the user's), each once.
  nonisolated fileprivate static func otherLanguage(
    in reading: LiveReading, window index: Int, others: OtherLanguages
  ) -> [ScreenshotReport.OtherLanguage] {
    var found: [ScreenshotReport.OtherLanguage] = []
    var seen = Set<String>()
    for text in reading.texts
    where text.status == .none && text.places.contains(where: { $0.window == index })
      && seen.insert(text.shown.text).inserted
    {
      guard let language = others.likelyLanguage(showing: text.shown.text) else { continue }
      found.append(
        ScreenshotReport.OtherLanguage(
          element: text.object, text: text.shown.text, language: language.identifier))
    }
    return found
  }

  /// The report of window `index` of `reading`, photographed as `file`.
  nonisolated static func report(of reading: LiveReading, window index: Int, file: URL)
    -> ScreenshotReport.Language
  {
    let window = reading.windows[index]
    var report = ScreenshotReport.Language(
      tag: reading.language.identifier, name: reading.language.nativeName,
      screenshot: file.lastPathComponent, object: window.name)
    report.width = window.width
    report.height = window.height
    var texts: [ScreenshotReport.PlacedText] = []
    var missing: [String] = []
    var fallbacks: [ScreenshotReport.Fallback] = []
    for text in reading.texts {
      for place in text.places where place.window == index {
        texts.append(placed(text, at: place))
        if let needed = place.neededWidth {
          report.truncated.append(
            ScreenshotReport.Truncation(
              element: text.object, text: text.shown.text, neededWidth: needed,
              allocatedWidth: place.width))
        }
      }
      guard !text.places.filter({ $0.window == index }).isEmpty, let message = text.message
      else { continue }
      switch text.status {
      case .untranslated where !missing.contains(message.match.msgid):
        missing.append(message.match.msgid)
      case .fallback:
        let fallback = ScreenshotReport.Fallback(
          key: message.match.msgid, table: message.table,
          suppliedBy: text.suppliedBy?.identifier ?? "")
        if !fallbacks.contains(fallback) { fallbacks.append(fallback) }
      default: break
      }
    }
    report.texts = texts
    report.missing = missing
    report.fallbacks = fallbacks
    return report
  }

  /// `text` drawn at `place`, as the report lists it.
  nonisolated static func placed(_ text: LiveReading.Text, at place: LiveBus.Place)
    -> ScreenshotReport.PlacedText
  {
    ScreenshotReport.PlacedText(
      object: text.object, className: text.shown.className, property: text.shown.property,
      context: text.message?.match.context, msgid: text.message?.match.msgid,
      domain: text.message?.table, value: text.shown.text, status: text.status.rawValue,
      source: text.source?.fileAndLine,
      rectangle: Rectangle(x: place.x, y: place.y, width: place.width, height: place.height))
  }
}

/// The pictures taken, developed one after another on a thread of their own while the
/// program is switched to the next language (the program and this process's GTK thread
/// have the other core): each picture's texts identified and its report made, its PNG
/// written and its thumbnail made for the contact sheet.
private final class Developing: Sendable {
  /// What was photographed in one language: its reading, and for each of its windows
  /// the file, thumbnail and report, nil for a window a step's shot found as the
  /// language's first picture has it; the key of each window among the language's
  /// pictures (its file name's part after the number and tag).
  struct Taken: Sendable {
    let position: Int
    let language: LanguageTag
    let reading: LiveReading
    let written: [(file: URL, thumbnail: Screenshot, report: ScreenshotReport.Language)?]
    let keys: [String]
  }

  private let catalogs: ProgramCatalogs
  private let environment: [String: String]
  private let queue = DispatchQueue(label: "parlance.screenshot-develop", qos: .userInitiated)
  private let group = DispatchGroup()
  /// What was developed, in the order handed over, and the first failure.
  private let done = Lock<(taken: [Taken], failure: String?)>(([], nil))

  init(catalogs: ProgramCatalogs, environment: [String: String]) {
    self.catalogs = catalogs
    self.environment = environment
  }

  /// Develops `reading` of `program` (showing `shown`, asked as `requested`, the
  /// `position`th language): each window's uncompressed picture (`pictured`, nil for
  /// one not kept) read, written as its PNG file and made small, and removed.
  func develop(
    _ reading: LiveBus.Reading, of program: LiveBus.Program, in shown: LanguageTag,
    requested: LanguageTag, position: Int, pictured: [(picture: String, file: URL)?],
    keys: [String]
  ) {
    let (catalogs, environment, done) = (catalogs, environment, done)
    queue.async(group: group) {
      let meant = LiveReading(
        reading, of: program, catalogs: catalogs, language: shown, drawnOnly: true)
      let others = OtherLanguages(
        catalogs: catalogs, shown: shown, history: program.history, environment: environment)
      var written: [(file: URL, thumbnail: Screenshot, report: ScreenshotReport.Language)?] = []
      var failure: String?
      for (index, pictured) in pictured.enumerated() {
        guard let pictured else {
          written.append(nil)
          continue
        }
        defer { try? FileManager.default.removeItem(atPath: pictured.picture) }
        do throws(GtkError) {
          let image = try Screenshot(contentsOfPAM: pictured.picture)
          try image.writePNG(to: pictured.file.path)
          var report = LiveScreenshots.report(of: meant, window: index, file: pictured.file)
          report.otherLanguage = LiveScreenshots.otherLanguage(
            in: meant, window: index, others: others)
          written.append(
            (pictured.file, ScreenshotSession.Shot.thumbnail(of: image), report))
        } catch {
          let reason = ScreenshotSession.Failure.writing(pictured.file.path, error)
          failure = failure ?? "\(program.name): \(reason)"
          written.append(nil)
        }
      }
      let taken = Taken(
        position: position, language: requested, reading: meant, written: written, keys: keys)
      done.withLock {
        $0.taken.append(taken)
        $0.failure = $0.failure ?? failure
      }
    }
  }

  /// Waits until every picture handed over is developed: what was, in the order handed
  /// over, and the first failure.
  @discardableResult
  func finish() -> (taken: [Taken], failure: String?) {
    group.wait()
    return done.withLock { $0 }
  }
}
