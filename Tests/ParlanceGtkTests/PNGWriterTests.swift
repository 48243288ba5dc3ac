import CGtk
import CParlanceLive
import Foundation
import ParlanceGtk
import XCTest

/// `Screenshot.writePNG` writes its files itself, with zlib; cairo's reader (`init(contentsOfPNG:)`,
/// what the screenshot goldens and every reader of these files use) must get back what
/// cairo's own writer would have given it. No display needed.
final class PNGWriterTests: FolderTestCase, @unchecked Sendable {
  /// Runs `body` with this thread's messages in German: `strerror` answers so once a
  /// screenshot switched GTK's texts to German, and the writers' reasons must not.
  static func inGerman(_ body: () throws -> Void) throws {
    let german = try XCTUnwrap(
      newlocale(1 << LC_MESSAGES, "de_DE.UTF-8", nil), "no de_DE.UTF-8 locale (locale-gen)")
    defer { freelocale(german) }
    let before = uselocale(german)
    defer { uselocale(before) }
    XCTAssertEqual(
      String(cString: strerror(ENOENT)), "Datei oder Verzeichnis nicht gefunden",
      "glibc's German messages (the locales package)")
    try body()
  }

  /// Pixels from a fixed-seed generator: flat runs, as in a dialog, and noise.
  static func pixels(width: Int, height: Int, opaque: Bool) -> [UInt32] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt32 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 33)
    }
    return (0..<width * height).map { index in
      let random = index % 7 == 0 ? next() : 0x00C0_C0C0 ^ UInt32(index / 97)
      guard !opaque else { return 0xFF00_0000 | (random & 0x00FF_FFFF) }
      // Premultiplied: no channel above the alpha. The edges (0, 1, 254, 255) among them.
      let alphas: [UInt32] = [0, 255, 1, 128, 254]
      let alpha = index % 6 == 5 ? next() & 0xFF : alphas[index % 6]
      func channel(_ shift: UInt32) -> UInt32 {
        alpha == 0 ? 0 : ((random >> shift) & 0xFF) % (alpha + 1)
      }
      return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }
  }

  /// What cairo's writer makes of `image`, read back by cairo.
  static func throughCairosWriter(_ image: Screenshot, path: String) throws -> Screenshot {
    var copy = image.pixels
    let status = copy.withUnsafeMutableBytes { bytes -> cairo_status_t in
      let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      let surface = cairo_image_surface_create_for_data(
        base, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height),
        Int32(image.width * 4))
      defer { cairo_surface_destroy(surface) }
      return cairo_surface_write_to_png(surface, path)
    }
    XCTAssertEqual(status, CAIRO_STATUS_SUCCESS)
    return try Screenshot(contentsOfPNG: path)
  }

  /// The PNG colour type of a file: 2 for RGB, 6 for RGBA (IHDR, byte 25).
  func colourType(_ path: String) throws -> UInt8 {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    return bytes[25]
  }

  func testOpaquePixelsComeBackExactlyFromAnRGBFile() throws {
    let image = Screenshot(
      width: 333, height: 71, pixels: Self.pixels(width: 333, height: 71, opaque: true))
    let path = folder.appendingPathComponent("opaque.png").path
    try image.writePNG(to: path)
    XCTAssertEqual(try Screenshot(contentsOfPNG: path), image)
    XCTAssertEqual(try colourType(path), 2, "an opaque image is written without alpha")
  }

  /// Pictures of every kind of size come back: rows of one pixel to thousands, so that
  /// the deflated rows' Adler-32, summed here sixteen bytes at a time in blocks of 5,552
  /// (zlib's most before a sum could overflow), ends at every place in a group and a
  /// block. libpng, under cairo's reader, refuses a file whose sum is wrong.
  func testPicturesOfEverySizeComeBack() throws {
    let sizes = [
      (1, 1), (1, 2), (2, 1), (5, 3), (15, 1), (16, 1), (17, 2), (1850, 1), (1851, 1),
      (1849, 3), (700, 9), (63, 89),
    ]
    for (width, height) in sizes {
      for opaque in [true, false] {
        let image = Screenshot(
          width: width, height: height,
          pixels: Self.pixels(width: width, height: height, opaque: opaque))
        let path = folder.appendingPathComponent("\(width)x\(height)-\(opaque).png").path
        try image.writePNG(to: path)
        let read = try Screenshot(contentsOfPNG: path)
        let expected =
          opaque
          ? image
          : try Self.throughCairosWriter(
            image, path: folder.appendingPathComponent("cairo-\(width)x\(height).png").path)
        XCTAssertEqual(read.differingPixelCount(from: expected), 0, "\(width) × \(height)")
        XCTAssertEqual(try colourType(path), opaque ? 2 : 6)
      }
    }
  }

  /// Noise deflates to more than one IDAT chunk holds (a megabyte); and a pixel whose
  /// colour is above its alpha, no premultiplied colour, is written as cairo writes it,
  /// each channel kept to its byte.
  func testNoiseAndImproperPixelsComeBackAsCairoWritesThem() throws {
    var state: UInt64 = 1
    let noise = (0..<(800 * 600)).map { _ -> UInt32 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return 0xFF00_0000 | UInt32(truncatingIfNeeded: state >> 40)
    }
    let improper: [UInt32] = [0x80FF_0000, 0x0101_0203, 0xFEFF_FFFF, 0x4080_C0FF]
    for (name, image) in [
      ("noise", Screenshot(width: 800, height: 600, pixels: noise)),
      ("improper", Screenshot(width: 2, height: 2, pixels: improper)),
    ] {
      let path = folder.appendingPathComponent("\(name).png").path
      try image.writePNG(to: path)
      let expected = try Self.throughCairosWriter(
        image, path: folder.appendingPathComponent("cairo-\(name).png").path)
      XCTAssertEqual(
        try Screenshot(contentsOfPNG: path).differingPixelCount(from: expected), 0, name)
    }
    let size =
      try FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent("noise.png").path)[.size] as? Int
    XCTAssertGreaterThan(size ?? 0, 1 << 20, "more than one chunk's worth")
  }

  func testTranslucentPixelsReadBackAsCairosWriterGivesThem() throws {
    let image = Screenshot(
      width: 257, height: 64, pixels: Self.pixels(width: 257, height: 64, opaque: false))
    let ours = folder.appendingPathComponent("ours.png").path
    try image.writePNG(to: ours)
    let read = try Screenshot(contentsOfPNG: ours)
    let cairos = try Self.throughCairosWriter(
      image, path: folder.appendingPathComponent("cairo.png").path)
    XCTAssertEqual(read.width, 257)
    XCTAssertEqual(read.height, 64)
    XCTAssertEqual(read.differingPixelCount(from: cairos), 0)
    XCTAssertEqual(try colourType(ours), 6)
  }

  func testAFileThatCannotBeWrittenThrowsItsPathAndWhy() throws {
    let image = Screenshot(width: 2, height: 2, pixels: Array(repeating: 0xFF11_2233, count: 4))
    let path = folder.appendingPathComponent("missing/shot.png").path
    XCTAssertThrowsError(try image.writePNG(to: path)) { error in
      XCTAssertEqual(
        error as? GtkError, .png("cannot write '\(path)': No such file or directory"))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }

  /// Sixteen files encoded at once on threads of their own, each waited for: every file
  /// holds its own image. Under ThreadSanitizer in `make sanitize`.
  func testBackgroundWritesComeBackEachWithItsOwnPixels() throws {
    let images = (0..<16).map { index in
      Screenshot(
        width: 40 + index, height: 9,
        pixels: Self.pixels(width: 40 + index, height: 9, opaque: index % 2 == 0))
    }
    let pending = images.enumerated().map { index, image in
      image.writePNGInBackground(to: folder.appendingPathComponent("\(index).png").path)
    }
    for (index, write) in pending.enumerated() {
      try write.wait()
      let read = try Screenshot(contentsOfPNG: write.path)
      let expected =
        index % 2 == 0
        ? images[index]
        : try Self.throughCairosWriter(
          images[index], path: folder.appendingPathComponent("cairo-\(index).png").path)
      XCTAssertEqual(read.differingPixelCount(from: expected), 0, "file \(index)")
    }
  }

  /// A disk that fills up part-way: the reason is the system's, the path is named, and
  /// what is at the path is only removed when it is a plain file (never a device).
  func testAWriteThatFailsPartWaySaysWhyAndKeepsWhatIsNotAFile() throws {
    try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full")
    let noise = Screenshot(
      width: 400, height: 300, pixels: Self.pixels(width: 400, height: 300, opaque: false))
    try Self.inGerman {
      XCTAssertThrowsError(try noise.writePNG(to: "/dev/full")) { error in
        guard case .png(let message)? = error as? GtkError else {
          return XCTFail("\(error)")
        }
        XCTAssertEqual(message, "cannot write '/dev/full': No space left on device")
      }
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: "/dev/full"))
  }

  /// The thumbnail made beside the file is the picture scaled as `scaled(toFit:)`
  /// scales it; none is made unless asked for.
  func testABackgroundWriteMakesTheThumbnailAskedFor() throws {
    let image = Screenshot(
      width: 640, height: 200, pixels: Self.pixels(width: 640, height: 200, opaque: false))
    let path = folder.appendingPathComponent("with-thumbnail.png").path
    let pending = image.writePNGInBackground(to: path, thumbnailFitting: (300, 600))
    try pending.wait()
    XCTAssertEqual(pending.thumbnail, image.scaled(toFit: 300, 600))
    XCTAssertEqual(pending.thumbnail?.width, 300)
    XCTAssertEqual(
      try Screenshot(contentsOfPNG: path).differingPixelCount(
        from: try Self.throughCairosWriter(
          image, path: folder.appendingPathComponent("cairo.png").path)), 0)
    let plain = image.writePNGInBackground(
      to: folder.appendingPathComponent("plain.png").path)
    try plain.wait()
    XCTAssertNil(plain.thumbnail)
  }

  func testABackgroundWriteThatFailsThrowsWhenWaitedFor() throws {
    let image = Screenshot(width: 1, height: 1, pixels: [0xFF00_0000])
    let path = folder.appendingPathComponent("missing/late.png").path
    let pending = image.writePNGInBackground(to: path)
    XCTAssertThrowsError(try pending.wait()) { error in
      XCTAssertEqual(
        error as? GtkError, .png("cannot write '\(path)': No such file or directory"))
    }
  }

  /// A write dropped without `wait()` is still finished when the value goes.
  func testADroppedBackgroundWriteIsFinishedWhenItGoes() throws {
    let image = Screenshot(
      width: 300, height: 200, pixels: Self.pixels(width: 300, height: 200, opaque: true))
    let path = folder.appendingPathComponent("dropped.png").path
    do {
      _ = image.writePNGInBackground(to: path)
    }
    XCTAssertEqual(try Screenshot(contentsOfPNG: path), image)
  }

  /// Made smaller, each pixel is the average of those it covers: columns black, white,
  /// white, a third the width, are two-thirds grey (170), where sampling between
  /// neighbours (bilinear) would land on white.
  func testScalingDownAveragesThePixelsCovered() {
    let stripes = Screenshot(
      width: 96, height: 48,
      pixels: (0..<96 * 48).map { $0 % 3 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF })
    let third = stripes.scaled(toFit: 32, 32)
    XCTAssertEqual(third.width, 32)
    XCTAssertEqual(third.height, 16, "keeps the aspect ratio")
    for y in 2..<14 {
      for x in 2..<30 {
        let grey = Int(third.pixel(x: x, y: y) & 0xFF)
        XCTAssertTrue((160...180).contains(grey), "(\(x), \(y)): \(grey)")
        XCTAssertEqual(third.pixel(x: x, y: y) >> 24, 0xFF)
      }
    }
    let halves = Screenshot(
      width: 200, height: 100,
      pixels: (0..<200 * 100).map { $0 % 200 < 100 ? 0xFFFF_0000 : 0xFF00_00FF })
    let small = halves.scaled(toFit: 50, 50)
    XCTAssertEqual(small.width, 50)
    XCTAssertEqual(small.height, 25)
    XCTAssertEqual(small.pixel(x: 5, y: 12), 0xFFFF_0000)
    XCTAssertEqual(small.pixel(x: 44, y: 12), 0xFF00_00FF)
    // An opaque image stays opaque to its edges and corners.
    for (x, y) in [(0, 0), (49, 0), (0, 24), (49, 24), (25, 0), (0, 12)] {
      XCTAssertEqual(small.pixel(x: x, y: y) >> 24, 0xFF, "(\(x), \(y))")
    }
  }

  /// Made smaller by any ratio, each channel of each pixel is the average over the area
  /// it covers, partly covered pixels weighed by how much of them it covers: as computed
  /// here in fractions of pixels, rounded to the nearest. The same size is the same picture.
  func testScalingDownIsTheAreaAverageAtAnyRatio() {
    let cases = [
      (211, 157, 100, 100), (7, 5, 3, 3), (97, 13, 40, 40), (1, 9, 1, 2), (64, 48, 32, 32),
      (1001, 3, 1000, 1000),
    ]
    for (width, height, boxWidth, boxHeight) in cases {
      let image = Screenshot(
        width: width, height: height,
        pixels: Self.pixels(width: width, height: height, opaque: false))
      let small = image.scaled(toFit: boxWidth, boxHeight)
      let factor = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
      XCTAssertEqual(small.width, max(1, Int((Double(width) * factor).rounded())))
      XCTAssertEqual(small.height, max(1, Int((Double(height) * factor).rounded())))
      // Along an axis of `from` pixels made `to`: how much of source pixel `source` the
      // pixel `made` covers, in units of which a source pixel has `to`.
      func overlap(_ made: Int, _ source: Int, from: Int, to: Int) -> Int {
        max(0, min((made + 1) * from, (source + 1) * to) - max(made * from, source * to))
      }
      var worst = 0.0
      for y in 0..<small.height {
        let rows = (y * height / small.height)...min(height - 1, (y + 1) * height / small.height)
        for x in 0..<small.width {
          let columns = (x * width / small.width)...min(width - 1, (x + 1) * width / small.width)
          for shift in stride(from: 0, through: 24, by: 8) {
            var sum = 0
            for row in rows {
              let down = overlap(y, row, from: height, to: small.height)
              for column in columns {
                let channel = Int(image.pixel(x: column, y: row) >> UInt32(shift) & 0xFF)
                sum += down * overlap(x, column, from: width, to: small.width) * channel
              }
            }
            let expected = Double(sum) / Double(width * height)
            let made = Double(small.pixel(x: x, y: y) >> UInt32(shift) & 0xFF)
            worst = max(worst, abs(made - expected))
          }
        }
      }
      XCTAssertLessThanOrEqual(
        worst, 0.5001, "\(width) × \(height) into \(boxWidth) × \(boxHeight)")
    }
    let image = Screenshot(
      width: 40, height: 30, pixels: Self.pixels(width: 40, height: 30, opaque: false))
    XCTAssertEqual(image.scaled(toFit: 40, 60), image)
  }
}

