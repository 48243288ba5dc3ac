import CGtk
import Foundation
import XCTest

@testable import ParlanceGtk

final class DrawingTests: GtkTestCase, @unchecked Sendable {
  func testOnNextDrawFiresOnce() throws {
    try onMainActor {
      try requireDisplay()
      let window = try showWindow(with: Label("draw me"))
      let draws = CallCounter()
      window.onNextDraw { draws.count += 1 }
      window.queueDraw()
      XCTAssertTrue(Gtk.iterate(until: { draws.count == 1 }))
      XCTAssertTrue(window.waitForFirstDraw(), "draws again after the one-shot handler")
      XCTAssertEqual(draws.count, 1)
    }
  }

  func testSnapshotPNGHasWindowSizeAndContent() throws {
    try onMainActor {
      try requireDisplay()
      let box = Box(orientation: .vertical, spacing: 8)
      box.setMargins(12)
      box.append(Label("Parlance — 日本語 — العربية"))
      box.append(Button(label: "OK"))
      let window = try showWindow(with: box, size: Size(width: 300, height: 180))
      let path = NSTemporaryDirectory() + "parlance-gtk-\(getpid())-snapshot.png"
      defer { try? FileManager.default.removeItem(atPath: path) }

      try window.snapshotPNG(to: path)

      let header = try pngHeaderSize(atPath: path)
      XCTAssertEqual(header.width, window.allocation.width)
      XCTAssertEqual(header.height, window.allocation.height)
      XCTAssertEqual(window.size, Size(width: 300, height: 180))
      let image = try Screenshot(contentsOfPNG: path)
      XCTAssertEqual(image.width, header.width)
      XCTAssertFalse(image.isUniform, "the capture is blank")
      let background = image.pixel(x: 1, y: 1)
      XCTAssertGreaterThan(image.pixels.filter { $0 != background }.count, 100)
    }
  }

  /// The picture of a frame is drawn once, and is what the screen shows: the window's
  /// widgets draw once for both, where a frame and then a snapshot draw them twice.
  func testTheNextFramesPictureIsDrawnOnceAndShownOnTheScreen() throws {
    try onMainActor {
      try requireDisplay()
      let box = Box(orientation: .vertical, spacing: 8)
      box.setMargins(12)
      let label = Label("Parlance — 日本語 — العربية")
      box.append(label)
      box.append(Button(label: "OK"))
      let window = try showWindow(with: box, size: Size(width: 300, height: 180))
      let draws = CallCounter()
      @MainActor func count() {
        _ = label.onNextDraw {
          draws.count += 1
          count()
        }
      }
      count()
      label.text = "Deutsch — 日本語 — עברית"
      let picture = try XCTUnwrap(window.nextFramePicture())
      XCTAssertEqual(draws.count, 1, "drawn once, for the picture and the screen")
      XCTAssertEqual(picture.width, window.allocation.width)
      XCTAssertFalse(picture.isUniform)
      XCTAssertEqual(try window.snapshot().differingPixelCount(from: picture), 0)
      // What the X server holds for the window: the picture, pixel for pixel.
      let pixbuf = try XCTUnwrap(
        gdk_pixbuf_get_from_window(
          gtk_widget_get_window(window.widgetPointer), 0, 0, Int32(picture.width),
          Int32(picture.height)))
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
      let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
      let bytes = try XCTUnwrap(gdk_pixbuf_get_pixels(pixbuf))
      var differing = 0
      for y in 0..<picture.height {
        for x in 0..<picture.width {
          let at = y * stride + x * channels
          let shown = UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
          if shown != picture.pixels[y * picture.width + x] & 0xFF_FFFF { differing += 1 }
        }
      }
      XCTAssertEqual(differing, 0)
    }
  }

