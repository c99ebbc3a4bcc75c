#include "CFrameKernels.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#define HK_X86 1
#include <immintrin.h>
#else
#define HK_X86 0
#endif

// MARK: - Levels

int hk_kernel_level(void) {
#if HK_X86
    if (__builtin_cpu_supports("avx2")) return 2;
    if (__builtin_cpu_supports("ssse3")) return 1;
#endif
    return 0;
}

// `level` if this machine has it, else the best it has (a negative `level` asks for the best).
static int level_to_use(int level) {
    int best = hk_kernel_level();
    return level < 0 || level > best ? best : level;
}

// MARK: - Tile sums

// One row of one tile: `count` bytes from a pixel boundary. Byte i belongs to channel i mod 3.
static void tile_row_scalar(const uint8_t *p, const uint8_t *q, long from, long count, uint64_t *out) {
    for (long i = from; i < count; i++) {
        uint64_t value = p[i];
        out[i % 3] += value;
        out[3] += value * value;
        if (q) {
            long d = (long)p[i] - (long)q[i];
            out[4] += (uint64_t)(d * d);
        }
    }
}

#if HK_X86
// One tile column's running sums, in SIMD lanes. Block k of a tile's row (bytes 16k…16k+15 from
// the tile's left edge) has byte j of channel (k + j) mod 3, as 16 ≡ 1 (mod 3); so the widened
// bytes are summed in three sets of 16-bit lanes by k mod 3 (the phase), and folded into
// channels only every few rows (`flush_rows`), with the squares and squared differences in
// 32-bit lanes. A row's last, partial block is copied into zeros first (zeros add nothing).
typedef struct {
    __m128i sums[3][2];
    __m128i squares;
    __m128i differences;
} lanes_t;

// One block into the lanes of its phase (`low`, `high`), its squares and squared differences.
static inline __attribute__((always_inline)) void block_sse2(__m128i v, const uint8_t *q, __m128i *low_sums,
                                                             __m128i *high_sums, __m128i *squares,
                                                             __m128i *differences) {
    const __m128i zero = _mm_setzero_si128();
    __m128i low = _mm_unpacklo_epi8(v, zero);
    __m128i high = _mm_unpackhi_epi8(v, zero);
    *low_sums = _mm_add_epi16(*low_sums, low);
    *high_sums = _mm_add_epi16(*high_sums, high);
    *squares = _mm_add_epi32(*squares, _mm_add_epi32(_mm_madd_epi16(low, low), _mm_madd_epi16(high, high)));
    if (q) {
        __m128i w = _mm_loadu_si128((const __m128i *)q);
        __m128i d = _mm_or_si128(_mm_subs_epu8(v, w), _mm_subs_epu8(w, v));
        __m128i dl = _mm_unpacklo_epi8(d, zero);
        __m128i dh = _mm_unpackhi_epi8(d, zero);
        *differences = _mm_add_epi32(*differences, _mm_add_epi32(_mm_madd_epi16(dl, dl), _mm_madd_epi16(dh, dh)));
    }
}

