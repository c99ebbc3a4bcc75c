// The two passes over every byte of a film read from a video, in C for the SIMD instructions
// Swift's vector types do not reliably compile to (x86's pmaddwd and pshufb). MIT, like
// FilmAnalysis, the only module that imports it.
#ifndef HINGEKIT_C_FRAME_KERNELS_H
#define HINGEKIT_C_FRAME_KERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The best instructions this machine runs the kernels with: 2 for AVX2, 1 for SSSE3 (x86-64),
/// 0 for plain C. Each kernel takes a `level`: that one if the machine has it, else the best
/// (a negative `level` asks for the best); the tests run every level against one another.
int hk_kernel_level(void);

/// Adds the sums of one band of tile rows (rows `top` up to `bottom`) of an 8-bit RGB frame,
/// `width` pixels wide, into `wide`: for each of `columns` tile columns of `tile_size` pixels
/// (the last may be narrower), five 64-bit sums: red, green, blue, the squares of all three
/// channels, and, when `previous` (a frame of the same size) is not NULL, the squared
/// differences from it. Every sum is exact.
void hk_rgb8_tile_band(const uint8_t *frame, const uint8_t *previous, long width, long top, long bottom,
                       long tile_size, long columns, uint64_t *wide, int level);

/// Adds the brightness profiles of rows `top` up to `bottom` of an 8-bit RGB frame, `width`
/// pixels wide: to `columns[x]` the sum of red, green and blue of column x over those rows, and
/// into `rows[y - top]` that sum over row y. `lanes` (3 · width 16-bit values) is scratch. AVX2
/// (level 2) or SSE2 (level 1) on x86, plain C (level 0): the same sums. The caller keeps
/// a band short enough for `columns` (3 · 255 a row) to stay under 2³².
void hk_rgb8_profiles(const uint8_t *frame, long width, long top, long bottom, uint32_t *columns, uint64_t *rows,
                      uint16_t *lanes, int level);

/// Converts a `yuv420p` picture (a `width` × `height` luma plane, then two chroma planes of
/// ⌈width/2⌉ × ⌈height/2⌉) to 8-bit RGB in `rgb` (3 · width · height bytes) with libswscale's
/// fast unscaled arithmetic. `coefficients` holds, in order: the luma coefficient, the luma
/// offset, V to red, U to blue, U to green, V to green (16-bit fixed point, as libswscale
/// computes them).
void hk_yuv420_to_rgb24(const uint8_t *yuv, long width, long height, const int16_t coefficients[6], uint8_t *rgb,
                        int level);

#ifdef __cplusplus
}
#endif

#endif
