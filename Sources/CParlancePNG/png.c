#include "parlance_png.h"

#include <errno.h>
#include <malloc.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// zlib level 3 with the Sub filter on every row: for screenshots of dialogs (flat colours,
// text) 3–5 ms instead of cairo's 11–15, files about an eighth larger.
enum { compression_level = 3 };

typedef struct {
  char *text;
  int32_t capacity;
  const char *path;
} ErrorSink;

static void report(ErrorSink *sink, const char *format, const char *a, const char *b) {
  if (sink->text && sink->capacity > 0) {
    snprintf(sink->text, (size_t)sink->capacity, format, a, b);
  }
}

static void on_png_error(png_structp png, png_const_charp message) {
  ErrorSink *sink = png_get_error_ptr(png);
  // libpng's own writer says only "Write Error" when fwrite fails: errno says why.
  int cause = errno;
  if (sink->text && sink->capacity > 0) {
    if (cause != 0) {
      snprintf(sink->text, (size_t)sink->capacity, "cannot write '%s': %s (libpng: %s)",
               sink->path, strerror(cause), message);
    } else {
      snprintf(sink->text, (size_t)sink->capacity, "cannot write '%s': libpng: %s", sink->path,
               message);
    }
  }
  png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

// Removes what a failed write left at `path`: only a regular file, so that a path naming
// a device (/dev/full) is never deleted.
static void discard(const char *path) {
  struct stat status;
  if (stat(path, &status) == 0 && S_ISREG(status.st_mode)) remove(path);
}

// cairo's rounding (image-surface.c, unpremultiply_data): c × 255 / alpha, to nearest.
static uint8_t unpremultiply(uint32_t channel, uint32_t alpha) {
  return (uint8_t)((channel * 255 + alpha / 2) / alpha);
}

int parlance_png_write(const uint32_t *pixels, int32_t width, int32_t height, const char *path,
                       char *error, int32_t capacity) {
  ErrorSink sink = {error, capacity, path};
  if (error && capacity > 0) error[0] = '\0';
  if (width <= 0 || height <= 0 || !pixels) {
    report(&sink, "%s%s", "no pixels to write", "");
    return -1;
  }
  int opaque = 1;
  size_t count = (size_t)width * (size_t)height;
  for (size_t i = 0; i < count; i++) {
    if ((pixels[i] >> 24) != 0xFF) {
      opaque = 0;
      break;
    }
  }
  FILE *volatile file = fopen(path, "wb");
  if (!file) {
    report(&sink, "cannot write '%s': %s", path, strerror(errno));
    return -1;
  }
  int channels = opaque ? 3 : 4;
  uint8_t *volatile row = malloc((size_t)width * (size_t)channels);
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_png_error,
                                            on_png_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!row || !png || !info) {
    report(&sink, "%s%s", "out of memory writing a PNG file", "");
    png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
    free(row);
    fclose(file);
    discard(path);
    return -1;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(row);
    fclose(file);
    discard(path);
    return -1;
  }
  errno = 0;
  png_init_io(png, file);
  png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
               opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, compression_level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  png_write_info(png, info);
  for (int32_t y = 0; y < height; y++) {
    const uint32_t *source = pixels + (size_t)y * (size_t)width;
    uint8_t *out = row;
    for (int32_t x = 0; x < width; x++) {
      uint32_t pixel = source[x];
      uint32_t alpha = pixel >> 24;
      uint32_t red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF, blue = pixel & 0xFF;
      if (opaque) {
        *out++ = (uint8_t)red;
        *out++ = (uint8_t)green;
        *out++ = (uint8_t)blue;
      } else if (alpha == 0) {
        *out++ = 0;
        *out++ = 0;
        *out++ = 0;
        *out++ = 0;
      } else {
        *out++ = unpremultiply(red, alpha);
        *out++ = unpremultiply(green, alpha);
        *out++ = unpremultiply(blue, alpha);
        *out++ = (uint8_t)alpha;
      }
    }
    png_write_row(png, row);
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(row);
  if (fclose(file) != 0) {
    report(&sink, "cannot write '%s': %s", path, strerror(errno));
    discard(path);
    return -1;
  }
  return 0;
}

void parlance_keep_freed_memory(void) {
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
}