// One row of one tile, 48 bytes (three blocks, one of each phase) at a time with the lanes in
// registers, then the last blocks.
static inline __attribute__((always_inline)) void tile_row_sse2(lanes_t *lanes, const uint8_t *p,
                                                                const uint8_t *q, long count) {
    __m128i s[3][2] = {{lanes->sums[0][0], lanes->sums[0][1]},
                       {lanes->sums[1][0], lanes->sums[1][1]},
                       {lanes->sums[2][0], lanes->sums[2][1]}};
    __m128i squares = lanes->squares;
    __m128i differences = lanes->differences;
    long i = 0;
    if (q) {
        for (; i + 48 <= count; i += 48) {
            for (int k = 0; k < 3; k++) {
                block_sse2(_mm_loadu_si128((const __m128i *)(p + i + 16 * k)), q + i + 16 * k, &s[k][0], &s[k][1],
                           &squares, &differences);
            }
        }
    } else {
        for (; i + 48 <= count; i += 48) {
            for (int k = 0; k < 3; k++) {
                block_sse2(_mm_loadu_si128((const __m128i *)(p + i + 16 * k)), NULL, &s[k][0], &s[k][1], &squares,
                           &differences);
            }
        }
    }
    int phase = 0;
    for (; i + 16 <= count; i += 16, phase++) {
        block_sse2(_mm_loadu_si128((const __m128i *)(p + i)), q ? q + i : NULL, &s[phase][0], &s[phase][1], &squares,
                   &differences);
    }
    if (i < count) {
        uint8_t a[16] = {0}, b[16] = {0};
        memcpy(a, p + i, (size_t)(count - i));
        if (q) memcpy(b, q + i, (size_t)(count - i));
        block_sse2(_mm_loadu_si128((const __m128i *)a), q ? b : NULL, &s[phase][0], &s[phase][1], &squares,
                   &differences);
    }
    for (int k = 0; k < 3; k++) {
        lanes->sums[k][0] = s[k][0];
        lanes->sums[k][1] = s[k][1];
    }
    lanes->squares = squares;
    lanes->differences = differences;
}

static void flush_sse2(lanes_t *lanes, uint64_t *out) {
    for (int phase = 0; phase < 3; phase++) {
        for (int half = 0; half < 2; half++) {
            uint16_t words[8];
            _mm_storeu_si128((__m128i *)words, lanes->sums[phase][half]);
            // Byte 8 · half + j of a block of this phase is of channel (phase + 8 · half + j) mod 3.
            int channel = (phase + 2 * half) % 3;
            for (int j = 0; j < 8; j++) {
                out[channel] += words[j];
                channel = channel == 2 ? 0 : channel + 1;
            }
        }
    }
    uint32_t words[4];
    _mm_storeu_si128((__m128i *)words, lanes->squares);
    out[3] += (uint64_t)words[0] + words[1] + words[2] + words[3];
    _mm_storeu_si128((__m128i *)words, lanes->differences);
    out[4] += (uint64_t)words[0] + words[1] + words[2] + words[3];
    memset(lanes, 0, sizeof *lanes);
}

// Bounds: a tile row of `blocks` blocks adds at most ⌈blocks / 3⌉ bytes to a 16-bit lane and
// 2 · 2 · 255² = 260,100 to a 32-bit lane per block (|a − b| ≤ 255 for the differences), so
// the lanes are folded before 256 · 255 < 2¹⁶ or 2³² could be passed.
static long flush_rows(long blocks) {
    long by_bytes = 256 / ((blocks + 2) / 3);
    long by_squares = (long)(4294967295u / (uint64_t)(blocks * 260100));
    long rows = by_bytes < by_squares ? by_bytes : by_squares;
    return rows > 0 ? rows : 1;
}

static void tile_band_sse2(const uint8_t *frame, const uint8_t *previous, long width, long top, long bottom,
                           long tile_size, long columns, uint64_t *wide, lanes_t *lanes) {
    long every = flush_rows((tile_size * 3 + 15) / 16);
    long since = 0;
    for (long y = top; y < bottom; y++) {
        const uint8_t *row = frame + y * width * 3;
        const uint8_t *prior = previous ? previous + y * width * 3 : NULL;
        for (long column = 0; column < columns; column++) {
            long left = column * tile_size;
            long right = left + tile_size < width ? left + tile_size : width;
            tile_row_sse2(&lanes[column], row + left * 3, prior ? prior + left * 3 : NULL, (right - left) * 3);
        }
        if (++since == every || y + 1 == bottom) {
            for (long column = 0; column < columns; column++) flush_sse2(&lanes[column], wide + 5 * column);
            since = 0;
        }
    }
}

// The same with 32-byte blocks (AVX2). Block k has byte j of channel (2k + j) mod 3 (32 ≡ 2
// mod 3); within a 256-bit register the widened 16-bit lanes L of half h hold byte
// (L < 8 ? L : L + 8) + 8h of the block (the unpacks work in 128-bit halves).
typedef struct {
    __m256i sums[3][2];
    __m256i squares;
    __m256i differences;
} wide_lanes_t;

