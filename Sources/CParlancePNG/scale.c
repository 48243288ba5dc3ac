#include "parlance_png.h"

#include <stdlib.h>
#include <string.h>

// Area averaging. Along an axis of `from` source pixels made `to` pixels, a source pixel
// is `to` units long and a pixel made is `from` units long, so every overlap is a whole
// number of units and the weights of each pixel made sum to exactly `from`. The two
// directions are done one after the other: the rows first, then the columns, rounding
// once at the end.

typedef struct {
  int32_t first;  // the first source pixel the pixel made covers
  int32_t count;  // how many it covers
  int32_t head;   // the units of `first` it covers
  int32_t tail;   // the units of the last it covers (of `first` when count is 1)
} Span;

static Span *spans(int32_t from, int32_t to) {
  Span *made = malloc(sizeof(Span) * (size_t)to);
  if (!made) return NULL;
  for (int32_t i = 0; i < to; i++) {
    int64_t start = (int64_t)i * from, end = start + from;  // in units
    int32_t first = (int32_t)(start / to), last = (int32_t)((end - 1) / to);
    made[i].first = first;
    made[i].count = last - first + 1;
    if (first == last) {
      made[i].head = made[i].tail = from;
    } else {
      made[i].head = (int32_t)((int64_t)(first + 1) * to - start);
      made[i].tail = (int32_t)(end - (int64_t)last * to);
    }
  }
  return made;
}

// A pixel's four channels as numbers, in the order of its bytes in memory (blue, green,
// red, alpha on a little-endian machine), and back. Single floats hold a row's sums
// exactly (at most 255 × width, below 2^24 for rows of up to 65,000 pixels) and the
// averages to within a millionth: far below the half added for rounding, so whole values
// (an opaque alpha) come out whole.
typedef float Channels __attribute__((ext_vector_type(4)));
typedef uint8_t Bytes __attribute__((ext_vector_type(4)));

static inline Channels channels(uint32_t pixel) {
  Bytes bytes;
  memcpy(&bytes, &pixel, sizeof pixel);
  return __builtin_convertvector(bytes, Channels);
}

static inline uint32_t pixel(Channels rounded) {
  Bytes bytes = __builtin_convertvector(rounded, Bytes);
  uint32_t made;
  memcpy(&made, &bytes, sizeof made);
  return made;
}

int parlance_scale_down(const uint32_t *pixels, int32_t width, int32_t height,
                        uint32_t *scaled, int32_t to_width, int32_t to_height) {
  if (to_width < 1 || to_height < 1 || to_width > width || to_height > height) return -1;
  Span *across = spans(width, to_width);
  Span *down = spans(height, to_height);
  // The rows made narrow, each pixel the average of its span; then the sums down.
  Channels *rows = malloc(sizeof(Channels) * (size_t)to_width * (size_t)height);
  Channels *sums = malloc(sizeof(Channels) * (size_t)to_width);
  if (!across || !down || !rows || !sums) {
    free(across);
    free(down);
    free(rows);
    free(sums);
    return -1;
  }
  const float per_row = 1.0f / (float)width;
  for (int32_t y = 0; y < height; y++) {
    const uint32_t *source = pixels + (size_t)y * (size_t)width;
    Channels *target = rows + (size_t)y * (size_t)to_width;
    for (int32_t x = 0; x < to_width; x++) {
      const Span *span = &across[x];
      const uint32_t *covered = source + span->first;
      Channels sum = channels(covered[0]) * (float)span->head;
      if (span->count > 1) {
        for (int32_t k = 1; k < span->count - 1; k++) sum += channels(covered[k]) * (float)to_width;
        sum += channels(covered[span->count - 1]) * (float)span->tail;
      }
      target[x] = sum * per_row;
    }
  }
  const float per_column = 1.0f / (float)height;
  for (int32_t y = 0; y < to_height; y++) {
    const Span *span = &down[y];
    const Channels *first = rows + (size_t)span->first * (size_t)to_width;
    for (int32_t x = 0; x < to_width; x++) sums[x] = first[x] * (float)span->head;
    for (int32_t k = 1; k < span->count; k++) {
      const Channels *row = first + (size_t)k * (size_t)to_width;
      float w = (float)(k == span->count - 1 ? span->tail : to_height);
      for (int32_t x = 0; x < to_width; x++) sums[x] += row[x] * w;
    }
    uint32_t *target = scaled + (size_t)y * (size_t)to_width;
    for (int32_t x = 0; x < to_width; x++) target[x] = pixel(sums[x] * per_column + 0.5f);
  }
  free(across);
  free(down);
  free(rows);
  free(sums);
  return 0;
}
