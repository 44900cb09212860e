// A plain-C face over the parts of ICU that ThumbIndex needs: locale canonicalisation, collators
// (sort keys, comparison, attributes), icu::AlphabeticIndex and transliterators. No ICU type appears here, because a
// Swift file that imports Foundation cannot also import the system ICU headers.
//
// No C++ exception crosses this header. A function that can throw (it allocates, or calls ICU's C++ API)
// catches everything, running out of memory included, and returns the failure value given at it, with
// a message in `error` where it takes one. The rest cannot throw: they read what was built, or call only
// ICU's C API, which reports failures through status codes.
#ifndef THUMBINDEX_ICU_SHIM_H
#define THUMBINDEX_ICU_SHIM_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Size for error message buffers passed to the shim.
#define TI_ERROR_CAPACITY 512

// MARK: Locales

/// Parses a locale identifier as people write it (`sv_SE`, `sv-SE`, `AR_sa`, `zh-TW-u-co-zhuyin`,
/// `ja_JP@collation=unihan`). Writes the BCP 47 form to `bcp47` and the ICU form to `icu`.
/// Returns 0, or -1 with a message in `error` for a malformed identifier, a language ICU has no data for,
/// an output buffer too small, or no memory; on -1 `bcp47` and `icu` are left as they were.
int32_t ti_locale_resolve(const char *identifier, char *bcp47, int32_t bcp47Capacity, char *icu,
                          int32_t icuCapacity, char *error, int32_t errorCapacity);

/// The locales ICU has data for: how many, and the ICU id of one of them.
int32_t ti_locale_count(void);
const char *ti_locale_at(int32_t index);

// MARK: Collators

typedef struct TICollator TICollator;

/// Collator attributes, by BCP 47 key. TI_DEFAULT leaves the locale's default.
enum { TI_DEFAULT = -1 };
typedef struct TICollatorOptions {
    int32_t numeric;       // kn: 0 off, 1 on
    int32_t caseFirst;     // kf: 0 off, 1 lower, 2 upper
    int32_t strength;      // ks: 1 primary, 2 secondary, 3 tertiary, 4 quaternary, 5 identical
    int32_t alternate;     // ka: 0 non-ignorable, 1 shifted
    int32_t caseLevel;     // kc: 0 off, 1 on
} TICollatorOptions;

/// Opens a collator for an ICU locale id (from ti_locale_resolve). NULL with a message on failure
/// (ICU's, or out of memory).
TICollator *ti_collator_open(const char *icuLocale, const TICollatorOptions *options, char *error,
                             int32_t errorCapacity);
/// An independent copy, for use on another thread; NULL if ICU cannot clone it or memory runs out.
TICollator *ti_collator_clone(const TICollator *collator);
void ti_collator_close(TICollator *collator);
/// The attributes in effect (every field resolved, none TI_DEFAULT).
void ti_collator_resolved_options(const TICollator *collator, TICollatorOptions *out);

/// -1, 0 or 1.
int32_t ti_collator_compare_utf8(const TICollator *collator, const char *a, int32_t aLength, const char *b,
                                 int32_t bLength);

/// Sort keys of `count` UTF-8 strings: string i is `base[starts[i] ..< starts[i] + lengths[i]]`.
/// Keys are appended back to back (each ends in 0x00) to a buffer the shim allocates; `keyOffsets`
/// (count + 1 entries, caller-allocated) receives where each key starts. Returns the key buffer (free
/// with ti_free) and its size in `keysSize`, or NULL when memory runs out (nothing to free then).
uint8_t *ti_collator_sort_keys_utf8(const TICollator *collator, const uint8_t *base, const int64_t *starts,
                                    const int32_t *lengths, int64_t count, int64_t *keyOffsets, int64_t *keysSize);
/// The first eight bytes of the sort key of each of `count` UTF-8 strings (laid out as for
/// ti_collator_sort_keys_utf8), big-endian in `prefixes` (caller-allocated, `count` entries; a shorter key
/// is padded with 0x00, so comparing prefixes as integers orders as comparing the keys' first bytes).
/// Returns 1, or 0 when ICU fails (the prefixes are then not all set).
int32_t ti_collator_sort_key_prefixes_utf8(const TICollator *collator, const uint8_t *base, const int64_t *starts,
                                           const int32_t *lengths, int64_t count, uint64_t *prefixes);
