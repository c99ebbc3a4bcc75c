// libpng for FilmAnalysis. libpng reports an error by calling the error function, which must not
// return; the only way out is a longjmp, and a longjmp must never cross Swift frames. So every
// libpng call that can fail runs inside one of the functions below, each of which sets its own
// jump point, and the jump lands back in the same C function, which returns 0 with libpng's
// message in `reader->message`. Swift only sees plain return codes.
//
// Writing uses libpng's simplified API (png_image_write_to_memory), which catches its own
// errors and needs no shim.
#ifndef HINGEKIT_CPNG_SHIM_H
#define HINGEKIT_CPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct hk_png_reader {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    char message[200];
    jmp_buf jump;
} hk_png_reader;

static void hk_png_error(png_structp png, png_const_charp message) {
    hk_png_reader *reader = (hk_png_reader *)png_get_error_ptr(png);
    strncpy(reader->message, message, sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = 0;
    longjmp(reader->jump, 1);
}

// Warnings (an odd ICC profile, a bad ancillary chunk that libpng skips) do not change the pixels.
static void hk_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void hk_png_read_bytes(png_structp png, png_bytep out, size_t count) {
    hk_png_reader *reader = (hk_png_reader *)png_get_io_ptr(png);
    if (count > reader->size - reader->offset) {
        png_error(png, "the file ends early (truncated)");
    }
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

/// A reader over `size` bytes at `data` (which must outlive it); NULL when out of memory.
static inline hk_png_reader *hk_png_reader_create(const unsigned char *data, size_t size) {
    hk_png_reader *reader = (hk_png_reader *)calloc(1, sizeof(hk_png_reader));
    if (reader == NULL) return NULL;
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, hk_png_error, hk_png_warning);
    if (reader->png == NULL) {
        free(reader);
        return NULL;
    }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        png_destroy_read_struct(&reader->png, NULL, NULL);
        free(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, hk_png_read_bytes);
#ifdef PNG_IGNORE_ADLER32
    // Every IDAT chunk's CRC-32 already covers the compressed bytes; zlib's Adler-32 over the
    // decompressed bytes would cost a tenth of the decoding time and catch nothing more in a file.
    png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    return reader;
}

static inline void hk_png_reader_destroy(hk_png_reader *reader) {
    if (reader == NULL) return;
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    free(reader);
}

static inline const char *hk_png_reader_message(const hk_png_reader *reader) { return reader->message; }

/// Reads the header and sets up the conversion to RGB or RGBA (palette and low bit depths
/// expanded, a tRNS colour key turned into alpha, grey copied to three channels), 8 or 16 bits
/// per sample in the host's byte order. Writes the size, the bits per sample (8 or 16), the
/// samples per pixel (3 or 4) and the bytes per row. Returns 1, or 0 with a message.
static inline int hk_png_read_header(
    hk_png_reader *reader, uint32_t *width, uint32_t *height, int *bits, int *channels, size_t *row_bytes) {
    if (setjmp(reader->jump)) return 0;
    png_structp png = reader->png;
    png_infop info = reader->info;
    png_read_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    int colour = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (depth == 16) {
        const uint16_t one = 1;
        if (*(const unsigned char *)&one == 1) png_set_swap(png);
    }
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    *bits = png_get_bit_depth(png, info);
    *channels = png_get_channels(png, info);
    *row_bytes = png_get_rowbytes(png, info);
    return 1;
}

/// Decodes the image into `pixels` (`height` rows of `row_bytes`, as the header said) and reads
/// the chunks after it, so a damaged or missing end is an error too. Returns 1, or 0 with a
/// message.
static inline int hk_png_read_pixels(hk_png_reader *reader, unsigned char *pixels, size_t row_bytes) {
    png_bytep *volatile rows = NULL;
    if (setjmp(reader->jump)) {
        free(rows);
        return 0;
    }
    uint32_t height = png_get_image_height(reader->png, reader->info);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)height);
    if (rows == NULL) png_error(reader->png, "out of memory");
    for (uint32_t row = 0; row < height; row++) rows[row] = pixels + (size_t)row * row_bytes;
    png_read_image(reader->png, rows);
    png_read_end(reader->png, NULL);
    free(rows);
    return 1;
}

/// The simplified API's format codes, which are macros Swift cannot import.
static inline uint32_t hk_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline uint32_t hk_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

#endif
