// ICU behind a plain-C header. RAII inside: every ICU object the shim owns sits in a std::unique_ptr
// (or is held by value), so an early return or an exception frees it. Every exported function that can
// throw runs its body through `guarded`, which catches everything (std::bad_alloc included) and returns
// the function's failure value, with a message where it has an error buffer: a C++ exception unwinding
// into Swift would be undefined behaviour. The functions left unguarded cannot throw: they read what
// was built, or call only ICU's C API, which reports failures through status codes.
#pragma once
// Shared by the shim's files (one per area: locales, collators, the alphabetic index, transliterators).

#include "ICUShim.h"

#include <unicode/alphaindex.h>
#include <unicode/coll.h>
#include <unicode/locid.h>
#include <unicode/tblcoll.h>
#include <unicode/translit.h>
#include <unicode/ucol.h>
#include <unicode/uenum.h>
#include <unicode/uchar.h>
#include <unicode/uiter.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <atomic>
#include <bitset>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace shim {

// Closes an ICU C object (or frees a malloc'd buffer) when the unique_ptr holding it lets go.
template <auto close>
struct Closer {
    template <typename T>
    void operator()(T *object) const noexcept {
        close(object);
    }
};
using CollatorPointer = std::unique_ptr<UCollator, Closer<ucol_close>>;
using EnumerationPointer = std::unique_ptr<UEnumeration, Closer<uenum_close>>;
// Sort keys are malloc'd, not new'd: Swift frees them with ti_free, and realloc grows them.
using MallocPointer = std::unique_ptr<uint8_t, Closer<free>>;

// snprintf truncates to the buffer and never throws, so this is safe inside a catch handler.
inline void setError(char *error, int32_t capacity, const char *message, const char *detail = "") noexcept {
    if (error && capacity > 0) {
        snprintf(error, (size_t)capacity, "%s%s", message, detail);
    }
}

inline void setError(char *error, int32_t capacity, const std::string &message) noexcept {
    setError(error, capacity, message.c_str());
}

// Runs the body of an exported function. An exception becomes `failure`, plus a message in `error`
// when the function has one; the handlers allocate nothing, since memory may be what ran out.
template <typename Result, typename Body>
Result guarded(char *error, int32_t capacity, Result failure, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        setError(error, capacity, "out of memory");
    } catch (const std::exception &exception) {
        setError(error, capacity, "internal error: ", exception.what());
    } catch (...) {
        setError(error, capacity, "internal error: unknown C++ exception");
    }
    return failure;
}

// For exported functions without an error buffer: `failure` alone tells the caller.
template <typename Result, typename Body>
Result guarded(Result failure, Body &&body) noexcept {
    return guarded<Result>(nullptr, 0, failure, std::forward<Body>(body));
}

// The options as locale keywords (`en@colnumeric=yes`): the one form that both ucol_open and
// icu::AlphabeticIndex read, so the collator and the buckets always agree (Collators.cpp).
std::string withOptions(const char *icuLocale, const TICollatorOptions *options);

}  // namespace shim

using namespace shim;

struct TICollator {
    explicit TICollator(CollatorPointer collator) : collator(std::move(collator)) {}
    CollatorPointer collator;
};

struct TIIndex {
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index;
    std::vector<std::string> labels;
    std::vector<int32_t> types;
    std::vector<int32_t> scripts;
    // Whether each bucket is a run of the collation: not for Chinese and the Han collations, whose pinyin buckets are
    // shown as the Latin letters (ICU's display buckets), so that "B" comes back after "Z".
    bool followsCollation = true;
    // The bucket of every string that starts with BMP code point c followed by nothing or a safe code point, when
    // that bucket is c's own (a bucket depends on a string's first primary weight): learned on first use, -1 not yet
    // known, -2 not c's own. Empty where buckets do not follow the collation.
    std::unique_ptr<std::atomic<int32_t>[]> leading;
    // Code points that may change the collation elements of the code point before them: combining marks (and what
    // decomposes to start with one), what normalization may compose with what precedes it, the later code points
    // of contractions and of prefix mappings. A string whose second code point is one is looked up whole.
    std::bitset<0x10000> unsafe;
    // Whether secondary weights compare from the end (French in Canada): then a string may collate before its first
    // code point alone, and `ti_index_leading_code_points` does not answer.
    bool backwardsSecondary = false;
    // For `ti_index_leading_code_points`, which asks less than a bucket does: only that a string's first code point
    // keeps its own collation elements. Not as a first code point: combining marks (and what starts with one), digits
    // under numeric collation, and what decomposes to a code point that starts a contraction. Not as the code point
    // after it: combining marks and what starts with one, unless the first is `free` (starts no contraction and ends
    // in no mark, so that nothing after it can take part in its collation elements). Nor the pairs that begin a
    // contraction (`pairs`, first code point high, second low; `starts` their first code points).
    // Learned on the first call (`learnFirstCodePoints`): a CLI sort never asks, and 65,536 decompositions cost it a
    // few milliseconds.
    mutable std::bitset<0x10000> leadUnsafe, followUnsafe, free;
    mutable std::once_flag firstCodePointsLearned;
    mutable bool firstCodePointsKnown = false;
    std::bitset<0x10000> starts;
    std::set<uint64_t> pairs;
    bool numeric = false;
};
