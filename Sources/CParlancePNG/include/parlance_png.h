#ifndef PARLANCE_CPARLANCEPNG_H
#define PARLANCE_CPARLANCEPNG_H

// Writes PNG files itself, with zlib: cairo's writer (`cairo_surface_write_to_png`)
// uses zlib's default level and tries every row filter, 11–15 ms for a 635 × 665 dialog,
// a fifth of a screenshot matrix's time (png.c says how). Makes pictures
// smaller too (`parlance_scale_down`): cairo's "good" filter, pixman's separable
// convolution, took about five times as long for the matrix's thumbnails.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes `width` × `height` pixels of cairo's ARGB32 (premultiplied alpha, one
/// `0xAARRGGBB` per pixel, row after row) to `path`, replacing any file there. Opaque
/// images are written as RGB, others as RGBA with the alpha taken out of the colours, as
/// cairo writes them: cairo's reader gives the same pixels back for either writer.
/// Returns 0, or -1 with the reason in `error` (NUL-terminated, at most `capacity` bytes).
int parlance_png_write(const uint32_t *pixels, int32_t width, int32_t height, const char *path,
                       char *error, int32_t capacity);

/// Makes `width` × `height` pixels of cairo's ARGB32 (premultiplied, row after row) into
/// `to_width` × `to_height` in `scaled`, neither larger: each pixel made is the average of
/// the area of the source it covers, to the exact ratio along each axis (a box filter).
/// Returns 0, or -1 when a size is out of range or memory ran out (`scaled` untouched).
int parlance_scale_down(const uint32_t *pixels, int32_t width, int32_t height,
                        uint32_t *scaled, int32_t to_width, int32_t to_height);

/// Keeps the memory the process frees for what it allocates next, instead of giving it
/// back to the kernel: glibc's mmap threshold and trim threshold raised (64 MB, 512 MB),
/// for a short process that draws, copies and frees pictures of a few MB, one after
/// another. Call it before the first picture.
void parlance_keep_freed_memory(void);

#ifdef __cplusplus
}
#endif

#endif
