#include "parlance_png.h"

#include "parlance_error.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// A PNG file written here, not by libpng: the rows filtered with Sub (each byte less
// the same byte of the pixel before it) as they are taken from cairo's pixels, deflated
// by zlib at level 3 in one call up to a gigabyte (a raw stream: its Adler-32 is summed
// here, sixteen bytes at a time, where zlib's own sum took a ninth of the file's time),
// in IDAT chunks of up to a megabyte with their CRCs. For screenshots of dialogs (flat
// colours, text) zlib's matching takes about 3 ms at any level (at level 1 or with
// run-length matches only, no faster and up to twice as large). A 927 × 665 dialog takes 3.3–3.6 ms, an eight-tile contact
// sheet 7.7–7.9; through libpng, with a filter byte by byte and zlib's sum, 4.8–4.9 and
// 10.1.
enum { compression_level = 3 };

/// The deflated data one IDAT chunk holds at most; the rows deflated per call at most.
enum { idat_capacity = 1 << 20 };
static const size_t piece_most = (size_t)1 << 30;

static void report(char *error, int32_t capacity, const char *format, const char *a,
                   const char *b) {
  if (error && capacity > 0) snprintf(error, (size_t)capacity, format, a, b);
}

// Removes what a failed write left at `path`: only a regular file, so that a path naming
// a device (/dev/full) is never deleted.
static void discard(const char *path) {
  struct stat status;
  if (stat(path, &status) == 0 && S_ISREG(status.st_mode)) remove(path);
}

typedef struct {
  FILE *file;
  /// The errno of the first write that failed; 0 while none has.
  int failed;
} Output;

static void put(Output *out, const void *bytes, size_t count) {
  if (out->failed || count == 0) return;
  if (fwrite(bytes, 1, count, out->file) != count) out->failed = errno ? errno : EIO;
}

static void big_endian(uint8_t *into, uint32_t value) {
  into[0] = (uint8_t)(value >> 24);
  into[1] = (uint8_t)(value >> 16);
  into[2] = (uint8_t)(value >> 8);
  into[3] = (uint8_t)value;
}

/// A chunk: its length, type, data, and the CRC of type and data.
static void chunk(Output *out, const char type[4], const uint8_t *data, uint32_t length) {
  uint8_t head[8];
  big_endian(head, length);
  memcpy(head + 4, type, 4);
  put(out, head, 8);
  put(out, data, length);
  uLong crc = crc32(0, (const Bytef *)type, 4);
  if (length > 0) crc = crc32(crc, data, length);
  uint8_t tail[4];
  big_endian(tail, (uint32_t)crc);
  put(out, tail, 4);
}

/// Whether every pixel's alpha is 0xFF, sixteen pixels at a time.
static int is_opaque(const uint32_t *pixels, size_t count) {
  size_t index = 0;
  for (; index + 16 <= count; index += 16) {
    uint32_t all = 0xFFFFFFFFu;
    for (int k = 0; k < 16; k++) all &= pixels[index + k];
    if ((all >> 24) != 0xFF) return 0;
  }
  for (; index < count; index++) {
    if ((pixels[index] >> 24) != 0xFF) return 0;
  }
  return 1;
}

/// `a - b` in each of the four bytes apart, modulo 256.
static inline uint32_t bytewise_difference(uint32_t a, uint32_t b) {
  return ((a | 0x80808080u) - (b & 0x7F7F7F7Fu)) ^ ((a ^ ~b) & 0x80808080u);
}

// cairo's rounding (image-surface.c, unpremultiply_data): c × 255 / alpha, to nearest,
// kept to a byte as cairo keeps it (a channel above its alpha is no premultiplied colour,
// but a picture may hold one).
static uint32_t unpremultiply(uint32_t channel, uint32_t alpha) {
  return ((channel * 255 + alpha / 2) / alpha) & 0xFF;
}

/// The pixel with the alpha taken out of its colours, as cairo writes it.
static inline uint32_t straight(uint32_t pixel) {
  uint32_t alpha = pixel >> 24;
  if (alpha == 0xFF) return pixel;
  if (alpha == 0) return 0;
  return alpha << 24 | unpremultiply((pixel >> 16) & 0xFF, alpha) << 16 |
         unpremultiply((pixel >> 8) & 0xFF, alpha) << 8 | unpremultiply(pixel & 0xFF, alpha);
}

/// Row `source` as the file holds it: the filter's type (1, Sub), then each byte less
/// the same byte of the pixel before it (0 before the first), modulo 256: RGB for an
/// opaque picture, RGBA with the alpha taken out of the colours for another.
static void filter_row(const uint32_t *source, int32_t width, int opaque, uint8_t *row) {
  *row++ = 1;
  uint32_t previous = 0;
  if (opaque) {
    for (int32_t x = 0; x < width; x++) {
      uint32_t difference = bytewise_difference(source[x], previous);
      previous = source[x];
      row[0] = (uint8_t)(difference >> 16);
      row[1] = (uint8_t)(difference >> 8);
      row[2] = (uint8_t)difference;
      row += 3;
    }
  } else {
    for (int32_t x = 0; x < width; x++) {
      uint32_t pixel = straight(source[x]);
      uint32_t difference = bytewise_difference(pixel, previous);
      previous = pixel;
      row[0] = (uint8_t)(difference >> 16);
      row[1] = (uint8_t)(difference >> 8);
      row[2] = (uint8_t)difference;
      row[3] = (uint8_t)(difference >> 24);
      row += 4;
    }
  }
}

