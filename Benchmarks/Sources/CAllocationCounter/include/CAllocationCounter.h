#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

/// Heap allocations made by this process so far: every malloc, calloc, realloc,
/// posix_memalign, aligned_alloc and memalign call, from Swift's runtime or anywhere else.
unsigned long hk_allocation_count(void);

/// 1 where the count is kept (glibc), 0 elsewhere.
int hk_allocations_are_counted(void);

#endif
