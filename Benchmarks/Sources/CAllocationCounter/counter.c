// Counts heap allocations by defining the C library's allocation functions in the benchmark
// executable: the dynamic linker binds every caller (Swift's runtime included) to these, and
// they forward to glibc's own entry points. glibc removed its malloc hooks in 2.34, and
// mallinfo2 only reports bytes in use, which misses an allocation freed within the same call.
#include "CAllocationCounter.h"

#include <limits.h>
#include <stdatomic.h>
#include <stddef.h>

#if defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_ulong allocations;

int hk_allocations_are_counted(void) { return 1; }

unsigned long hk_allocation_count(void) { return atomic_load(&allocations); }

void *malloc(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    void *pointer = memalign(alignment, size);
    if (pointer == NULL) return 12;  // ENOMEM
    *result = pointer;
    return 0;
}

void free(void *pointer) { __libc_free(pointer); }

#else
// Elsewhere the C library's allocator cannot be replaced this way: nothing is counted.
int hk_allocations_are_counted(void) { return 0; }

unsigned long hk_allocation_count(void) { return 0; }
#endif