void ti_free(void *pointer);

// MARK: Alphabetic index (icu::AlphabeticIndex, immutable and thread-safe once built)

typedef struct TIIndex TIIndex;

enum {
    TI_LABEL_NORMAL = 0,
    TI_LABEL_UNDERFLOW = 1,
    TI_LABEL_INFLOW = 2,
    TI_LABEL_OVERFLOW = 3,
};

/// Builds the index of a locale plus English labels (so Latin A–Z are always there), bucketing with the
/// locale's collation under `options`. NULL with a message on failure (ICU's, or out of memory).
TIIndex *ti_index_open(const char *icuLocale, const TICollatorOptions *options, char *error, int32_t errorCapacity);
void ti_index_close(TIIndex *index);
int32_t ti_index_bucket_count(const TIIndex *index);
/// The bucket's label type (TI_LABEL_*).
int32_t ti_index_bucket_type(const TIIndex *index, int32_t bucket);
/// Writes the label as UTF-8; returns its full length (may exceed capacity).
int32_t ti_index_bucket_label(const TIIndex *index, int32_t bucket, char *out, int32_t capacity);
/// Script code (UScriptCode) of the label's first character; -1 for underflow/inflow/overflow.
int32_t ti_index_bucket_script(const TIIndex *index, int32_t bucket);
/// Whether each bucket is a run of the collation: false for Chinese and the Han collations, whose pinyin buckets are
/// shown as the Latin letters (ICU's display buckets).
bool ti_index_buckets_follow_collation(const TIIndex *index);
/// Bucket of one UTF-8 string; 0 (the underflow bucket, always first) if ICU fails. A string whose bucket its first
/// code point decides (most: a letter followed by a letter) is answered from what the index learned of that code point.
int32_t ti_index_bucket_of_utf8(const TIIndex *index, const char *string, int32_t length);
/// The same, always asking ICU with the whole string (what the tests compare the learned answers with).
int32_t ti_index_bucket_of_utf8_whole(const TIIndex *index, const char *string, int32_t length);
/// Buckets of many strings at once (same layout as ti_collator_sort_keys_utf8); 0 for a string ICU fails on.
void ti_index_buckets_utf8(const TIIndex *index, const uint8_t *base, const int64_t *starts, const int32_t *lengths,
                           int64_t count, int32_t *bucketsOut);
/// The first code point of each string (same layout as ti_collator_sort_keys_utf8) when the string collates between
/// that code point alone and it followed by two U+FFFF (it starts with that code point's own collation elements and
/// holds no U+FFFF), else -1. Returns 0, writing nothing, where the index cannot tell (buckets that do not follow the
/// collation, a backwards secondary level): see TIIndex::leadUnsafe.
int32_t ti_index_leading_code_points(const TIIndex *index, const uint8_t *base, const int64_t *starts,
                                     const int32_t *lengths, int64_t count, int32_t *codePointsOut);

/// The Latin script code, to tell Latin labels from others.
int32_t ti_script_latin(void);

// MARK: Transliterators (icu::Transliterator; one thread at a time each)

typedef struct TITransliterator TITransliterator;

/// Opens ICU's transliterator `id` (`Han-Latin/Names`, `Latin-Bopomofo`, compound ids with `;`).
/// NULL with a message when ICU has no such transliterator, or memory runs out.
TITransliterator *ti_transliterator_open(const char *id, char *error, int32_t errorCapacity);
void ti_transliterator_close(TITransliterator *transliterator);
/// Transliterates `length` bytes of UTF-8 into `out` (not terminated); returns the output's full length in bytes,
/// which may exceed `capacity` (call again with room), or -1 when ICU fails or memory runs out.
int32_t ti_transliterate_utf8(const TITransliterator *transliterator, const char *text, int32_t length, char *out,
                              int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
