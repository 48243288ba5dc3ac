import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import ParlanceWindow
import XCTest

/// `ViewNode.localizedTexts` lists what a render resolves, so that resolving them on the
/// loading thread at start (`WindowController.prepareFirstRender(of:)`) prepares the render.
final class ViewNodeTextsTests: WindowTestCase, @unchecked Sendable {
  func testEveryKindsTextsInTreeOrder() throws {
    let tree = ViewNode(
      "root", .column(spacing: 6),
      children: [
        ViewNode(
          "bar", .infoBar(message: .verbatim("m"), details: ["detail"], closeName: .verbatim("c")),
          accessibleName: .verbatim("bar name")),
        ViewNode("title", .heading(.verbatim("h"))),
        ViewNode("caption", .caption(.verbatim("cap"), for: "menu")),
        ViewNode(
          "menu",
          .choice(
            items: [.init(id: "a", text: .verbatim("A")), .init(id: "b", text: .verbatim("B"))],
            selected: "a"), tooltip: .verbatim("menu tip")),
        ViewNode("line", .label(.verbatim("l"), wraps: false)),
        ViewNode("field", .entry(placeholder: .verbatim("hint"))),
        ViewNode("tick", .toggle(.verbatim("t"))),
        ViewNode("push", .button(.verbatim("b"))),
        ViewNode(
          "more", .expander(.verbatim("x")),
          children: [ViewNode("count", .numberField(value: 1, range: 0...9))]),
        ViewNode(
          "tabs", .notebook(),
          children: [
            ViewNode(
              "page", .page(title: .verbatim("p"), spacing: 6),
              children: [ViewNode("notes", .textArea(), accessibleName: .verbatim("notes"))])
          ]),
        ViewNode("picture", .image(resource: "banner"), accessibleName: .verbatim("pic")),
      ])
    let snapshot = try reference("en").snapshot()
    XCTAssertEqual(
      tree.localizedTexts.map { $0.resolve(in: snapshot).text },
      [
        "m", "c", "bar name", "h", "cap", "A", "B", "menu tip", "l", "hint", "t", "b", "x",
        "p", "notes", "pic",
      ])
  }

  func testTheWindowShowsNoCatalogTextItsTreeDoesNotList() throws {
    try onMainActor {
      for (language, translatorMode) in [("en", false), ("de", true), ("ar", false)] {
        try openWindow(language: language)
        controller.setTranslatorMode(translatorMode, showsKeys: false)
        controller.render()
        let snapshot = localizer.snapshot()
        let listed = Set(
          controller.model.tree(in: snapshot).localizedTexts.map { $0.resolve(in: snapshot).text })
        let shown = controller.renderer.resolvedTexts
        XCTAssertFalse(shown.isEmpty)
        for (id, text) in shown {
          XCTAssertTrue(
            listed.contains(text.text), "\(language): '\(text.text)' of \(id) is not listed")
        }
        controller.window.destroy()
        controller = nil
      }
    }
  }
}
