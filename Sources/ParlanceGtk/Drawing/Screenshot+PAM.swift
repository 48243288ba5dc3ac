import Foundation

extension Screenshot {
  /// Reads a PAM file (Netpbm's P7) of 8-bit RGBA, as a running program's module writes
  /// its windows for `parlance screenshot --run`, which compresses them itself: straight
  /// alpha, made premultiplied as cairo rounds it.
  ///
  /// - Throws: `GtkError.picture` naming the file and the byte where it stops being such a
  ///   file: another header, a depth other than 4, a `MAXVAL` other than 255, or fewer
  ///   pixels than its size.
  public init(contentsOfPAM path: String) throws(GtkError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    } catch {
      throw GtkError.picture("cannot read '\(path)': \(error.localizedDescription)")
    }
    func failure(_ reason: String, at offset: Int) -> GtkError {
      GtkError.picture("'\(path)' at byte \(offset): \(reason)")
    }
    let bytes = [UInt8](data.prefix(4096))
    guard bytes.starts(with: Array("P7\n".utf8)) else {
      throw failure("not a PAM file (no P7 header)", at: 0)
    }
    var fields: [String: String] = [:]
    var offset = 3
    var ended = false
    while offset < bytes.count, !ended {
      guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { break }
      let line = String(decoding: bytes[offset..<newline], as: UTF8.self)
      let start = offset
      offset = newline + 1
      if line == "ENDHDR" {
        ended = true
      } else if !line.isEmpty, !line.hasPrefix("#") {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw failure("'\(line)' is not a header line", at: start) }
        fields[parts[0]] = parts[1]
      }
    }
    guard ended else { throw failure("the header has no ENDHDR", at: offset) }
    guard let width = fields["WIDTH"].flatMap({ Int($0) }), width > 0,
      let height = fields["HEIGHT"].flatMap({ Int($0) }), height > 0
    else { throw failure("no WIDTH and HEIGHT above zero", at: offset) }
    guard fields["DEPTH"] == "4", fields["MAXVAL"] == "255" else {
      throw failure("not 8-bit RGBA (DEPTH 4, MAXVAL 255)", at: offset)
    }
    let count = width * height
    guard data.count - offset >= count * 4 else {
      throw failure(
        "\(width) × \(height) pixels need \(count * 4) bytes, the file has \(data.count - offset)",
        at: data.count)
    }
    let pixels = data.withUnsafeBytes { raw in
      [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let start = raw.bindMemory(to: UInt8.self).baseAddress else { return }
        let source = start + offset
        for index in 0..<count {
          let pixel = source + index * 4
          let alpha = UInt32(pixel[3])
          if alpha == 255 {
            buffer[index] =
              0xFF00_0000 | UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
          } else {
            // cairo's rounding (pixman's MUL_UN8): c × alpha / 255, to nearest.
            func premultiplied(_ channel: UInt8) -> UInt32 {
              let product = UInt32(channel) * alpha + 0x80
              return (product + (product >> 8)) >> 8
            }
            buffer[index] =
              alpha << 24 | premultiplied(pixel[0]) << 16 | premultiplied(pixel[1]) << 8
              | premultiplied(pixel[2])
          }
        }
        initialized = count
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }
}
