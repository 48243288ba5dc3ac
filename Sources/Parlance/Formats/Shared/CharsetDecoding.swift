#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns text in a legacy charset (`windows-1251`, `KOI8-R`, `Shift_JIS`, `GB2312`, …)
/// into UTF-8 with the system's `iconv`, for parsers that scan bytes.
///
/// A file is decoded whole before it is parsed: in Shift_JIS the second byte of `表` is
/// 0x5C, the ASCII backslash, so scanning the raw bytes for escapes would break strings.
enum CharsetDecoding {
  /// Whether text in `charset` is read as UTF-8 without conversion: UTF-8 itself, ASCII
  /// (a subset), and the `CHARSET` placeholder of an unfilled `.pot` template.
  static func isUTF8Compatible(_ charset: String) -> Bool {
    // The spellings nearly every file uses, without making a normalized copy.
    if charset == "UTF-8" || charset == "utf-8" || charset == "ASCII" { return true }
    switch normalized(charset) {
    case "UTF8", "ASCII", "USASCII", "ANSIX3.41968", "CHARSET", "": return true
    default: return false
    }
  }

  /// The UTF-8 form of `bytes` read as `charset`, or `nil` when `iconv` does not know it.
  ///
  /// Each byte that is not valid in the charset becomes U+FFFD; `firstInvalidOffset` is the
  /// offset in the output of the first of them. `encodingName` is `charset` as given.
  static func decode(_ bytes: [UInt8], charset: String) -> DecodedText? {
    let descriptor = iconv_open("UTF-8", iconvName(for: charset))
    guard Int(bitPattern: descriptor) != -1 else { return nil }
    defer { iconv_close(descriptor) }

    // Legacy charsets take one or two bytes for what UTF-8 writes in up to three.
    var output = [UInt8](repeating: 0, count: bytes.count * 2 + 64)
    var written = 0
    var firstInvalid: Int?
    var input = bytes
    let inputCount = input.count
    var consumed = 0
    input.withUnsafeMutableBufferPointer { inputBuffer in
      while consumed < inputCount {
        if output.count - written < 16 {
          output.append(contentsOf: repeatElement(0, count: output.count))
        }
        var inputLeft = inputCount - consumed
        var outputLeft = output.count - written
        let result = output.withUnsafeMutableBufferPointer { outputBuffer -> Int in
          guard let inputBase = inputBuffer.baseAddress, let outputBase = outputBuffer.baseAddress
          else { return 0 }
          var inputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
            inputBase + consumed
          ).assumingMemoryBound(to: CChar.self)
          var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
            outputBase + written
          ).assumingMemoryBound(to: CChar.self)
          return iconv(descriptor, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
        }
        let error = errno
        consumed = inputCount - inputLeft
        written = output.count - outputLeft
        guard result == -1 else { continue }
        switch error {
        case E2BIG:
          output.append(contentsOf: repeatElement(0, count: output.count))
        case EILSEQ, EINVAL:
          // EINVAL is a sequence cut off by the end of the file.
          if firstInvalid == nil { firstInvalid = written }
          if output.count - written < 3 {
            output.append(contentsOf: repeatElement(0, count: output.count))
          }
          for byte in TextDecoding.replacementCharacter {
            output[written] = byte
            written += 1
          }
          consumed += 1
        default:
          // Not documented for iconv; stop rather than loop.
          if firstInvalid == nil { firstInvalid = written }
          consumed = inputCount
        }
      }
    }
    output.removeSubrange(written...)
    return DecodedText(utf8: output, encodingName: charset, firstInvalidOffset: firstInvalid)
  }

  /// The name given to `iconv`: the superset decoders browsers use (WHATWG Encoding), so
  /// that files labelled with the narrower name but written by Windows tools still read.
  ///
  /// glibc's `SHIFT_JIS` turns 0x5C into `¥` and 0x7E into `‾`, which would break every
  /// escape of a `.po` file; `CP932` keeps them ASCII, as Japanese Windows and gettext do.
  private static func iconvName(for charset: String) -> String {
    switch normalized(charset) {
    case "SHIFTJIS", "SJIS", "MSKANJI", "CSSHIFTJIS", "WINDOWS31J": "CP932"
    case "GB2312", "EUCCN", "CSGB2312": "GBK"
    case "EUCKR", "CSEUCKR": "CP949"
    default: charset
    }
  }

  /// Upper case without `-`, `_` and spaces: `Shift_JIS` and `shift-jis` are one charset.
  private static func normalized(_ charset: String) -> String {
    String(charset.uppercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
  }
}