/// The Adler-32 of `bytes` (zlib's checksum), from 1.
static uint32_t adler32_of(const uint8_t *bytes, size_t length) {
  enum { base = 65521, most = 5552 };  // zlib's NMAX: no sum overflows 32 bits
  uint32_t a = 1, b = 0;
#if defined(__SSE2__)
  // Per block of 16-byte groups: a grows by every byte, b by each group's a before it
  // (times 16) and each byte weighted by its distance from the group's end.
  const __m128i zero = _mm_setzero_si128();
  const __m128i near = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
  const __m128i far = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
  while (length >= 16) {
    size_t block = (length < most ? length : most) / 16;
    length -= block * 16;
    b += a * 16 * (uint32_t)block;
    __m128i sum = zero, before = zero, weighted = zero;
    for (size_t group = 0; group < block; group++, bytes += 16) {
      __m128i data = _mm_loadu_si128((const __m128i *)bytes);
      before = _mm_add_epi32(before, sum);
      sum = _mm_add_epi32(sum, _mm_sad_epu8(data, zero));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(data, zero), near));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(data, zero), far));
    }
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, sum);
    uint32_t bytes_sum = lanes[0] + lanes[2];
    _mm_storeu_si128((__m128i *)lanes, before);
    uint64_t before_sum = (uint64_t)lanes[0] + lanes[2];
    _mm_storeu_si128((__m128i *)lanes, weighted);
    uint64_t weighted_sum = (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
    b = (uint32_t)(((uint64_t)b + 16 * before_sum + weighted_sum) % base);
    a = (a + bytes_sum) % base;
  }
#endif
  while (length > 0) {
    size_t block = length < most ? length : most;
    length -= block;
    while (block-- > 0) {
      a += *bytes++;
      b += a;
    }
    a %= base;
    b %= base;
  }
  return b << 16 | a;
}

int parlance_png_write(const uint32_t *pixels, int32_t width, int32_t height, const char *path,
                       char *error, int32_t capacity) {
  if (error && capacity > 0) error[0] = '\0';
  if (width <= 0 || height <= 0 || !pixels) {
    report(error, capacity, "%s%s", "no pixels to write", "");
    return -1;
  }
  int opaque = is_opaque(pixels, (size_t)width * (size_t)height);
  size_t row_size = 1 + (size_t)width * (opaque ? 3 : 4);
  size_t raw_size = row_size * (size_t)height;
  // The rows filtered first and deflated in as few calls as zlib takes (a gigabyte
  // each): row by row, zlib's calls took 0.5 ms more of a dialog's 4.
  uint8_t *rows = malloc(raw_size);
  uint8_t *buffer = malloc(idat_capacity);
  z_stream stream = {0};
  int ready = deflateInit2(&stream, compression_level, Z_DEFLATED, -15, 8,
                           Z_DEFAULT_STRATEGY) == Z_OK;
  if (!rows || !buffer || !ready) {
    report(error, capacity, "cannot write '%s': %s", path, "out of memory");
    if (ready) deflateEnd(&stream);
    free(rows);
    free(buffer);
    return -1;
  }
  for (int32_t y = 0; y < height; y++) {
    filter_row(pixels + (size_t)y * (size_t)width, width, opaque, rows + (size_t)y * row_size);
  }
  Output out = {.file = fopen(path, "wb")};
  if (!out.file) {
    report(error, capacity, "cannot write '%s': %s", path, parlance_error_text(errno));
    deflateEnd(&stream);
    free(rows);
    free(buffer);
    return -1;
  }
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  put(&out, signature, sizeof signature);
  uint8_t header[13];
  big_endian(header, (uint32_t)width);
  big_endian(header + 4, (uint32_t)height);
  header[8] = 8;               // bits per channel
  header[9] = opaque ? 2 : 6;  // RGB, or RGB with alpha
  header[10] = 0;              // deflate
  header[11] = 0;              // PNG's five filters
  header[12] = 0;              // not interlaced
  chunk(&out, "IHDR", header, sizeof header);
  // The zlib stream in IDAT chunks of at most `idat_capacity`: its header (deflate, a
  // 32 KB window, level 3's flags), the deflated rows, their Adler-32, for which each
  // chunk keeps room after what zlib writes into it.
  enum { sum_size = 4 };
  buffer[0] = 0x78;
  buffer[1] = 0x5E;
  stream.next_out = buffer + 2;
  stream.avail_out = idat_capacity - 2 - sum_size;
  size_t remaining = raw_size;
  stream.next_in = rows;
  int result = Z_OK;
  while (result == Z_OK && !out.failed) {
    if (stream.avail_in == 0 && remaining > 0) {
      stream.avail_in = (uInt)(remaining < piece_most ? remaining : piece_most);
      remaining -= stream.avail_in;
    }
    result = deflate(&stream, remaining == 0 ? Z_FINISH : Z_NO_FLUSH);
    if (result == Z_STREAM_END) {
      big_endian(stream.next_out, adler32_of(rows, raw_size));
      stream.next_out += sum_size;
    }
    if (stream.avail_out == 0 || result == Z_STREAM_END) {
      chunk(&out, "IDAT", buffer, (uint32_t)(stream.next_out - buffer));
      stream.next_out = buffer;
      stream.avail_out = idat_capacity - sum_size;
    }
  }
  deflateEnd(&stream);
  chunk(&out, "IEND", NULL, 0);
  free(rows);
  free(buffer);
  errno = 0;
  if (fclose(out.file) != 0 && !out.failed) out.failed = errno ? errno : EIO;
  if (out.failed || result != Z_STREAM_END) {
    if (out.failed) {
      report(error, capacity, "cannot write '%s': %s", path, parlance_error_text(out.failed));
    } else {
      report(error, capacity, "cannot write '%s': %s", path, "zlib could not compress it");
    }
    discard(path);
    return -1;
  }
  return 0;
}

void parlance_keep_freed_memory(void) {
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
}
