import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import XCTest

/// The renderer serves any window: a tree of every kind that keeps user state, not the
/// Parlance window, switched between languages with what the user set kept.
final class RendererTests: WindowTestCase, @unchecked Sendable {
  /// A form with every kind of widget whose state belongs to the user.
  private func form(tabs: Bool = true) -> ViewNode {
    ViewNode(
      "form", .column(spacing: 6),
      children: [
        ViewNode("title", .heading(.key("greeting"))),
        ViewNode("name", .entry(placeholder: .key("label.notes"))),
        ViewNode("copy", .toggle(.key("translator.mode"))),
        ViewNode("count", .numberField(value: nil, range: 0...100)),
        ViewNode(
          "more", .expander(.key("label.language")),
          children: [ViewNode("more.text", .label(.key("welcome.text"), wraps: true))]),
        ViewNode(
          "tabs", .notebook(),
          children: [
            ViewNode(
              "tab.notes", .page(title: .key("label.notes"), spacing: 6),
              children: [ViewNode("body", .textArea(minimumHeight: 80))]),
            ViewNode(
              "tab.files", .page(title: .key("label.files"), spacing: 6),
              children: [ViewNode("files.text", .label(.key("label.number"), wraps: false))]),
          ]),
      ])
  }

  func testEveryKindKeepsTheUsersStateAcrossSwitchesWithReuseAndRebuild() throws {
    try onMainActor {
      for strategy in [Renderer.Strategy.reuse, .rebuild] {
        try switchKeepingState(strategy)
      }
    }
  }

  @MainActor
  private func switchKeepingState(_ strategy: Renderer.Strategy) throws {
    let english = try reference("en").snapshot()
    let german = try reference("de").snapshot()
    let window = Window(title: "")
    defer { window.destroy() }
    let renderer = Renderer(window: window, strategy: strategy)
    var events: [Renderer.Event] = []
    renderer.onEvent = { events.append($0) }
    renderer.render(form(), title: .key("window.title"), snapshot: english)
    window.present()
    XCTAssertTrue(window.waitForFirstDraw(timeout: .seconds(10)))
    XCTAssertEqual(events, [], "a render reports nothing")

    // The user types, ticks, counts, opens the section and the second tab.
    // X has one selection (PRIMARY): selecting in the entry clears the text view's.
    let body = try XCTUnwrap(renderer.widget(TextView.self, for: "body"))
    body.buffer.text = "Zażółć gęślą jaźń"
    body.buffer.selection = TextSelection(cursor: 7, anchor: 2)
    let entry = try XCTUnwrap(renderer.widget(Entry.self, for: "name"))
    entry.text = "Anna Kowalska"
    entry.selection = TextSelection(cursor: 1, anchor: 4)
    try XCTUnwrap(renderer.widget(CheckButton.self, for: "copy")).isActive = true
    try XCTUnwrap(renderer.widget(SpinButton.self, for: "count")).value = 21
    try XCTUnwrap(renderer.widget(Expander.self, for: "more")).isExpanded = true
    try XCTUnwrap(renderer.widget(Notebook.self, for: "tabs")).currentPage = 1
    let bodySelection = body.buffer.selection
    XCTAssertEqual(entry.selection, TextSelection(cursor: 1, anchor: 4))
    XCTAssertEqual(
      events,
      [
        .toggled(node: "copy", isOn: true), .numberChanged(node: "count", value: 21),
        .expanded(node: "more", isExpanded: true), .pageChanged(node: "tabs", page: 1),
      ])

    renderer.render(form(), title: .key("window.title"), snapshot: german)
    let expected = try reference("de")
    XCTAssertEqual(window.title, expected.string("window.title"), "\(strategy)")
    XCTAssertEqual(renderer.label(for: "title")?.text, expected.string("greeting"))
    let notebook = try XCTUnwrap(renderer.widget(Notebook.self, for: "tabs"))
    XCTAssertEqual(notebook.currentPage, 1, "notebook page after the switch (\(strategy))")
    let page = try XCTUnwrap(renderer.widget(for: "tab.files"))
    XCTAssertEqual(notebook.tabText(of: page), expected.string("label.files"))
    let newEntry = try XCTUnwrap(renderer.widget(Entry.self, for: "name"))
    XCTAssertEqual(newEntry.text, "Anna Kowalska", "\(strategy)")
    XCTAssertEqual(newEntry.selection, TextSelection(cursor: 1, anchor: 4), "\(strategy)")
    XCTAssertEqual(newEntry.placeholderText, expected.string("label.notes"))
    XCTAssertEqual(renderer.widget(CheckButton.self, for: "copy")?.isActive, true)
    XCTAssertEqual(
      renderer.widget(CheckButton.self, for: "copy")?.label, expected.string("translator.mode"))
    XCTAssertEqual(renderer.widget(SpinButton.self, for: "count")?.intValue, 21)
    let expander = try XCTUnwrap(renderer.widget(Expander.self, for: "more"))
    XCTAssertTrue(expander.isExpanded, "\(strategy)")
    XCTAssertEqual(expander.label, expected.string("label.language"))
    let text = try XCTUnwrap(renderer.widget(TextView.self, for: "body")).buffer
    XCTAssertEqual(text.text, "Zażółć gęślą jaźń", "\(strategy)")
    XCTAssertEqual(text.selection, bodySelection, "\(strategy)")
    XCTAssertEqual(events.count, 4, "the switch's render reports nothing (\(strategy))")
  }

