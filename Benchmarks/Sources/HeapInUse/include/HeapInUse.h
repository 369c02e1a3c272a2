// The bytes in use on the C heap, for BuildCost: Swift's Glibc module does not declare
// `mallinfo2`.
#ifndef SWITCHYARD_BENCH_HEAP_IN_USE_H
#define SWITCHYARD_BENCH_HEAP_IN_USE_H

#include <stddef.h>

/// `uordblks + hblkhd` of `mallinfo2()` (the large blocks the allocator maps count too), or 0
/// where there is no `mallinfo2`.
size_t switchyard_bench_heap_in_use(void);

#endif
