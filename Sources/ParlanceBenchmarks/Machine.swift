import Foundation

/// What the numbers were measured on, printed above every report: timings mean little
/// without the machine and the command.
enum Machine {
  static func description(_ options: Options) -> [String] {
    let cpu = cpuModel() ?? "unknown CPU"
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var lines = [
      "machine: \(cpu), \(cores) core\(cores == 1 ? "" : "s") online, \(osName())",
      "command: parlance-bench \(options.group.rawValue) --iterations \(options.iterations) "
        + "--runs \(options.runs)\(options.markdown ? " --markdown" : "")",
    ]
    if let load = loadAverage() {
      lines.append("load average at start (1, 5, 15 min): \(load)")
    }
    #if DEBUG
      lines.append("WARNING: debug build; numbers are meaningless (use -c release)")
    #endif
    return lines
  }

  /// Other processes on the machine skew every figure: the reader needs to know.
  private static func loadAverage() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return nil
    }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  private static func cpuModel() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  private static func osName() -> String {
    guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else {
      return ProcessInfo.processInfo.operatingSystemVersionString
    }
    for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
      return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(
        in: CharacterSet(charactersIn: "\""))
    }
    return ProcessInfo.processInfo.operatingSystemVersionString
  }
}