  /// A window asked for a new size is photographed as soon as the window system gives
  /// it that size and GTK lays it out, before any frame: growing, shrinking in one
  /// direction while growing in the other (where a layout run while GTK awaited the
  /// answer asked for the old width again), and keeping its size. Each picture is the
  /// size asked, and what the next frame then shows.
  func testAWindowIsPhotographedAtTheSizeAskedWithoutAFrame() throws {
    try onMainActor {
      try requireDisplay()
      let label = Label("Parlance")
      let window = try showWindow(with: label, size: Size(width: 120, height: 60))
      let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.widgetPointer))
      let texts = [
        "Parlance — a much longer line, in every language",
        "Kurz\nzwei\nZeilen",
        "Kurz\nzwei\nZeilen",
        "日本語",
      ]
      var sizes: [Size] = []
      for text in texts {
        label.text = text
        let size = window.naturalSize
        window.resize(to: size)
        let frames = gdk_frame_clock_get_frame_counter(clock)
        let picture = try XCTUnwrap(window.picture(laidOutAt: size), text)
        XCTAssertEqual(gdk_frame_clock_get_frame_counter(clock), frames, "waited for a frame")
        XCTAssertEqual(Size(width: picture.width, height: picture.height), size, text)
        let shown = try XCTUnwrap(window.nextFramePicture(), text)
        XCTAssertEqual(shown.differingPixelCount(from: picture), 0, text)
        sizes.append(size)
      }
      XCTAssertGreaterThan(sizes[0].width, sizes[1].width)
      XCTAssertLessThan(sizes[0].height, sizes[1].height)
      XCTAssertEqual(sizes[1], sizes[2])
    }
  }

  func testSnapshotsOfSameWindowMatch() throws {
    try onMainActor {
      try requireDisplay()
      let window = try showWindow(with: Label("stable"))
      let first = try window.snapshot()
      XCTAssertTrue(window.waitForFirstDraw())
      let second = try window.snapshot()
      XCTAssertEqual(first.differingPixelCount(from: second), 0)
    }
  }

  func testSnapshotBeforeLayoutThrows() throws {
    try onMainActor {
      try requireDisplay()
      let label = Label("never shown")
      XCTAssertThrowsError(try label.snapshot()) { error in
        XCTAssertEqual(error as? GtkError, .notLaidOut)
      }
    }
  }

  func testEllipsizedLabelReportsTruncation() throws {
    try onMainActor {
      try requireDisplay()
      let box = Box(orientation: .vertical)
      let short = Label("OK")
      let long = Label("Eine sehr lange Beschriftung, die nicht passt")
      long.ellipsize = .end
      long.maxWidthChars = 5
      long.halign = .start
      box.append(short)
      box.append(long)
      _ = try showWindow(with: box, size: Size(width: 120, height: 80))
      XCTAssertTrue(long.isEllipsized)
      XCTAssertTrue(long.isTruncated)
      XCTAssertGreaterThan(long.naturalTextWidth, long.allocation.width)
      XCTAssertFalse(short.isTruncated)
      XCTAssertLessThanOrEqual(short.layoutWidth, short.allocation.width)
    }
  }

  /// An image made from a screenshot shows its pixels one to one.
  func testImageShowsAScreenshotsPixels() throws {
    try onMainActor {
      try requireDisplay()
      let pattern = Screenshot(
        width: 40, height: 30,
        pixels: (0..<40 * 30).map { $0 % 40 < 20 ? 0xFF20_8040 : 0xFFC0_1020 })
      let image = Image(screenshot: pattern)
      let window = try showWindow(with: image, size: Size(width: 40, height: 30))
      let shot = try image.snapshot()
      XCTAssertEqual(shot, pattern)
      XCTAssertFalse(image.isEmpty)
      window.destroy()
    }
  }

  func testPixbufLoadsWrittenPNGAndReportsMissingFile() throws {
    try onMainActor {
      try requireDisplay()
      let window = try showWindow(with: Label("pixbuf"), size: Size(width: 160, height: 90))
      let path = NSTemporaryDirectory() + "parlance-gtk-\(getpid())-pixbuf.png"
      defer { try? FileManager.default.removeItem(atPath: path) }
      try window.snapshotPNG(to: path)
      let pixbuf = try Pixbuf(contentsOfFile: path)
      XCTAssertEqual(pixbuf.width, window.allocation.width)
      XCTAssertEqual(pixbuf.height, window.allocation.height)
      let image = Image(pixbuf: pixbuf)
      XCTAssertFalse(image.isEmpty)
      XCTAssertThrowsError(try Pixbuf(contentsOfFile: path + ".missing")) { error in
        guard case .glib(let message)? = error as? GtkError else {
          return XCTFail("unexpected error \(error)")
        }
        XCTAssertTrue(message.contains(".missing"), message)
      }
    }
  }

  /// Reads width and height from a PNG's IHDR chunk (bytes 16..<24, big-endian).
  private func pngHeaderSize(atPath path: String) throws -> Size {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    guard data.count >= 24 else { throw CocoaError(.fileReadCorruptFile) }
    func bigEndian(_ offset: Int) -> Int {
      data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return Size(width: bigEndian(16), height: bigEndian(20))
  }
}