__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void
block_avx2(__m256i v, const uint8_t *q, __m256i *low_sums, __m256i *high_sums, __m256i *squares, __m256i *differences) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i low = _mm256_unpacklo_epi8(v, zero);
    __m256i high = _mm256_unpackhi_epi8(v, zero);
    *low_sums = _mm256_add_epi16(*low_sums, low);
    *high_sums = _mm256_add_epi16(*high_sums, high);
    *squares = _mm256_add_epi32(*squares, _mm256_add_epi32(_mm256_madd_epi16(low, low), _mm256_madd_epi16(high, high)));
    if (q) {
        __m256i w = _mm256_loadu_si256((const __m256i *)q);
        __m256i d = _mm256_or_si256(_mm256_subs_epu8(v, w), _mm256_subs_epu8(w, v));
        __m256i dl = _mm256_unpacklo_epi8(d, zero);
        __m256i dh = _mm256_unpackhi_epi8(d, zero);
        *differences =
            _mm256_add_epi32(*differences, _mm256_add_epi32(_mm256_madd_epi16(dl, dl), _mm256_madd_epi16(dh, dh)));
    }
}

__attribute__((target("avx2"))) static void tile_row_avx2(wide_lanes_t *lanes, const uint8_t *p, const uint8_t *q,
                                                          long count) {
    __m256i s[3][2] = {{lanes->sums[0][0], lanes->sums[0][1]},
                       {lanes->sums[1][0], lanes->sums[1][1]},
                       {lanes->sums[2][0], lanes->sums[2][1]}};
    __m256i squares = lanes->squares;
    __m256i differences = lanes->differences;
    long i = 0;
    if (q) {
        for (; i + 96 <= count; i += 96) {
            for (int k = 0; k < 3; k++) {
                block_avx2(_mm256_loadu_si256((const __m256i *)(p + i + 32 * k)), q + i + 32 * k, &s[k][0], &s[k][1],
                           &squares, &differences);
            }
        }
    } else {
        for (; i + 96 <= count; i += 96) {
            for (int k = 0; k < 3; k++) {
                block_avx2(_mm256_loadu_si256((const __m256i *)(p + i + 32 * k)), NULL, &s[k][0], &s[k][1], &squares,
                           &differences);
            }
        }
    }
    int phase = 0;
    for (; i + 32 <= count; i += 32, phase++) {
        block_avx2(_mm256_loadu_si256((const __m256i *)(p + i)), q ? q + i : NULL, &s[phase][0], &s[phase][1],
                   &squares, &differences);
    }
    if (i < count) {
        uint8_t a[32] = {0}, b[32] = {0};
        memcpy(a, p + i, (size_t)(count - i));
        if (q) memcpy(b, q + i, (size_t)(count - i));
        block_avx2(_mm256_loadu_si256((const __m256i *)a), q ? b : NULL, &s[phase][0], &s[phase][1], &squares,
                   &differences);
    }
    for (int k = 0; k < 3; k++) {
        lanes->sums[k][0] = s[k][0];
        lanes->sums[k][1] = s[k][1];
    }
    lanes->squares = squares;
    lanes->differences = differences;
}

__attribute__((target("avx2"))) static void flush_avx2(wide_lanes_t *lanes, uint64_t *out) {
    for (int phase = 0; phase < 3; phase++) {
        for (int half = 0; half < 2; half++) {
            uint16_t words[16];
            _mm256_storeu_si256((__m256i *)words, lanes->sums[phase][half]);
            for (int lane = 0; lane < 16; lane++) {
                int byte = (lane < 8 ? lane : lane + 8) + 8 * half;
                out[(2 * phase + byte) % 3] += words[lane];
            }
        }
    }
    uint32_t words[8];
    _mm256_storeu_si256((__m256i *)words, lanes->squares);
    for (int j = 0; j < 8; j++) out[3] += words[j];
    _mm256_storeu_si256((__m256i *)words, lanes->differences);
    for (int j = 0; j < 8; j++) out[4] += words[j];
    memset(lanes, 0, sizeof *lanes);
}

