// glibc's allocator knobs, which Swift's Glibc module does not export (they live in <malloc.h>). Elsewhere they do
// nothing and say so.
#ifndef THUMBINDEX_MALLOC_SHIM_H
#define THUMBINDEX_MALLOC_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/// `malloc_trim(0)`: gives free memory back to the system. 1 when some was given back, 0 when none was (or there
/// is no glibc).
int thumbindex_malloc_trim(void);

/// `mallopt(M_TRIM_THRESHOLD, bytes)`: how much free memory at the top of an arena is kept rather than given back.
/// 1 on success, 0 on failure or without glibc.
int thumbindex_set_trim_threshold(int bytes);

/// `mallopt(M_MMAP_THRESHOLD, bytes)`: from what size an allocation is mapped on its own. 1 on success, 0 on failure
/// or without glibc.
int thumbindex_set_mmap_threshold(int bytes);

/// `mallopt(M_ARENA_MAX, count)`: at most `count` arenas for the process's threads. 1 on success, 0 on failure or
/// without glibc.
int thumbindex_set_arena_max(int count);

#ifdef __cplusplus
}
#endif

#endif
