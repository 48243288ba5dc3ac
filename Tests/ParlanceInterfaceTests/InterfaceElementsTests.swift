import Parlance
import ParlanceInterface
import Testing

/// What a `.ui` file says beyond properties: a scale's marks, an accessible's actions;
/// ids given twice; where GtkBuilder's complaints about the rewritten file point.
@Suite struct InterfaceElementsTests {
  static let xml = """
    <interface>
      <object class="GtkScale" id="volume">
        <marks>
          <mark value="0" translatable="yes" comments="lowest">Quiet</mark>
          <mark value="50" position="top">50 %</mark>
          <mark value="1e2" translatable="yes" context="volume">&lt;b&gt;Loud&lt;/b&gt;</mark>
        </marks>
        <accessibility>
          <action action_name="click" translatable="yes" description="Plays"/>
          <action action_name="activate" translatable="yes"> it</action>
          <action action_name="press" description="Not translatable"/>
        </accessibility>
      </object>
      <object class="GtkLabel" id="twice"/>
      <object class="GtkLabel" id="twice"><property name="label" translatable="yes">Two</property></object>
    </interface>
    """

  static func document() -> InterfaceDocument {
    InterfaceDocument.parse(Array(xml.utf8), file: "elements.ui")
  }

  @Test func marksAndActionsAreTexts() {
    let texts = Self.document().texts.map {
      "\($0.objectID) \($0.property) \($0.msgid) \($0.context ?? "-") \($0.comments ?? "-") "
        + "\($0.isMarkup) \($0.location)"
    }
    #expect(
      texts == [
        "volume mark[0] Quiet - lowest true 4:7",
        "volume mark[2] <b>Loud</b> volume - true 6:7",
        "volume action[click].description Plays - - false 9:7",
        "volume action[activate].description  it - - false 10:7",
        "parlance-object-1 label Two - - false 15:39",
      ])
    #expect(
      Self.document().scaleMarks["volume"]?.map {
        "\($0.value) \($0.position ?? "-") \($0.markup)"
      } == ["0 - Quiet", "50 top 50 %", "1e2 - <b>Loud</b>"])
  }

  /// Every class and property known: the rewrite changes nothing but the translation
  /// attributes.
  struct EveryClassKnown: InterfaceClassInfo {
    func isKnownClass(_ className: String) -> Bool { true }
    func whyUnbuildable(_ className: String) -> String? { nil }
    func isClass(_ className: String, a ancestor: String) -> Bool { className == ancestor }
    func hasProperty(_ property: String, onClass className: String) -> Bool { true }
    func hasChildProperty(_ property: String, container className: String) -> Bool { true }
    func propertyType(_ property: String, onClass className: String) -> String? { nil }
  }

  @Test func aRefusalPointsAtTheElementInTheFileAndItsListIsLeftOut() throws {
    var input = try #require(Self.document().builderInput(classes: EveryClassKnown()))
    // Where GtkBuilder would complain about the second mark: one past its start tag's
    // '>', plus one, as GLib counts on any line but the first.
    let lines = input.xml.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains("<mark value=\"50\"") })
    let tag = try #require(lines[line].range(of: "<mark value=\"50\" position=\"top\">"))
    let column = lines[line].distance(from: lines[line].startIndex, to: tag.upperBound) + 2
    let refusal = input.refusal(".:\(line + 1):\(column) Could not parse it")
    #expect(refusal.location == SourceLocation(line: 5, column: 7))
    #expect(refusal.reason == "Could not parse it")
    #expect(input.root.element(at: try #require(refusal.path))?["value"] == "50")

    let leftOutOne = input.leaveOut(refusal)
    #expect(leftOutOne)
    #expect(!input.xml.contains("<marks>"))
    #expect(input.xml.contains("<accessibility>"))
    #expect(
      input.diagnostics.map(\.description) == [
        "elements.ui:5:7: warning: GtkBuilder refused <mark>: Could not parse it; its <marks> "
          + "is left out"
      ])
    // The marks' texts are listed, never applied; the actions' are applied.
    let leftOut = input.leftOutLocations
    let applied = Self.document().texts.map { !leftOut.contains($0.location) }
    #expect(applied == [false, false, true, true, true])
  }

  @Test func glibCountsColumnsInBytes() throws {
    let xml = """
      <interface>
        <object class="GtkLabel" id="l"><property name="label">音量设置</property><style><class/></style></object>
      </interface>
      """
    let document = InterfaceDocument.parse(Array(xml.utf8), file: "bytes.ui")
    let input = try #require(document.builderInput(classes: EveryClassKnown()))
    let lines = input.xml.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains("<class/>") })
    // GLib names the byte of the '>' of <class/>, plus one on a line but the first.
    let tag = try #require(lines[line].range(of: "<class/>"))
    let column = lines[line].utf8.distance(from: lines[line].startIndex, to: tag.upperBound) + 1
    let refusal = input.refusal(".:\(line + 1):\(column) element 'class' requires attribute 'name'")
    #expect(input.root.element(at: try #require(refusal.path))?.name == "class")
    #expect(refusal.location == SourceLocation(line: 2, column: 80))
  }

  @Test func aSecondMarksListFollowsTheFirst() {
    let xml = """
      <interface><object class="GtkScale" id="s">
        <marks><mark value="0" translatable="yes">Low</mark></marks>
        <marks><mark value="9" translatable="yes">High</mark></marks>
      </object></interface>
      """
    let document = InterfaceDocument.parse(Array(xml.utf8), file: "marks.ui")
    #expect(document.texts.map(\.property) == ["mark[0]", "mark[1]"])
    #expect(document.scaleMarks["s"]?.map(\.markup) == ["Low", "High"])
  }

  @Test func aRefusalWithoutAPositionLeavesNothingOut() throws {
    var input = try #require(Self.document().builderInput(classes: EveryClassKnown()))
    let refusal = input.refusal("Invalid object type 'Nope'")
    #expect(refusal.path == nil)
    #expect(refusal.reason == "Invalid object type 'Nope'")
    let leftOutOne = input.leaveOut(refusal)
    #expect(!leftOutOne)
    #expect(input.diagnostics.isEmpty)
    // The interface itself cannot be left out.
    let root = input.refusal(".:2:12 attribute 'flavour' invalid for element 'interface'")
    #expect(root.path == [])
    #expect(root.location == SourceLocation(line: 1, column: 1))
    let leftOutRoot = input.leaveOut(root)
    #expect(!leftOutRoot)
  }

  @Test func aSecondObjectWithAnIDGetsOneOfItsOwn() {
    let document = Self.document()
    #expect(
      document.diagnostics.map(\.description) == [
        "elements.ui:15:3: warning: id 'twice' was given before (at 14:3): this object is "
          + "built with id 'parlance-object-1'"
      ])
    #expect(document.objects.map(\.id) == ["volume", "twice", "parlance-object-1"])
    #expect(document.objects.map(\.hasOwnID) == [true, true, false])
  }
}
