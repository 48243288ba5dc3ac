// A window's pixels as a PAM file: the uncompressed picture the module hands the
// controller, which compresses it into a PNG on a thread of its own.

#include "CParlanceLive.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <sys/stat.h>

gboolean parlance_write_pam(cairo_surface_t *surface, const char *path, GError **error) {
  int width = cairo_image_surface_get_width(surface);
  int height = cairo_image_surface_get_height(surface);
  int stride = cairo_image_surface_get_stride(surface);
  cairo_surface_flush(surface);
  const unsigned char *data = cairo_image_surface_get_data(surface);
  if (data == NULL || cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32) {
    g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                        "not an ARGB32 image surface");
    return FALSE;
  }
  FILE *file = fopen(path, "wb");
  if (file == NULL) {
    int code = errno;
    g_set_error_literal(error, G_IO_ERROR, g_io_error_from_errno(code), parlance_error_text(code));
    return FALSE;
  }
  gboolean written =
      fprintf(file, "P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n",
              width, height) > 0;
  guint8 *row = g_malloc((gsize)width * 4);
  for (int y = 0; y < height && written; y++) {
    const guint32 *pixels = (const guint32 *)(const void *)(data + (gsize)y * (gsize)stride);
    guint8 *out = row;
    for (int x = 0; x < width; x++) {
      guint32 pixel = pixels[x];
      guint32 alpha = pixel >> 24;
      guint32 channels[3] = {(pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF};
      for (int channel = 0; channel < 3; channel++) {
        // cairo's rounding (unpremultiply_data): c × 255 / alpha, to nearest.
        *out++ = alpha == 255 ? (guint8)channels[channel]
                 : alpha == 0 ? 0
                              : (guint8)((channels[channel] * 255 + alpha / 2) / alpha);
      }
      *out++ = (guint8)alpha;
    }
    written = fwrite(row, 4, (size_t)width, file) == (size_t)width;
  }
  g_free(row);
  int code = written ? 0 : errno;
  // What a failed write leaves is removed only when it is a plain file, never a device.
  struct stat status;
  gboolean plain = fstat(fileno(file), &status) == 0 && S_ISREG(status.st_mode);
  if (fclose(file) != 0 && written) {
    written = FALSE;
    code = errno;
  }
  if (!written) {
    g_set_error_literal(error, G_IO_ERROR, g_io_error_from_errno(code), parlance_error_text(code));
    if (plain) g_unlink(path);
  }
  return written;
}
