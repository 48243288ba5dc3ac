import CGtk
import Foundation
import XCTest

@testable import ParlanceGtk

/// Where the live module says each text is drawn (`ShownTexts.Text.places`, the same C
/// the module answers Photograph with): checked against the pixels of a real window.
final class TextPlaceTests: GtkTestCase, @unchecked Sendable {
  /// A window of one widget of each kind a text is drawn by, laid out and drawn.
  @MainActor
  private func fixture() throws -> (window: Window, widgets: [String: Widget]) {
    let left = Label("Left")
    left.xalign = 0
    let right = Label("Right")
    right.xalign = 1
    let mirrored = Label("Mirrored")
    mirrored.xalign = 0
    mirrored.direction = .rightToLeft
    let button = Button(label: "Press")
    let long = Label("A text far too long for the narrow window it is shown in, cut short")
    long.ellipsize = .end
    let empty = Entry()
    empty.placeholderText = "Search"
    let filled = Entry()
    filled.placeholderText = "Hidden by text"
    filled.text = "typed"
    let tooltip = Label("With a tooltip")
    tooltip.tooltipText = "Never drawn"
    let hidden = Label("Hidden")
    hidden.noShowAll = true
    let box = Box(orientation: .vertical, spacing: 4)
    box.setMargins(8)
    for widget in [left, right, mirrored, button, long, empty, filled, tooltip, hidden] as [Widget]
    {
      box.append(widget)
    }
    let header = HeaderBar()
    header.title = "Header title"
    let window = Window(title: "Window title")
    window.setTitlebar(header)
    window.defaultSize = Size(width: 260, height: 320)
    window.add(box)
    addTeardownBlock { @MainActor in window.destroy() }
    window.showAll()
    XCTAssertTrue(window.waitForFirstDraw(), "the window was never drawn")
    return (
      window,
      [
        "left": left, "right": right, "mirrored": mirrored, "button": button, "long": long,
        "empty": empty, "filled": filled, "tooltip": tooltip, "hidden": hidden, "header": header,
      ]
    )
  }

  /// The places of the text `property` of `widget` in `texts`.
  @MainActor
  private func places(
    _ texts: ShownTexts, _ widget: Widget, _ property: String = "label"
  ) -> [ShownTexts.DrawnPlace]? {
    let place = ShownTexts.Place(UnsafeMutableRawPointer(widget.widgetPointer), property: property)
    return texts.texts.first { $0.place == place }?.places
  }

  /// The rectangle of `widget`'s allocation in `window`'s coordinates.
  @MainActor
  private func bounds(of widget: Widget, in window: Window) -> Rectangle {
    var x: Int32 = 0
    var y: Int32 = 0
    gtk_widget_translate_coordinates(widget.widgetPointer, window.widgetPointer, 0, 0, &x, &y)
    return Rectangle(
      x: Int(x), y: Int(y), width: widget.allocation.width, height: widget.allocation.height)
  }

  /// How many pixels of `rectangle` differ from `background`.
  private func inked(_ image: Screenshot, _ rectangle: Rectangle, background: UInt32) -> Int {
    var count = 0
    for y in rectangle.y..<(rectangle.y + rectangle.height) {
      for x in rectangle.x..<(rectangle.x + rectangle.width)
      where image.pixel(x: x, y: y)
        != background
      {
        count += 1
      }
    }
    return count
  }