__attribute__((target("avx2"))) static void tile_band_avx2(const uint8_t *frame, const uint8_t *previous, long width,
                                                           long top, long bottom, long tile_size, long columns,
                                                           uint64_t *wide, wide_lanes_t *lanes) {
    long every = flush_rows((tile_size * 3 + 31) / 32);
    long since = 0;
    for (long y = top; y < bottom; y++) {
        const uint8_t *row = frame + y * width * 3;
        const uint8_t *prior = previous ? previous + y * width * 3 : NULL;
        for (long column = 0; column < columns; column++) {
            long left = column * tile_size;
            long right = left + tile_size < width ? left + tile_size : width;
            tile_row_avx2(&lanes[column], row + left * 3, prior ? prior + left * 3 : NULL, (right - left) * 3);
        }
        if (++since == every || y + 1 == bottom) {
            for (long column = 0; column < columns; column++) flush_avx2(&lanes[column], wide + 5 * column);
            since = 0;
        }
    }
}
#endif

// One band a byte at a time (plain C, or no memory for the lanes).
static void tile_band_scalar(const uint8_t *frame, const uint8_t *previous, long width, long top, long bottom,
                             long tile_size, long columns, uint64_t *wide) {
    for (long y = top; y < bottom; y++) {
        for (long column = 0; column < columns; column++) {
            long left = column * tile_size;
            long right = left + tile_size < width ? left + tile_size : width;
            tile_row_scalar(frame + (y * width + left) * 3, previous ? previous + (y * width + left) * 3 : NULL, 0,
                            (right - left) * 3, wide + 5 * column);
        }
    }
}

void hk_rgb8_tile_band(const uint8_t *frame, const uint8_t *previous, long width, long top, long bottom,
                       long tile_size, long columns, uint64_t *wide, int level) {
    level = level_to_use(level);
#if HK_X86
    if (level > 0) {
        // The lanes of every tile column, zeroed: on the stack for the grids FilmAnalysis makes
        // (at most 12 columns), else 32-byte aligned from the heap (AVX2 lanes need it).
        enum { kept = 16 };
        wide_lanes_t stack[kept];
        size_t size = (level == 2 ? sizeof(wide_lanes_t) : sizeof(lanes_t)) * (size_t)columns;
        void *lanes = columns <= kept ? (void *)stack : aligned_alloc(32, (size + 31) / 32 * 32);
        if (lanes) {
            memset(lanes, 0, size);
            if (level == 2) {
                tile_band_avx2(frame, previous, width, top, bottom, tile_size, columns, wide, lanes);
            } else {
                tile_band_sse2(frame, previous, width, top, bottom, tile_size, columns, wide, lanes);
            }
            if (lanes != (void *)stack) free(lanes);
            return;
        }
    }
#endif
    tile_band_scalar(frame, previous, width, top, bottom, tile_size, columns, wide);
}

// MARK: - YUV 4:2:0 to RGB

// The high half of the 32-bit product (x86's pmulhw).
static inline int16_t high_half(int16_t a, int16_t b) { return (int16_t)(((int32_t)a * (int32_t)b) >> 16); }