/// The uncompressed pictures a running program's module hands `parlance screenshot --run`
/// (`parlance_write_pam`, the module's own code) read back by `Screenshot(contentsOfPAM:)`:
/// the pixels cairo's PNG writer and reader would give, and a clear error for a file that
/// is not such a picture. No display needed.
final class PAMPictureTests: FolderTestCase, @unchecked Sendable {

  /// `image` written by the module's writer into `name`.
  func writtenByTheModule(_ image: Screenshot, _ name: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    var copy = image.pixels
    var error: UnsafeMutablePointer<GError>?
    let written = copy.withUnsafeMutableBytes { bytes -> gboolean in
      let surface = cairo_image_surface_create_for_data(
        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
        Int32(image.width), Int32(image.height), Int32(image.width * 4))
      defer { cairo_surface_destroy(surface) }
      return parlance_write_pam(surface!, path, &error)
    }
    if let error {
      defer { g_error_free(error) }
      XCTFail(String(cString: error.pointee.message))
    }
    XCTAssertNotEqual(written, 0)
    return path
  }

  func testOpaquePixelsComeBackExactly() throws {
    let image = Screenshot(
      width: 333, height: 71, pixels: PNGWriterTests.pixels(width: 333, height: 71, opaque: true))
    let path = try writtenByTheModule(image, "opaque.pam")
    XCTAssertEqual(try Screenshot(contentsOfPAM: path), image)
    let header = "P7\nWIDTH 333\nHEIGHT 71\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    let file = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertEqual(String(decoding: file.prefix(header.utf8.count), as: UTF8.self), header)
    XCTAssertEqual(file.count, header.utf8.count + 333 * 71 * 4)
  }

