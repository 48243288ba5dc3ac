import ParlanceLive
import Testing

/// A steps file (`parlance screenshot --run --steps FILE`) read into steps, and its
/// mistakes named by line and column before a program is started.
struct LiveStepsTests {
  @Test func everyKindOfStepIsRead() throws {
    let steps = try LiveSteps(
      """
      # the preferences, then a search
        click Preferences…
      shot prefs-1
      close

      key ctrl+shift+F10
      key Escape
      type Häuser & Straßen\r
      """, file: "walk.txt")
    #expect(steps.lines.map(\.number) == [2, 3, 4, 6, 7, 8])
    #expect(
      steps.lines.map(\.step) == [
        .click("Preferences…"), .shot("prefs-1"), .close, .key("<Control><Shift>F10"),
        .key("Escape"), .type("Häuser & Straßen"),
      ])
  }

  @Test(arguments: [
    ("open Preferences", "walk.txt:1:1: error: unknown step 'open'"),
    ("click", "walk.txt:1:1: error: click needs a text: click TEXT"),
    ("key CTRL+", "walk.txt:1:5: error: 'CTRL+' is not a key"),
    ("key HYPER+O", "walk.txt:1:5: error: 'HYPER+O' is not a key"),
    ("  shot a/b", "walk.txt:1:8: error: shot needs a label"),
    ("close now", "walk.txt:1:7: error: close takes nothing after it"),
  ])
  func aLineThatIsNoStepIsNamedByLineAndColumn(line: String, message: String) {
    #expect {
      try LiveSteps(line, file: "walk.txt")
    } throws: { error in
      (error as? LiveSteps.Failure)?.description.hasPrefix(message) == true
    }
  }

  @Test func aFileThatCannotBeReadSaysSo() {
    #expect {
      try LiveSteps(contentsOf: "/nonexistent/steps.txt")
    } throws: { error in
      (error as? LiveSteps.Failure)?.description.contains("cannot read '/nonexistent/steps.txt'")
        == true
    }
  }
}