static inline uint8_t clamp_byte(int v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

// Pixels `from` up to `count` of one row, one at a time, with libswscale's SIMD arithmetic.
static void yuv_row_scalar(const uint8_t *y, const uint8_t *u, const uint8_t *v, long from, long count,
                           const int16_t *c, uint8_t *out) {
    for (long x = from; x < count; x++) {
        int16_t ut = (int16_t)((u[x / 2] << 3) - (128 << 3));
        int16_t vt = (int16_t)((v[x / 2] << 3) - (128 << 3));
        int16_t yt = high_half((int16_t)((y[x] << 3) - c[1]), c[0]);
        int16_t r = high_half(vt, c[2]);
        int16_t b = high_half(ut, c[3]);
        int16_t g = (int16_t)(high_half(ut, c[4]) + high_half(vt, c[5]));
        out[3 * x] = clamp_byte(yt + r);
        out[3 * x + 1] = clamp_byte(yt + g);
        out[3 * x + 2] = clamp_byte(yt + b);
    }
}

#if HK_X86
// Byte o of the 48 output bytes of 16 pixels is channel o mod 3 of pixel o / 3: the shuffle for
// part p (bytes 16p…16p+15) and channel k takes that pixel's byte where the channel matches and
// zero (index 0x80) elsewhere.
static const uint8_t interleave[3][3][16] = {
    {{0, 0x80, 0x80, 1, 0x80, 0x80, 2, 0x80, 0x80, 3, 0x80, 0x80, 4, 0x80, 0x80, 5},
     {0x80, 0, 0x80, 0x80, 1, 0x80, 0x80, 2, 0x80, 0x80, 3, 0x80, 0x80, 4, 0x80, 0x80},
     {0x80, 0x80, 0, 0x80, 0x80, 1, 0x80, 0x80, 2, 0x80, 0x80, 3, 0x80, 0x80, 4, 0x80}},
    {{0x80, 0x80, 6, 0x80, 0x80, 7, 0x80, 0x80, 8, 0x80, 0x80, 9, 0x80, 0x80, 10, 0x80},
     {5, 0x80, 0x80, 6, 0x80, 0x80, 7, 0x80, 0x80, 8, 0x80, 0x80, 9, 0x80, 0x80, 10},
     {0x80, 5, 0x80, 0x80, 6, 0x80, 0x80, 7, 0x80, 0x80, 8, 0x80, 0x80, 9, 0x80, 0x80}},
    {{0x80, 11, 0x80, 0x80, 12, 0x80, 0x80, 13, 0x80, 0x80, 14, 0x80, 0x80, 15, 0x80, 0x80},
     {0x80, 0x80, 11, 0x80, 0x80, 12, 0x80, 0x80, 13, 0x80, 0x80, 14, 0x80, 0x80, 15, 0x80},
     {10, 0x80, 0x80, 11, 0x80, 0x80, 12, 0x80, 0x80, 13, 0x80, 0x80, 14, 0x80, 0x80, 15}},
};

static inline __m128i mask(int part, int channel) {
    return _mm_loadu_si128((const __m128i *)interleave[part][channel]);
}

// The same shuffle in both 128-bit halves (AVX2 shuffles bytes within each half).
__attribute__((target("avx2"))) static inline __m256i wide_mask(int part, int channel) {
    return _mm256_broadcastsi128_si256(mask(part, channel));
}

// Sixteen pixels of one row from their luma (even and odd pixels as 16-bit lanes) and the
// chroma terms they share with the row above or below, interleaved as 48 RGB bytes.
__attribute__((target("ssse3"))) static inline void store_ssse3(__m128i even, __m128i odd, __m128i r, __m128i g,
                                                                 __m128i b, uint8_t *out) {
    // Each channel as 16 bytes: even pixels, then odd; then in pixel order.
    __m128i rs = _mm_packus_epi16(_mm_adds_epi16(even, r), _mm_adds_epi16(odd, r));
    __m128i gs = _mm_packus_epi16(_mm_adds_epi16(even, g), _mm_adds_epi16(odd, g));
    __m128i bs = _mm_packus_epi16(_mm_adds_epi16(even, b), _mm_adds_epi16(odd, b));
    rs = _mm_unpacklo_epi8(rs, _mm_srli_si128(rs, 8));
    gs = _mm_unpacklo_epi8(gs, _mm_srli_si128(gs, 8));
    bs = _mm_unpacklo_epi8(bs, _mm_srli_si128(bs, 8));
    for (int part = 0; part < 3; part++) {
        __m128i bytes = _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(rs, mask(part, 0)), _mm_shuffle_epi8(gs, mask(part, 1))),
                                     _mm_shuffle_epi8(bs, mask(part, 2)));
        _mm_storeu_si128((__m128i *)(out + 16 * part), bytes);
    }
}

