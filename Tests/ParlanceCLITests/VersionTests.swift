import Foundation
import Testing

/// `parlance --version` names the release users have: the newest release of the AppStream
/// metainfo (which the Debian package's version comes from) and the manual's header. A
/// release added to one of them and not to the others fails here.
@Suite struct VersionTests {
  let runner: CommandRunner

  init() throws {
    runner = try CommandRunner()
  }

  static func text(_ path: String) throws -> String {
    try String(
      contentsOf: CommandRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The version of the first `<release>`: AppStream lists the newest first.
  static func newestRelease() throws -> String {
    let metainfo = try text("data/io.github.parlance.Parlance.metainfo.xml")
    let release = try #require(metainfo.firstMatch(of: #/<release version="([^"]+)"/#))
    return String(release.1)
  }

  @Test func versionIsTheNewestRelease() throws {
    let output = try runner.run(["--version"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    #expect(output.stdout == "parlance \(try Self.newestRelease())\n")
  }

  @Test func manualHeaderNamesTheSameVersion() throws {
    let manual = try Self.text("data/parlance.1")
    let header = try #require(manual.firstMatch(of: #/\.TH PARLANCE 1 \S+ "Parlance ([^"]+)"/#))
    #expect(String(header.1) == (try Self.newestRelease()))
  }

  /// After a subcommand, `--version` is not the program's: it is an unknown option there.
  @Test func versionAfterASubcommandIsBadUsage() throws {
    let output = try runner.run(["languages", "--version"])
    #expect(output.status == 2)
    #expect(output.stderr.hasPrefix("parlance: error: unknown option '--version'\n"))
  }
}