  func testALabelsTextIsPlacedWhereItsLayoutIsDrawnAndNotAcrossItsAllocation() throws {
    try onMainActor {
      try requireDisplay()
      let (window, widgets) = try fixture()
      let texts = ShownTexts(of: window)
      let image = try window.snapshot()
      // The box's margin: the window's background.
      let box = bounds(of: try XCTUnwrap(widgets["left"]?.parent), in: window)
      let background = image.pixel(x: box.x + 2, y: box.y + 2)
      for name in ["left", "right", "mirrored"] {
        let widget = try XCTUnwrap(widgets[name])
        let found = try XCTUnwrap(places(texts, widget), name)
        XCTAssertEqual(found.count, 1, name)
        let place = try XCTUnwrap(found.first)
        XCTAssertTrue(place.isIn(window))
        XCTAssertNil(place.neededWidth, "\(name) fits")
        let rectangle = place.rectangle
        let allocation = bounds(of: widget, in: window)
        XCTAssertLessThan(rectangle.width, allocation.width / 2, "\(name) hugs its text")
        XCTAssertGreaterThan(inked(image, rectangle, background: background), 20, name)
        // Nothing of the text outside its rectangle, within the label.
        let outside =
          rectangle.x - allocation.x > allocation.width / 2
          ? Rectangle(
            x: allocation.x, y: allocation.y, width: rectangle.x - allocation.x,
            height: allocation.height)
          : Rectangle(
            x: rectangle.x + rectangle.width, y: allocation.y,
            width: allocation.x + allocation.width - rectangle.x - rectangle.width,
            height: allocation.height)
        XCTAssertEqual(inked(image, outside, background: background), 0, "\(name) beside its text")
      }
      let left = try XCTUnwrap(places(texts, widgets["left"]!)?.first).rectangle
      let right = try XCTUnwrap(places(texts, widgets["right"]!)?.first).rectangle
      let mirrored = try XCTUnwrap(places(texts, widgets["mirrored"]!)?.first).rectangle
      XCTAssertLessThan(left.x, window.allocation.width / 3, "xalign 0 is at the left")
      XCTAssertGreaterThan(right.x, window.allocation.width / 2, "xalign 1 is at the right")
      XCTAssertGreaterThan(mirrored.x, window.allocation.width / 2, "xalign 0 right to left")
    }
  }

  func testButtonsTitlesAndPlaceholdersAreFoundAndWhatIsNotDrawnHasNoPlace() throws {
    try onMainActor {
      try requireDisplay()
      let (window, widgets) = try fixture()
      let texts = ShownTexts(of: window)
      let button = try XCTUnwrap(widgets["button"])
      let inButton = try XCTUnwrap(places(texts, button)?.first).rectangle
      let buttonBounds = bounds(of: button, in: window)
      XCTAssertTrue(
        inButton.x > buttonBounds.x
          && inButton.x + inButton.width < buttonBounds.x + buttonBounds.width,
        "the button's text is inside it, narrower")
      let title = try XCTUnwrap(places(texts, widgets["header"]!, "title")?.first).rectangle
      let box = try XCTUnwrap(widgets["left"]?.parent)
      XCTAssertLessThan(title.y + title.height, bounds(of: box, in: window).y, "in the header bar")
      // GTK gives the window the title of its header bar, and the text is drawn once.
      XCTAssertEqual(window.title, "Header title")
      XCTAssertEqual(places(texts, window, "title")?.map(\.rectangle), [title])
      XCTAssertEqual(places(texts, widgets["empty"]!, "placeholder-text")?.count, 1)
      XCTAssertEqual(places(texts, widgets["filled"]!, "placeholder-text")?.count, 0)
      XCTAssertEqual(places(texts, widgets["tooltip"]!, "tooltip-text")?.count, 0)
      XCTAssertEqual(places(texts, widgets["hidden"]!)?.count, 0)
      let image = try window.snapshot()
      for text in texts.texts {
        for place in text.places {
          let rectangle = place.rectangle
          XCTAssertTrue(
            rectangle.x >= 0 && rectangle.y >= 0 && rectangle.width > 0 && rectangle.height > 0
              && rectangle.x + rectangle.width <= image.width
              && rectangle.y + rectangle.height <= image.height,
            "\(text.text) at \(rectangle) is inside the \(image.width)×\(image.height) picture")
        }
      }
    }
  }

  func testAnEllipsizedLabelSaysTheWidthItNeeds() throws {
    try onMainActor {
      try requireDisplay()
      let (window, widgets) = try fixture()
      let long = try XCTUnwrap(widgets["long"] as? Label)
      let place = try XCTUnwrap(places(ShownTexts(of: window), long)?.first)
      let needed = try XCTUnwrap(place.neededWidth, "the label is cut short")
      XCTAssertGreaterThan(needed, place.rectangle.width)
      XCTAssertEqual(needed, long.naturalTextWidth, accuracy: 2)
    }
  }

