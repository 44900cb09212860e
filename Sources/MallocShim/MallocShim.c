#include "MallocShim.h"

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif

int thumbindex_malloc_trim(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

// `mallopt(option, value)` where glibc has it; 0 (failure) elsewhere.
static int set_option(int option, int value) {
#if defined(__GLIBC__)
    return mallopt(option, value);
#else
    (void)option;
    (void)value;
    return 0;
#endif
}

// Without glibc the options are never used: any value compiles.
#ifndef M_TRIM_THRESHOLD
#define M_TRIM_THRESHOLD 0
#endif
#ifndef M_MMAP_THRESHOLD
#define M_MMAP_THRESHOLD 0
#endif
#ifndef M_ARENA_MAX
#define M_ARENA_MAX 0
#endif

int thumbindex_set_trim_threshold(int bytes) { return set_option(M_TRIM_THRESHOLD, bytes); }

int thumbindex_set_mmap_threshold(int bytes) { return set_option(M_MMAP_THRESHOLD, bytes); }

int thumbindex_set_arena_max(int count) { return set_option(M_ARENA_MAX, count); }
