import CGtk
import CParlancePNG

/// The pixels of a rendered widget or a PNG file, in memory.
///
/// Pixels are cairo's ARGB32: premultiplied alpha, one `UInt32` per pixel as `0xAARRGGBB`,
/// row after row, top to bottom.
public struct Screenshot: Hashable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width × height` pixels, row-major.
  public let pixels: [UInt32]

  /// An image of `width` × `height` `pixels`, row-major, premultiplied `0xAARRGGBB`.
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Copies the pixels of a cairo image surface; the caller keeps the surface.
  init(surface: OpaquePointer) throws(GtkError) {
    cairo_surface_flush(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else { throw GtkError(cairoStatus: status) }
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let format = cairo_image_surface_get_format(surface)
    let opaque = format == CAIRO_FORMAT_RGB24
    guard format == CAIRO_FORMAT_ARGB32 || opaque, let data = cairo_image_surface_get_data(surface)
    else {
      throw GtkError.cairo("unsupported image format")
    }
    let (width, height) = (width, height)
    pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      for row in 0..<height {
        let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
        let target = base + row * width
        if opaque {
          // RGB24 leaves the alpha byte undefined.
          for column in 0..<width { (target + column).initialize(to: source[column] | 0xFF00_0000) }
        } else {
          target.initialize(from: source, count: width)
        }
      }
      initialized = width * height
    }
  }

  /// Decodes a PNG file.
  ///
  /// - Throws: `GtkError.cairo` when the file is missing or not a PNG.
  public init(contentsOfPNG path: String) throws(GtkError) {
    guard let surface = cairo_image_surface_create_from_png(path) else {
      throw GtkError.cairo("cannot read '\(path)'")
    }
    defer { cairo_surface_destroy(surface) }
    try self.init(surface: surface)
  }

  /// A copy scaled to fit `width` × `height`, keeping the aspect ratio. Made smaller, each
  /// pixel is the average of the area it covers (`parlance_scale_down`); made larger,
  /// cairo's "good" filter draws it.
  ///
  /// Needs no display and no GLib: any thread may scale its own images.
  public func scaled(toFit width: Int, _ height: Int) -> Screenshot {
    guard self.width > 0, self.height > 0 else { return self }
    let factor = min(Double(width) / Double(self.width), Double(height) / Double(self.height))
    let newWidth = max(1, Int((Double(self.width) * factor).rounded()))
    let newHeight = max(1, Int((Double(self.height) * factor).rounded()))
    if newWidth == self.width && newHeight == self.height { return self }
    guard newWidth <= self.width && newHeight <= self.height else {
      return enlarged(toWidth: newWidth, newHeight)
    }
    var made = true
    let pixels = [UInt32](unsafeUninitializedCapacity: newWidth * newHeight) { buffer, count in
      made =
        self.pixels.withUnsafeBufferPointer { source in
          parlance_scale_down(
            source.baseAddress, Int32(self.width), Int32(self.height), buffer.baseAddress,
            Int32(newWidth), Int32(newHeight))
        } == 0
      count = made ? newWidth * newHeight : 0
    }
    return made ? Screenshot(width: newWidth, height: newHeight, pixels: pixels) : self
  }

  /// A copy drawn larger by cairo's "good" filter.
  private func enlarged(toWidth newWidth: Int, _ newHeight: Int) -> Screenshot {
    guard let from = imageSurface(),
      let to = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(newWidth), Int32(newHeight))
    else { return self }
    defer {
      cairo_surface_destroy(from)
      cairo_surface_destroy(to)
    }
    guard let context = cairo_create(to) else { return self }
    cairo_scale(
      context, Double(newWidth) / Double(self.width), Double(newHeight) / Double(self.height))
    cairo_set_source_surface(context, from, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    // The filter reaches past the edges: repeat the edge pixels there rather than
    // averaging in transparency (a faded border round the picture).
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_paint(context)
    cairo_destroy(context)
    let scaled = try? Screenshot(surface: to)
    return scaled ?? self
  }

  /// A new cairo image surface holding a copy of the pixels (the caller destroys it); nil
  /// when cairo cannot make one.
  func imageSurface() -> OpaquePointer? {
    guard width > 0, height > 0,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { return nil }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else {
      cairo_surface_destroy(surface)
      return nil
    }
    pixels.withUnsafeBytes { source in
      guard let base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      for row in 0..<height {
        (data + row * stride).update(from: base + row * width * 4, count: width * 4)
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }

  /// The pixel at (`x`, `y`) as `0xAARRGGBB`, premultiplied.
  package func pixel(x: Int, y: Int) -> UInt32 {
    pixels[y * width + x]
  }

  /// Whether every pixel has the same colour (a blank capture).
  package var isUniform: Bool {
    guard let first = pixels.first else { return true }
    return pixels.allSatisfy { $0 == first }
  }

  /// The number of pixels where some channel differs by more than `tolerance` (0...255);
  /// nil when the sizes differ.
  package func differingPixelCount(from other: Screenshot, tolerance: UInt8 = 0) -> Int? {
    guard width == other.width, height == other.height else { return nil }
    var count = 0
    for (left, right) in zip(pixels, other.pixels) where left != right {
      for shift in stride(from: 0, to: 32, by: 8) {
        let a = Int((left >> UInt32(shift)) & 0xFF)
        let b = Int((right >> UInt32(shift)) & 0xFF)
        if abs(a - b) > Int(tolerance) {
          count += 1
          break
        }
      }
    }
    return count
  }

  /// Writes the pixels as a PNG file, replacing any file at `path`: RGB when every pixel is
  /// opaque, RGBA otherwise. `init(contentsOfPNG:)` reads the same pixels back.
  ///
  /// Written by `CParlancePNG` with zlib, 3–4 times as fast as cairo's writer.
  /// - Throws: `GtkError.png` with the reason when the file cannot be written.
  public func writePNG(to path: String) throws(GtkError) {
    var reason = [CChar](repeating: 0, count: 512)
    let status = pixels.withUnsafeBufferPointer { pixels in
      parlance_png_write(
        pixels.baseAddress, Int32(width), Int32(height), path, &reason, Int32(reason.count))
    }
    guard status == 0 else {
      throw GtkError.png(String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
    }
  }
}

extension Screenshot {
  /// Keeps the memory this process frees for what it allocates next, for a screenshot
  /// matrix: each picture is drawn, copied, compressed and made small in buffers of a
  /// few MB that are freed once it is written, and glibc would give them back to the
  /// kernel (above its mmap threshold, or trimmed from the top of the heap), so that the
  /// next language faulted fresh zeroed pages in again: about 1,000 page faults a
  /// language for Transmission's PrefsDialog, and 5% of its matrix of eight languages.
  /// For a short process that photographs; a long-running one would keep its peak.
  public static func keepFreedMemory() {
    parlance_keep_freed_memory()
  }
}