  /// A combo box of three rows, the second active, shown in a window.
  @MainActor private func showComboOfThreeRows() throws -> (ComboBoxText, Window) {
    try requireDisplay()
    let combo = ComboBoxText()
    for (id, text) in [("one", "First row"), ("two", "Second row"), ("three", "Third row")] {
      combo.append(id: id, text: text)
    }
    combo.activeID = "two"
    return (combo, try showWindow(with: combo))
  }

  func testAComboBoxsActiveRowIsPlacedInItAndItsOtherRowsAreNot() throws {
    try onMainActor {
      let (combo, window) = try showComboOfThreeRows()
      let texts = ShownTexts(of: window, models: true).texts
      let rows = Dictionary(
        texts.filter { $0.typeName == "GtkListStore" }.map { ($0.text, $0.places) },
        uniquingKeysWith: { first, _ in first })
      XCTAssertEqual(Set(rows.keys), ["First row", "Second row", "Third row"])
      XCTAssertEqual(rows["First row"]?.count, 0, "not shown")
      XCTAssertEqual(rows["Third row"]?.count, 0, "not shown")
      let shown = try XCTUnwrap(rows["Second row"]?.first).rectangle
      let box = bounds(of: combo, in: window)
      XCTAssertTrue(
        shown.x >= box.x && shown.y >= box.y && shown.x + shown.width <= box.x + box.width
          && shown.y + shown.height <= box.y + box.height,
        "the active row at \(shown) is inside the combo box at \(box)")
      let image = try window.snapshot()
      let background = image.pixel(x: 1, y: image.height - 2)
      XCTAssertGreaterThan(
        inked(image, shown, background: background), 20, "its text is drawn there")
    }
  }

  /// The rows of a model are places of their own: what is remembered of one (the message
  /// a switch found for it) and where it is drawn are not another row's.
  func testEachRowOfAModelIsAPlaceOfItsOwn() throws {
    try onMainActor {
      let (_, window) = try showComboOfThreeRows()
      let shown = ShownTexts(of: window, models: true)
      let rows = shown.texts.filter { $0.typeName == "GtkListStore" }
      XCTAssertEqual(rows.map(\.text), ["First row", "Second row", "Third row"])
      XCTAssertEqual(Set(rows.map(\.place)).count, 3)
      // Drawn where the active row is, under that row's place.
      let drawn = shown.drawn(in: window)
      let second = try XCTUnwrap(rows.first { $0.text == "Second row" })
      XCTAssertEqual(drawn[second.place]?.text.text, "Second row")
      XCTAssertEqual(drawn[second.place]?.places.count, 1)
      // The same row is the same place in the next walk.
      let again = ShownTexts(of: window, models: true).texts.first { $0.text == "Second row" }
      XCTAssertEqual(again?.place, second.place)
    }
  }

  func testAStackPagesTitleIsPlacedInItsSwitcher() throws {
    try onMainActor {
      try requireDisplay()
      guard let stackPointer = gtk_stack_new(), let switcherPointer = gtk_stack_switcher_new()
      else { return XCTFail("no stack") }
      let stack = UnsafeMutableRawPointer(stackPointer).assumingMemoryBound(to: GtkStack.self)
      for (name, title) in [("one", "First page"), ("two", "Second page")] {
        gtk_stack_add_titled(stack, gtk_label_new("The page called \(name)"), name, title)
      }
      gtk_stack_switcher_set_stack(
        UnsafeMutableRawPointer(switcherPointer).assumingMemoryBound(to: GtkStackSwitcher.self),
        stack)
      let switcher = Widget(sinking: switcherPointer)
      let box = Box(orientation: .vertical, spacing: 4)
      box.append(switcher)
      box.append(Widget(sinking: stackPointer))
      let window = try showWindow(with: box)
      let titles = ShownTexts(of: window).texts.filter {
        $0.property == "title" && $0.typeName == "GtkLabel"
      }
      XCTAssertEqual(titles.map(\.text), ["First page", "Second page"])
      let area = bounds(of: switcher, in: window)
      for title in titles {
        let place = try XCTUnwrap(title.places.first, title.text).rectangle
        XCTAssertTrue(
          place.x >= area.x && place.x + place.width <= area.x + area.width
            && place.y >= area.y && place.y + place.height <= area.y + area.height,
          "\(title.text) at \(place) is in the switcher at \(area)")
      }
    }
  }
}
