import ParlanceGtk
import XCTest

final class WidgetTests: GtkTestCase, @unchecked Sendable {
  func testLabelTextIsShownLiterally() throws {
    try onMainActor {
      try requireDisplay()
      let label = Label("Hello")
      XCTAssertEqual(label.text, "Hello")
      label.text = "<b>Привет</b> 世界"
      XCTAssertEqual(label.text, "<b>Привет</b> 世界")
    }
  }

  func testTooltipRoundTripsAndClears() throws {
    try onMainActor {
      try requireDisplay()
      let button = Button(label: "Save")
      XCTAssertNil(button.tooltipText)
      button.tooltipText = "Speichern"
      XCTAssertEqual(button.tooltipText, "Speichern")
      button.tooltipText = nil
      XCTAssertNil(button.tooltipText)
    }
  }

  func testAccessibleNameAndDescriptionGoThroughATK() throws {
    try onMainActor {
      try requireDisplay()
      let button = Button(iconName: "open-menu-symbolic")
      button.accessibleName = "Меню"
      button.accessibleDescription = "Открывает меню"
      XCTAssertEqual(button.accessibleName, "Меню")
      XCTAssertEqual(button.accessibleDescription, "Открывает меню")
    }
  }

  func testCommonPropertiesRoundTrip() throws {
    try onMainActor {
      try requireDisplay()
      let label = Label("x")
      label.name = "greeting"
      label.sensitive = false
      label.hexpand = true
      label.halign = .end
      label.valign = .center
      label.marginStart = 4
      label.marginEnd = 6
      label.xalign = 0
      label.ellipsize = .middle
      label.maxWidthChars = 12
      label.wrap = true
      label.selectable = true
      label.addStyleClass("title")
      label.addStyleClass("dim-label")
      label.removeStyleClass("dim-label")
      XCTAssertEqual(label.name, "greeting")
      XCTAssertFalse(label.sensitive)
      XCTAssertTrue(label.hexpand)
      XCTAssertFalse(label.vexpand)
      XCTAssertEqual(label.halign, .end)
      XCTAssertEqual(label.valign, .center)
      XCTAssertEqual(label.marginStart, 4)
      XCTAssertEqual(label.marginEnd, 6)
      XCTAssertEqual(label.xalign, 0)
      XCTAssertEqual(label.ellipsize, .middle)
      XCTAssertEqual(label.maxWidthChars, 12)
      XCTAssertTrue(label.wrap)
      XCTAssertTrue(label.selectable)
      XCTAssertTrue(label.hasStyleClass("title"))
      XCTAssertFalse(label.hasStyleClass("dim-label"))
      XCTAssertTrue(label.styleClasses.contains("title"))
    }
  }

  func testDefaultDirectionFlipsNewAndUnsetWidgets() throws {
    try onMainActor {
      try requireDisplay()
      let before = Label("before")
      let pinned = Label("pinned")
      pinned.direction = .leftToRight
      Widget.defaultDirection = .rightToLeft
      defer { Widget.defaultDirection = .leftToRight }
      let after = Label("after")
      XCTAssertEqual(Widget.defaultDirection, .rightToLeft)
      XCTAssertEqual(after.direction, .rightToLeft)
      XCTAssertEqual(before.direction, .rightToLeft, "an unset direction follows the default")
      XCTAssertEqual(pinned.direction, .leftToRight)
      Widget.defaultDirection = .leftToRight
      XCTAssertEqual(after.direction, .leftToRight)
    }
  }

  func testChildrenReturnTheSameWrappers() throws {
    try onMainActor {
      try requireDisplay()
      let box = Box(orientation: .vertical, spacing: 6)
      let first = Label("first")
      let second = Button(label: "second")
      box.append(first)
      box.append(second)
      XCTAssertEqual(box.children.count, 2)
      XCTAssertTrue(box.children[0] === first)
      XCTAssertTrue(box.children[1] === second)
      XCTAssertTrue(first.parent === box)
      box.remove(first)
      XCTAssertEqual(box.children.count, 1)
      XCTAssertNil(first.parent)
    }
  }

  func testChildrenCreatedByGtkGetTheirSwiftClass() throws {
    try onMainActor {
      try requireDisplay()
      let bar = InfoBar(text: "Missing translations", messageType: .warning)
      let button = bar.addButton("Details", response: ResponseID(rawValue: 1))
      XCTAssertEqual(button?.label, "Details")
      XCTAssertEqual(bar.messageType, .warning)
      XCTAssertEqual(bar.text, "Missing translations")
    }
  }

  func testGridFindsChildByCell() throws {
    try onMainActor {
      try requireDisplay()
      let grid = Grid(rowSpacing: 4, columnSpacing: 8)
      let wide = Label("wide")
      grid.attach(wide, column: 0, row: 1, width: 2)
      XCTAssertTrue(grid.child(column: 1, row: 1) === wide)
      XCTAssertNil(grid.child(column: 0, row: 0))
      XCTAssertEqual(grid.rowSpacing, 4)
      XCTAssertEqual(grid.columnSpacing, 8)
    }
  }

  func testFocusMovesToGrabbedWidget() throws {
    try onMainActor {
      try requireDisplay()
      let box = Box(orientation: .vertical)
      let first = Button(label: "first")
      let second = Button(label: "second")
      box.append(first)
      box.append(second)
      let window = try showWindow(with: box)
      second.grabFocus()
      XCTAssertTrue(second.isFocus)
      XCTAssertTrue(window.focusWidget === second)
    }
  }
}