  func testTheModelsValueWinsOverTheUsersAndStateGoesOnlyToItsKind() throws {
    try onMainActor {
      let snapshot = try reference("en").snapshot()
      let window = Window(title: "")
      defer { window.destroy() }
      let renderer = Renderer(window: window)
      func tree(_ isOn: Bool?, count: ViewNode.Kind) -> ViewNode {
        ViewNode(
          "root", .column(spacing: 6),
          children: [ViewNode("copy", .toggle(.key("greeting"), isOn: isOn)), ViewNode("n", count)])
      }
      renderer.render(
        tree(nil, count: .numberField(value: nil, range: 0...9)), title: .verbatim(""),
        snapshot: snapshot)
      try XCTUnwrap(renderer.widget(CheckButton.self, for: "copy")).isActive = true
      try XCTUnwrap(renderer.widget(SpinButton.self, for: "n")).value = 7
      renderer.render(
        tree(false, count: .entry()), title: .verbatim(""), snapshot: snapshot)
      XCTAssertEqual(renderer.widget(CheckButton.self, for: "copy")?.isActive, false)
      XCTAssertEqual(renderer.widget(Entry.self, for: "n")?.text, "", "a number is no text")
      XCTAssertNil(
        renderer.userState.nodes["n"].flatMap { if case .number = $0 { $0 } else { nil } })
    }
  }

  func testRenderingTheSameFormAgainSetsNoPropertyOfAnyKind() throws {
    try onMainActor {
      let snapshot = try reference("de").snapshot()
      let window = Window(title: "")
      defer { window.destroy() }
      let renderer = Renderer(window: window)
      renderer.render(form(), title: .key("window.title"), snapshot: snapshot)
      window.present()
      XCTAssertTrue(window.waitForFirstDraw(timeout: .seconds(10)))
      try XCTUnwrap(renderer.widget(Notebook.self, for: "tabs")).currentPage = 1
      try XCTUnwrap(renderer.widget(Expander.self, for: "more")).isExpanded = true
      let sets = PropertySets()
      defer { sets.stop() }
      sets.watch("window", window, ["title"])
      sets.watch("title", renderer.label(for: "title"), ["label", "visible"])
      sets.watch("name", renderer.widget(Entry.self, for: "name"), ["text", "placeholder-text"])
      sets.watch("copy", renderer.widget(for: "copy"), ["label", "active"])
      sets.watch("count", renderer.widget(for: "count"), ["value"])
      sets.watch("more", renderer.widget(for: "more"), ["label", "expanded"])
      sets.watch("tabs", renderer.widget(for: "tabs"), ["page"])
      sets.watch(
        "body", renderer.widget(ScrolledWindow.self, for: "body"), ["min-content-height"])
      sets.watch("more.text", renderer.label(for: "more.text"), ["label", "wrap"])

      renderer.render(form(), title: .key("window.title"), snapshot: snapshot)
      renderer.render(form(), title: .key("window.title"), snapshot: snapshot)

      XCTAssertEqual(sets.counts, [:], "properties set again although nothing changed")
      XCTAssertEqual(renderer.widget(Notebook.self, for: "tabs")?.currentPage, 1)
    }
  }
}