// Two rows that share their chroma (`y1`/`out1` NULL for a last, odd row): the chroma terms
// are worked out once for both.
__attribute__((target("ssse3"))) static void yuv_rows_ssse3(const uint8_t *y0, const uint8_t *y1, const uint8_t *u,
                                                             const uint8_t *v, long count, const int16_t *c,
                                                             uint8_t *out0, uint8_t *out1) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i luma = _mm_set1_epi16(c[0]);
    const __m128i offset = _mm_set1_epi16(c[1]);
    const __m128i red = _mm_set1_epi16(c[2]);
    const __m128i blue = _mm_set1_epi16(c[3]);
    const __m128i green_u = _mm_set1_epi16(c[4]);
    const __m128i green_v = _mm_set1_epi16(c[5]);
    const __m128i chroma_offset = _mm_set1_epi16(128 << 3);
    const __m128i low_byte = _mm_set1_epi16(0xFF);
    long x = 0;
    for (; x + 16 <= count; x += 16) {
        __m128i us = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(u + x / 2)), zero);
        __m128i vs = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(v + x / 2)), zero);
        __m128i ut = _mm_subs_epi16(_mm_slli_epi16(us, 3), chroma_offset);
        __m128i vt = _mm_subs_epi16(_mm_slli_epi16(vs, 3), chroma_offset);
        __m128i r = _mm_mulhi_epi16(vt, red);
        __m128i b = _mm_mulhi_epi16(ut, blue);
        __m128i g = _mm_adds_epi16(_mm_mulhi_epi16(ut, green_u), _mm_mulhi_epi16(vt, green_v));
        for (int row = 0; row < 2; row++) {
            const uint8_t *y = row == 0 ? y0 : y1;
            if (y == NULL) break;
            __m128i ys = _mm_loadu_si128((const __m128i *)(y + x));
            __m128i even = _mm_mulhi_epi16(_mm_sub_epi16(_mm_slli_epi16(_mm_and_si128(ys, low_byte), 3), offset), luma);
            __m128i odd = _mm_mulhi_epi16(_mm_sub_epi16(_mm_slli_epi16(_mm_srli_epi16(ys, 8), 3), offset), luma);
            store_ssse3(even, odd, r, g, b, (row == 0 ? out0 : out1) + 3 * x);
        }
    }
    yuv_row_scalar(y0, u, v, x, count, c, out0);
    if (y1 != NULL) yuv_row_scalar(y1, u, v, x, count, c, out1);
}

// Thirty-two pixels of one row (AVX2): packing and the byte shuffles work in 128-bit halves,
// so each half ends as sixteen pixels in order and is interleaved with the SSSE3 masks,
// repeated in both halves.
__attribute__((target("avx2"))) static inline void store_avx2(__m256i even, __m256i odd, __m256i r, __m256i g,
                                                               __m256i b, uint8_t *out) {
    __m256i rs = _mm256_packus_epi16(_mm256_adds_epi16(even, r), _mm256_adds_epi16(odd, r));
    __m256i gs = _mm256_packus_epi16(_mm256_adds_epi16(even, g), _mm256_adds_epi16(odd, g));
    __m256i bs = _mm256_packus_epi16(_mm256_adds_epi16(even, b), _mm256_adds_epi16(odd, b));
    rs = _mm256_unpacklo_epi8(rs, _mm256_srli_si256(rs, 8));
    gs = _mm256_unpacklo_epi8(gs, _mm256_srli_si256(gs, 8));
    bs = _mm256_unpacklo_epi8(bs, _mm256_srli_si256(bs, 8));
    for (int part = 0; part < 3; part++) {
        __m256i bytes = _mm256_or_si256(
            _mm256_or_si256(_mm256_shuffle_epi8(rs, wide_mask(part, 0)), _mm256_shuffle_epi8(gs, wide_mask(part, 1))),
            _mm256_shuffle_epi8(bs, wide_mask(part, 2)));
        _mm_storeu_si128((__m128i *)(out + 16 * part), _mm256_castsi256_si128(bytes));
        _mm_storeu_si128((__m128i *)(out + 48 + 16 * part), _mm256_extracti128_si256(bytes, 1));
    }
}