  func testTranslucentPixelsComeBackAsThroughCairosPNGWriter() throws {
    let image = Screenshot(
      width: 257, height: 64, pixels: PNGWriterTests.pixels(width: 257, height: 64, opaque: false))
    let read = try Screenshot(contentsOfPAM: try writtenByTheModule(image, "translucent.pam"))
    let cairos = try PNGWriterTests.throughCairosWriter(
      image, path: folder.appendingPathComponent("cairo.png").path)
    XCTAssertEqual(read.differingPixelCount(from: cairos), 0)
  }

  func testAFileThatIsNotAPictureSaysWhereItStops() throws {
    let image = Screenshot(width: 4, height: 3, pixels: Array(repeating: 0xFF10_2030, count: 12))
    let whole = try Data(contentsOf: URL(fileURLWithPath: try writtenByTheModule(image, "a.pam")))
    let cases: [(String, Data, String)] = [
      ("png.pam", Data([0x89, 0x50, 0x4E, 0x47]), "at byte 0: not a PAM file (no P7 header)"),
      ("cut.pam", whole.dropLast(5), "4 × 3 pixels need 48 bytes, the file has 43"),
      (
        "grey.pam", Data("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nENDHDR\n\u{0}".utf8),
        "not 8-bit RGBA (DEPTH 4, MAXVAL 255)"
      ),
      ("open.pam", Data("P7\nWIDTH 1\nHEIGHT 1\n".utf8), "the header has no ENDHDR"),
    ]
    for (name, bytes, reason) in cases {
      let path = folder.appendingPathComponent(name).path
      try bytes.write(to: URL(fileURLWithPath: path))
      XCTAssertThrowsError(try Screenshot(contentsOfPAM: path), name) { error in
        let message = (error as? GtkError)?.description ?? "\(error)"
        XCTAssertTrue(message.hasPrefix("'\(path)' at byte"), message)
        XCTAssertTrue(message.contains(reason), message)
      }
    }
  }

  /// A disk that fills up part-way: the writer says why and leaves a device alone.
  func testAWriteThatFailsSaysWhyAndKeepsWhatIsNotAFile() throws {
    try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full")
    var pixels = PNGWriterTests.pixels(width: 400, height: 300, opaque: true)
    var error: UnsafeMutablePointer<GError>?
    var written: gboolean = 1
    try PNGWriterTests.inGerman {
      written = pixels.withUnsafeMutableBytes { bytes -> gboolean in
        let surface = cairo_image_surface_create_for_data(
          bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, 400, 300,
          1600)
        defer { cairo_surface_destroy(surface) }
        return parlance_write_pam(surface!, "/dev/full", &error)
      }
    }
    XCTAssertEqual(written, 0)
    XCTAssertEqual(error.map { String(cString: $0.pointee.message) }, "No space left on device")
    if let error { g_error_free(error) }
    XCTAssertTrue(FileManager.default.fileExists(atPath: "/dev/full"))
  }
}
