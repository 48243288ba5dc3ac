/// One benchmark's results as a table, printable for a terminal or as Markdown.
struct Section {
  let title: String
  /// The workload in one or two sentences: sizes, counts, runs.
  let workload: String
  let header: [String]
  let rows: [[String]]
  /// Per row, what the contender's operation includes; a column in Markdown, a list
  /// under the table on a terminal where a long column would wrap every row.
  var includes: [String]? = nil
  var targets: [TargetCheck] = []
  var notes: [String] = []
}

/// A goal from the design, checked against the medians. Reported, never enforced:
/// timings on a shared machine are evidence, not a pass/fail signal.
struct TargetCheck {
  let goal: String
  let measured: String
  let met: Bool

  var verdict: String { met ? "target met" : "MISSED" }
}

extension Section {
  /// A timing table: one row per contender with the median, the spread and the time
  /// relative to the first contender (ours).
  init(
    title: String, workload: String, measurements: [Measurement], reference: Int = 0,
    targets: [TargetCheck] = [], notes: [String] = []
  ) {
    let base = measurements[reference].median
    self.title = title
    self.workload = workload
    self.header = ["Contender", "Median ns/op", "Min", "Max", "Time vs ours"]
    self.rows = measurements.map { measurement in
      [
        measurement.contender.name, Format.nanoseconds(measurement.median),
        Format.nanoseconds(measurement.minimum), Format.nanoseconds(measurement.maximum),
        Format.ratio(measurement.median / base),
      ]
    }
    self.includes = measurements.map(\.contender.includes)
    self.targets = targets
    self.notes = notes
  }
}

enum Format {
  static func nanoseconds(_ value: Double) -> String {
    if value.isNaN { return "n/a" }
    if value >= 100 { return fixed(value, 0) }
    if value >= 10 { return fixed(value, 1) }
    return fixed(value, 2)
  }

  static func ratio(_ value: Double) -> String {
    value.isNaN ? "n/a" : fixed(value, value >= 10 ? 1 : 2) + "×"
  }

  /// Rounds without Foundation's locale-dependent formatting.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
    if let dot = text.firstIndex(of: "."), digits > 0 {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return grouped(text)
  }

  /// 1234567.5 → 1,234,567.5: large ns/op figures stay readable.
  static func grouped(_ text: String) -> String {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    var integer = String(parts[0])
    let negative = integer.hasPrefix("-")
    if negative { integer.removeFirst() }
    var result = ""
    for (offset, character) in integer.enumerated() {
      if offset > 0, (integer.count - offset) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    if negative { result = "-" + result }
    return parts.count > 1 ? result + "." + parts[1] : result
  }
}

/// Writes sections to standard output.
struct Printer {
  let markdown: Bool

  func print(_ sections: [Section], preamble: [String]) {
    if markdown {
      for line in preamble { Swift.print("- \(line)") }
      Swift.print()
    } else {
      for line in preamble { Swift.print(line) }
      Swift.print()
    }
    for section in sections {
      markdown ? printMarkdown(section) : printText(section)
    }
  }

  private func printText(_ section: Section) {
    Swift.print("== \(section.title) ==")
    Swift.print(section.workload)
    Swift.print()
    let widths = section.header.indices.map { column in
      ([section.header] + section.rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        // Names left-aligned, numbers right-aligned.
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }
    Swift.print("  " + line(section.header))
    Swift.print("  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for row in section.rows { Swift.print("  " + line(row)) }
    if let includes = section.includes {
      Swift.print()
      Swift.print("  What one operation includes:")
      for (row, text) in zip(section.rows, includes) {
        Swift.print("    \(row[0]): \(text)")
      }
    }
    if !section.targets.isEmpty {
      Swift.print()
      for target in section.targets {
        // Padded so that goals line up under each other.
        let verdict = target.met ? "target met" : "MISSED    "
        Swift.print("  \(verdict): \(target.goal) (measured \(target.measured))")
      }
    }
    for note in section.notes { Swift.print("  Note: \(note)") }
    Swift.print()
  }

  private func printMarkdown(_ section: Section) {
    Swift.print("### \(section.title)")
    Swift.print()
    Swift.print(section.workload)
    Swift.print()
    var header = section.header
    var rows = section.rows
    if let includes = section.includes {
      header.append("Includes")
      rows = zip(rows, includes).map { $0 + [$1] }
    }
    func escape(_ cell: String) -> String { cell.replacingAll("|", with: "\\|") }
    Swift.print("| " + header.map(escape).joined(separator: " | ") + " |")
    Swift.print(
      "|"
        + header.indices.map { column in
          column == 0 || column == header.count - 1 && section.includes != nil ? ":---|" : "---:|"
        }.joined())
    for row in rows { Swift.print("| " + row.map(escape).joined(separator: " | ") + " |") }
    Swift.print()
    for target in section.targets {
      let verdict = target.met ? "target met" : "**MISSED**"
      Swift.print("- \(verdict): \(target.goal) (measured \(target.measured))")
    }
    if !section.targets.isEmpty { Swift.print() }
    for note in section.notes { Swift.print("Note: \(note)\n") }
  }
}

extension String {
  /// `replacingOccurrences` without Foundation, for the few table cells that need it.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