// The two-row pass of `yuv_rows_ssse3` in 16 lanes.
__attribute__((target("avx2"))) static void yuv_rows_avx2(const uint8_t *y0, const uint8_t *y1, const uint8_t *u,
                                                           const uint8_t *v, long count, const int16_t *c,
                                                           uint8_t *out0, uint8_t *out1) {
    const __m256i luma = _mm256_set1_epi16(c[0]);
    const __m256i offset = _mm256_set1_epi16(c[1]);
    const __m256i red = _mm256_set1_epi16(c[2]);
    const __m256i blue = _mm256_set1_epi16(c[3]);
    const __m256i green_u = _mm256_set1_epi16(c[4]);
    const __m256i green_v = _mm256_set1_epi16(c[5]);
    const __m256i chroma_offset = _mm256_set1_epi16(128 << 3);
    const __m256i low_byte = _mm256_set1_epi16(0xFF);
    long x = 0;
    for (; x + 32 <= count; x += 32) {
        __m256i us = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(u + x / 2)));
        __m256i vs = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(v + x / 2)));
        __m256i ut = _mm256_subs_epi16(_mm256_slli_epi16(us, 3), chroma_offset);
        __m256i vt = _mm256_subs_epi16(_mm256_slli_epi16(vs, 3), chroma_offset);
        __m256i r = _mm256_mulhi_epi16(vt, red);
        __m256i b = _mm256_mulhi_epi16(ut, blue);
        __m256i g = _mm256_adds_epi16(_mm256_mulhi_epi16(ut, green_u), _mm256_mulhi_epi16(vt, green_v));
        for (int row = 0; row < 2; row++) {
            const uint8_t *y = row == 0 ? y0 : y1;
            if (y == NULL) break;
            __m256i ys = _mm256_loadu_si256((const __m256i *)(y + x));
            __m256i even =
                _mm256_mulhi_epi16(_mm256_sub_epi16(_mm256_slli_epi16(_mm256_and_si256(ys, low_byte), 3), offset), luma);
            __m256i odd =
                _mm256_mulhi_epi16(_mm256_sub_epi16(_mm256_slli_epi16(_mm256_srli_epi16(ys, 8), 3), offset), luma);
            store_avx2(even, odd, r, g, b, (row == 0 ? out0 : out1) + 3 * x);
        }
    }
    yuv_row_scalar(y0, u, v, x, count, c, out0);
    if (y1 != NULL) yuv_row_scalar(y1, u, v, x, count, c, out1);
}

#endif

void hk_yuv420_to_rgb24(const uint8_t *yuv, long width, long height, const int16_t coefficients[6], uint8_t *rgb,
                        int level) {
    level = level_to_use(level);
    long chroma_width = (width + 1) / 2;
    const uint8_t *u_plane = yuv + width * height;
    const uint8_t *v_plane = u_plane + chroma_width * ((height + 1) / 2);
    // Rows two at a time: both rows of a pair read the same chroma row.
    for (long row = 0; row < height; row += 2) {
        const uint8_t *y0 = yuv + row * width;
        const uint8_t *y1 = row + 1 < height ? y0 + width : NULL;
        const uint8_t *u = u_plane + (row / 2) * chroma_width;
        const uint8_t *v = v_plane + (row / 2) * chroma_width;
        uint8_t *out0 = rgb + 3 * row * width;
        uint8_t *out1 = y1 != NULL ? out0 + 3 * width : NULL;
#if HK_X86
        if (level == 2) {
            yuv_rows_avx2(y0, y1, u, v, width, coefficients, out0, out1);
            continue;
        }
        if (level == 1) {
            yuv_rows_ssse3(y0, y1, u, v, width, coefficients, out0, out1);
            continue;
        }
#endif
        yuv_row_scalar(y0, u, v, 0, width, coefficients, out0);
        if (y1 != NULL) yuv_row_scalar(y1, u, v, 0, width, coefficients, out1);
    }
}
