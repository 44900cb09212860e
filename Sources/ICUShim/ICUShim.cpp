// ICU behind a plain-C header. RAII inside: every ICU object the shim owns sits in a std::unique_ptr
// (or is held by value), so an early return or an exception frees it. Every exported function that can
// throw runs its body through `guarded`, which catches everything (std::bad_alloc included) and returns
// the function's failure value, with a message where it has an error buffer: a C++ exception unwinding
// into Swift would be undefined behaviour. The functions left unguarded cannot throw: they read what
// was built, or call only ICU's C API, which reports failures through status codes.
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

namespace {

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
void setError(char *error, int32_t capacity, const char *message, const char *detail = "") noexcept {
    if (error && capacity > 0) {
        snprintf(error, (size_t)capacity, "%s%s", message, detail);
    }
}

void setError(char *error, int32_t capacity, const std::string &message) noexcept {
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

}  // namespace

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

// MARK: Locales

namespace {

// A C string for ICU to fill, one zero byte longer than ICU is told: ICU leaves out the NUL of a string
// that exactly fills its buffer (a warning, not an error), and the spare byte terminates it anyway.
template <int32_t Capacity>
struct ICUBuffer {
    char text[Capacity + 1] = {0};
    static constexpr int32_t capacity = Capacity;
};
using LocaleID = ICUBuffer<ULOC_FULLNAME_CAPACITY>;

// Languages ICU has locale data for, so that `xx` or `qq` is an error rather than a silent root fallback.
const std::set<std::string> &knownLanguages() {
    static std::set<std::string> languages;
    static std::once_flag once;
    std::call_once(once, [] {
        int32_t count = uloc_countAvailable();
        for (int32_t i = 0; i < count; i++) {
            char language[ULOC_LANG_CAPACITY] = {0};
            UErrorCode status = U_ZERO_ERROR;
            uloc_getLanguage(uloc_getAvailable(i), language, sizeof language, &status);
            if (U_SUCCESS(status)) languages.insert(language);
        }
        languages.insert("en");
    });
    return languages;
}

bool isKeywordChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

bool collationTypeExists(const char *icuLocale, const char *type) {
    UErrorCode status = U_ZERO_ERROR;
    EnumerationPointer values(ucol_getKeywordValuesForLocale("collation", icuLocale, false, &status));
    if (U_FAILURE(status)) return false;
    const char *value;
    while ((value = uenum_next(values.get(), nullptr, &status)) != nullptr && U_SUCCESS(status)) {
        if (strcmp(value, type) == 0) return true;
    }
    return false;
}

// People paste identifiers: surrounding whitespace is not part of them.
std::string trimmed(const char *identifier) {
    std::string id(identifier ? identifier : "");
    size_t first = id.find_first_not_of(" \t\r\n"), last = id.find_last_not_of(" \t\r\n");
    return first == std::string::npos ? "" : id.substr(first, last - first + 1);
}

// `sv_SE@collation=standard` → base `sv-SE` (to be read as a BCP 47 tag) and keywords `collation=standard`.
struct IdentifierParts {
    std::string base, keywords;
    bool isRoot = false;  // `root` or `und`: the one locale that may name no language
};

IdentifierParts splitIdentifier(const std::string &id) {
    IdentifierParts parts;
    size_t at = id.find('@');
    parts.base = id.substr(0, at);
    if (at != std::string::npos) parts.keywords = id.substr(at + 1);
    std::replace(parts.base.begin(), parts.base.end(), '_', '-');
    parts.isRoot = parts.base == "root" || parts.base == "und";
    if (parts.base == "root") parts.base = "und";
    return parts;
}

// The base, read as a BCP 47 tag into ICU's form. ICU stops at what it cannot read: all of it must parse.
bool parseBase(const std::string &id, const std::string &base, LocaleID &parsed, std::string &problem) {
    int32_t parsedLength = 0;
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(base.c_str(), parsed.text, parsed.capacity, &parsedLength, &status);
    if (U_SUCCESS(status) && parsedLength == (int32_t)base.size() && !base.empty()) return true;
    bool stoppedEarly = U_SUCCESS(status) && parsedLength >= 0 && parsedLength < (int32_t)base.size();
    // Quote the rest as the user typed it (`_zz`), not as rewritten for ICU (`-zz`); base is id's prefix, same length.
    problem = "malformed locale identifier '" + id + "'" +
              (stoppedEarly ? " (cannot read '" + id.substr((size_t)parsedLength, base.size() - (size_t)parsedLength) + "')" : "");
    return false;
}

// `key=value`, both non-empty and made of letters, digits, '-' and '_'.
bool splitKeyword(const std::string &pair, std::string &key, std::string &value) {
    size_t eq = pair.find('=');
    if (eq == std::string::npos) return false;
    key = pair.substr(0, eq);
    value = pair.substr(eq + 1);
    auto isKeywordText = [](const std::string &s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), isKeywordChar);
    };
    return isKeywordText(key) && isKeywordText(value);
}

// ICU-style keywords after '@' (key=value pairs separated by ';'), added to the parsed locale.
bool applyKeywords(const std::string &id, const std::string &keywords, LocaleID &parsed, std::string &problem) {
    for (size_t pos = 0; pos < keywords.size();) {
        size_t end = std::min(keywords.find(';', pos), keywords.size());
        std::string pair = keywords.substr(pos, end - pos), key, value;
        if (!splitKeyword(pair, key, value)) {
            problem = "malformed locale identifier '" + id + "' (bad keyword '" + pair + "')";
            return false;
        }
        UErrorCode status = U_ZERO_ERROR;
        uloc_setKeywordValue(key.c_str(), value.c_str(), parsed.text, parsed.capacity, &status);
        if (U_FAILURE(status)) {
            problem = "malformed locale identifier '" + id + "' (keyword '" + pair + "')";
            return false;
        }
        pos = end + 1;
    }
    return true;
}

// ICU would quietly fall back to root for a language it has no data for; here that is an error.
bool checkLanguageHasData(const std::string &id, const LocaleID &parsed, std::string &problem) {
    ICUBuffer<ULOC_LANG_CAPACITY> language;
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(parsed.text, language.text, language.capacity, &status);
    if (language.text[0] == 0 || strcmp(language.text, "und") == 0) {
        problem = "locale identifier '" + id + "' names no language";
        return false;
    }
    if (knownLanguages().count(language.text) == 0) {
        problem = "unknown locale '" + id + "': ICU has no data for language '" + language.text + "'";
        return false;
    }
    return true;
}

// A collation keyword must name a tailoring ICU has for the locale (ICU would fall back to the default).
bool checkCollationHasData(const std::string &id, const LocaleID &parsed, std::string &problem) {
    ICUBuffer<64> collation;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getKeywordValue(parsed.text, "collation", collation.text, collation.capacity, &status);
    if (U_FAILURE(status) || length <= 0 || collationTypeExists(parsed.text, collation.text)) return true;
    problem = "unknown collation '" + std::string(collation.text) + "' for locale '" + id + "'";
    return false;
}

// The locale's keywords as BCP 47 pairs (`co=unihan, kn=maybe`), to name them in a message.
std::string describeKeywords(const LocaleID &parsed) {
    std::string described;
    UErrorCode status = U_ZERO_ERROR;
    EnumerationPointer keys(uloc_openKeywords(parsed.text, &status));
    const char *key;
    while (keys && (key = uenum_next(keys.get(), nullptr, &status)) != nullptr && U_SUCCESS(status)) {
        ICUBuffer<64> value;
        UErrorCode valueStatus = U_ZERO_ERROR;
        uloc_getKeywordValue(parsed.text, key, value.text, value.capacity, &valueStatus);
        const char *bcpKey = uloc_toUnicodeLocaleKey(key);
        const char *bcpValue = uloc_toUnicodeLocaleType(key, value.text);
        described += std::string(described.empty() ? "" : ", ") + (bcpKey ? bcpKey : key) + "=" +
                     (bcpValue ? bcpValue : value.text);
    }
    return described;
}

// Options ICU cannot use (kn-maybe) only show when a collator is opened: try it now, and name them.
bool checkCollatorOpens(const std::string &id, const LocaleID &parsed, std::string &problem) {
    UErrorCode status = U_ZERO_ERROR;
    CollatorPointer probe(ucol_open(parsed.text, &status));
    if (U_SUCCESS(status)) return true;
    std::string options = describeKeywords(parsed);
    problem = "locale '" + id + "': ICU rejects its collation options" +
              (options.empty() ? std::string() : " (" + options + ")");
    return false;
}

// The canonical BCP 47 form of the parsed locale.
bool canonicalTag(const std::string &id, const LocaleID &parsed, LocaleID &tag, std::string &problem) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_toLanguageTag(parsed.text, tag.text, tag.capacity, true, &status);
    if (U_SUCCESS(status)) return true;
    problem = "locale identifier '" + id + "' has no BCP 47 form (" + u_errorName(status) + ")";
    return false;
}

// Both forms into the caller's buffers, or neither when one does not fit.
bool writeOutputs(const LocaleID &tag, const LocaleID &parsed, char *bcp47, int32_t bcp47Capacity, char *icu,
                  int32_t icuCapacity, std::string &problem) {
    if ((int32_t)strlen(tag.text) >= bcp47Capacity || (int32_t)strlen(parsed.text) >= icuCapacity) {
        problem = "locale identifier too long";
        return false;
    }
    strcpy(bcp47, tag.text);
    strcpy(icu, parsed.text);
    return true;
}

// The steps of ti_locale_resolve, in order; the first that fails says why in `problem`.
bool resolveLocale(const char *identifier, char *bcp47, int32_t bcp47Capacity, char *icu, int32_t icuCapacity,
                   std::string &problem) {
    const std::string id = trimmed(identifier);
    if (id.empty()) {
        problem = "empty locale identifier";
        return false;
    }
    const IdentifierParts parts = splitIdentifier(id);
    LocaleID parsed, tag;
    return parseBase(id, parts.base, parsed, problem)
        && applyKeywords(id, parts.keywords, parsed, problem)
        && (parts.isRoot || checkLanguageHasData(id, parsed, problem))
        && checkCollationHasData(id, parsed, problem)
        && checkCollatorOpens(id, parsed, problem)
        && canonicalTag(id, parsed, tag, problem)
        && writeOutputs(tag, parsed, bcp47, bcp47Capacity, icu, icuCapacity, problem);
}

}  // namespace

extern "C" int32_t ti_locale_resolve(const char *identifier, char *bcp47, int32_t bcp47Capacity, char *icu,
                                     int32_t icuCapacity, char *error, int32_t errorCapacity) {
    return guarded<int32_t>(error, errorCapacity, -1, [&] {
        std::string problem;
        if (resolveLocale(identifier, bcp47, bcp47Capacity, icu, icuCapacity, problem)) return 0;
        setError(error, errorCapacity, problem);
        return -1;
    });
}

extern "C" int32_t ti_locale_count(void) { return uloc_countAvailable(); }

extern "C" const char *ti_locale_at(int32_t index) { return uloc_getAvailable(index); }

// MARK: Collators

namespace {
// The options as locale keywords (`en@colnumeric=yes`): the one form that both ucol_open and
// icu::AlphabeticIndex read, so the collator and the buckets always agree.
std::string withOptions(const char *icuLocale, const TICollatorOptions *options) {
    char id[ULOC_FULLNAME_CAPACITY];
    snprintf(id, sizeof id, "%s", icuLocale);
    if (!options) return id;
    UErrorCode status = U_ZERO_ERROR;
    auto set = [&](const char *key, int32_t value, const char *const *names) {
        if (value != TI_DEFAULT) uloc_setKeywordValue(key, names[value], id, sizeof id, &status);
    };
    static const char *const yesNo[] = {"no", "yes"};
    static const char *const caseFirst[] = {"no", "lower", "upper"};
    static const char *const strength[] = {"", "primary", "secondary", "tertiary", "quaternary", "identical"};
    static const char *const alternate[] = {"non-ignorable", "shifted"};
    set("colnumeric", options->numeric, yesNo);
    set("colcasefirst", options->caseFirst, caseFirst);
    set("colstrength", options->strength, strength);
    set("colalternate", options->alternate, alternate);
    set("colcaselevel", options->caseLevel, yesNo);
    return id;
}
}  // namespace

extern "C" TICollator *ti_collator_open(const char *icuLocale, const TICollatorOptions *options, char *error,
                                        int32_t errorCapacity) {
    return guarded<TICollator *>(error, errorCapacity, nullptr, [&]() -> TICollator * {
        std::string id = withOptions(icuLocale, options);
        UErrorCode status = U_ZERO_ERROR;
        CollatorPointer collator(ucol_open(id.c_str(), &status));
        if (U_FAILURE(status)) {
            setError(error, errorCapacity, "cannot open a collator for '" + id + "': " + u_errorName(status));
            return nullptr;
        }
        return std::make_unique<TICollator>(std::move(collator)).release();
    });
}

extern "C" TICollator *ti_collator_clone(const TICollator *collator) {
    return guarded<TICollator *>(nullptr, [&]() -> TICollator * {
        UErrorCode status = U_ZERO_ERROR;
        CollatorPointer clone(ucol_clone(collator->collator.get(), &status));
        if (U_FAILURE(status)) return nullptr;
        return std::make_unique<TICollator>(std::move(clone)).release();
    });
}

// Takes back what ti_collator_open or ti_collator_clone released; the member closes the UCollator.
extern "C" void ti_collator_close(TICollator *collator) { delete collator; }

extern "C" void ti_collator_resolved_options(const TICollator *collator, TICollatorOptions *out) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *c = collator->collator.get();
    out->numeric = ucol_getAttribute(c, UCOL_NUMERIC_COLLATION, &status) == UCOL_ON;
    out->caseLevel = ucol_getAttribute(c, UCOL_CASE_LEVEL, &status) == UCOL_ON;
    out->alternate = ucol_getAttribute(c, UCOL_ALTERNATE_HANDLING, &status) == UCOL_SHIFTED;
    UColAttributeValue cf = ucol_getAttribute(c, UCOL_CASE_FIRST, &status);
    out->caseFirst = cf == UCOL_LOWER_FIRST ? 1 : cf == UCOL_UPPER_FIRST ? 2 : 0;
    switch (ucol_getAttribute(c, UCOL_STRENGTH, &status)) {
        case UCOL_PRIMARY: out->strength = 1; break;
        case UCOL_SECONDARY: out->strength = 2; break;
        case UCOL_TERTIARY: out->strength = 3; break;
        case UCOL_QUATERNARY: out->strength = 4; break;
        default: out->strength = 5; break;
    }
}

extern "C" int32_t ti_collator_compare_utf8(const TICollator *collator, const char *a, int32_t aLength,
                                            const char *b, int32_t bLength) {
    UErrorCode status = U_ZERO_ERROR;
    UCollationResult r = ucol_strcollUTF8(collator->collator.get(), a, aLength, b, bLength, &status);
    return r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0;
}

namespace {
// UTF-8 → UTF-16 with U+FFFD for malformed bytes; `buffer` is reused across calls.
int32_t toUTF16(const char *s, int32_t length, std::vector<UChar> &buffer) {
    if ((int32_t)buffer.size() < length + 1) buffer.resize((size_t)length + 1);
    int32_t u16Length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8WithSub(buffer.data(), (int32_t)buffer.size(), &u16Length, s, length, 0xFFFD, nullptr, &status);
    return U_SUCCESS(status) ? u16Length : 0;
}

// realloc that keeps the buffer owned whether or not it succeeds.
bool grow(MallocPointer &buffer, size_t capacity) {
    auto *grown = static_cast<uint8_t *>(realloc(buffer.get(), capacity));
    if (!grown) return false;
    (void)buffer.release();  // realloc has already freed or reused it
    buffer.reset(grown);
    return true;
}
}  // namespace

extern "C" uint8_t *ti_collator_sort_keys_utf8(const TICollator *collator, const uint8_t *base,
                                               const int64_t *starts, const int32_t *lengths, int64_t count,
                                               int64_t *keyOffsets, int64_t *keysSize) {
    return guarded<uint8_t *>(nullptr, [&]() -> uint8_t * {
        UCollator *c = collator->collator.get();
        size_t capacity = (size_t)(count > 0 ? count : 1) * 40;
        size_t used = 0;
        MallocPointer keys(static_cast<uint8_t *>(malloc(capacity)));
        if (!keys) return nullptr;
        std::vector<UChar> u16(256);
        for (int64_t i = 0; i < count; i++) {
            int32_t u16Length = toUTF16((const char *)base + starts[i], lengths[i], u16);
            if (capacity - used < 256) {
                capacity *= 2;
                if (!grow(keys, capacity)) return nullptr;
            }
            int32_t room = (int32_t)std::min<size_t>(capacity - used, INT32_MAX);
            int32_t keyLength = ucol_getSortKey(c, u16.data(), u16Length, keys.get() + used, room);
            if (keyLength > room) {
                while (capacity - used < (size_t)keyLength) capacity *= 2;
                if (!grow(keys, capacity)) return nullptr;
                ucol_getSortKey(c, u16.data(), u16Length, keys.get() + used, keyLength);
            }
            keyOffsets[i] = (int64_t)used;
            used += (size_t)keyLength;
        }
        keyOffsets[count] = (int64_t)used;
        *keysSize = (int64_t)used;
        return keys.release();
    });
}

extern "C" int32_t ti_collator_sort_key_prefixes_utf8(const TICollator *collator, const uint8_t *base,
                                                      const int64_t *starts, const int32_t *lengths, int64_t count,
                                                      uint64_t *prefixes) {
    return guarded<int32_t>(0, [&]() -> int32_t {
        const UCollator *c = collator->collator.get();
        for (int64_t i = 0; i < count; i++) {
            // Only the first eight bytes of the key: ICU walks the UTF-8 no further than they need.
            UCharIterator iterator;
            uiter_setUTF8(&iterator, (const char *)base + starts[i], lengths[i]);
            uint32_t state[2] = {0, 0};
            uint8_t bytes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
            UErrorCode status = U_ZERO_ERROR;
            ucol_nextSortKeyPart(c, &iterator, state, bytes, 8, &status);
            if (U_FAILURE(status)) return 0;
            uint64_t prefix = 0;
            for (int k = 0; k < 8; k++) prefix = (prefix << 8) | bytes[k];
            prefixes[i] = prefix;
        }
        return 1;
    });
}

extern "C" void ti_free(void *pointer) { free(pointer); }

// MARK: Alphabetic index

namespace {
// Built from a locale (not from a collator) so that ICU picks the Chinese pinyin, stroke and zhuyin
// boundaries. NULL, with `status` saying why, when ICU cannot build it.
std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> buildIndex(const char *id, UErrorCode &status) {
    icu::AlphabeticIndex index(icu::Locale::createFromName(id), status);
    // ICU thins labels out beyond 99 (dropping letters of A–Z under unihan's 200+ radicals); keep them all.
    index.setMaxLabelCount(1000, status);
    // A tailoring such as unihan replaces the language's own letters (kana rows, Hangul initials) with
    // its labels; add the letters back, since readers of the language still expect them. Not for
    // Chinese, whose index characters are the tailoring's own (pinyin, strokes, zhuyin, radicals).
    char baseName[ULOC_FULLNAME_CAPACITY] = {0}, language[ULOC_LANG_CAPACITY] = {0};
    UErrorCode baseStatus = U_ZERO_ERROR;
    uloc_getBaseName(id, baseName, sizeof baseName, &baseStatus);
    uloc_getLanguage(id, language, sizeof language, &baseStatus);
    bool chinese = strcmp(language, "zh") == 0 || strcmp(language, "yue") == 0;
    if (U_SUCCESS(baseStatus) && !chinese && strcmp(baseName, id) != 0) {
        index.addLabels(icu::Locale::createFromName(baseName), status);
    }
    index.addLabels(icu::Locale::getEnglish(), status);
    if (U_FAILURE(status)) return nullptr;
    return std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex>(index.buildImmutableIndex(status));
}

// The index with each bucket's label, label type and script read out once, for the accessors below.
std::unique_ptr<TIIndex> describeBuckets(std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> immutable) {
    auto result = std::make_unique<TIIndex>();
    result->index = std::move(immutable);
    for (int32_t i = 0; i < result->index->getBucketCount(); i++) {
        const icu::AlphabeticIndex::Bucket *bucket = result->index->getBucket(i);
        std::string label;
        bucket->getLabel().toUTF8String(label);
        result->labels.push_back(label);
        result->types.push_back((int32_t)bucket->getLabelType());
        int32_t script = -1;
        if (bucket->getLabelType() == U_ALPHAINDEX_NORMAL && bucket->getLabel().length() > 0) {
            UErrorCode scriptStatus = U_ZERO_ERROR;
            script = (int32_t)uscript_getScript(bucket->getLabel().char32At(0), &scriptStatus);
        }
        result->scripts.push_back(script);
    }
    return result;
}

// See TIIndex::followsCollation.
bool followsCollation(const char *id) {
    char language[ULOC_LANG_CAPACITY] = {0};
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(id, language, sizeof language, &status);
    if (U_FAILURE(status) || strcmp(language, "zh") == 0 || strcmp(language, "yue") == 0) return false;
    for (const char *han : {"pinyin", "zhuyin", "stroke", "unihan", "big5han", "gb2312"}) {
        if (strstr(id, (std::string("collation=") + han).c_str())) return false;
    }
    return true;
}

// Makes `index.leading` and `index.unsafe` (see TIIndex) from the locale's collator; leaves `leading` empty, so
// that every string is looked up whole, where buckets do not follow the collation and when ICU cannot say which code
// points are unsafe.
void learnLeading(TIIndex &index, const char *id) {
    if (!index.followsCollation) return;
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::Collator> collator(icu::Collator::createInstance(icu::Locale::createFromName(id), status));
    USet *contractions = uset_openEmpty();
    if (U_SUCCESS(status)) ucol_getContractionsAndExpansions(collator->toUCollator(), contractions, nullptr, true, &status);
    int32_t items = uset_getItemCount(contractions);
    for (int32_t i = 0; U_SUCCESS(status) && i < items; i++) {
        UChar32 start, end;
        UChar text[64];
        int32_t length = uset_getItem(contractions, i, &start, &end, text, 64, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR) return uset_close(contractions);  // a contraction longer than any known
        UChar32 first = -1;
        for (int32_t k = 0, n = 0; k < length; n++) {  // the code points after the first
            UChar32 c;
            U16_NEXT(text, k, length, c);
            if (n > 0 && c < 0x10000) index.unsafe.set((size_t)c);
            if (n == 0 && c < 0x10000) index.starts.set((size_t)(first = c));
            if (n == 1 && first >= 0) index.pairs.insert((uint64_t)first << 32 | (uint32_t)c);
        }
    }
    uset_close(contractions);
    if (U_FAILURE(status)) return;
    // Under numeric collation a run of digits weighs as one number, as a contraction would.
    bool numeric = collator->getAttribute(UCOL_NUMERIC_COLLATION, status) == UCOL_ON;
    index.numeric = numeric;
    index.backwardsSecondary = collator->getAttribute(UCOL_FRENCH_COLLATION, status) == UCOL_ON;
    if (U_FAILURE(status)) return;
    for (UChar32 c = 0; c < 0x10000; c++) {
        if ((numeric && u_charType(c) == U_DECIMAL_DIGIT_NUMBER) || u_getCombiningClass(c) != 0 ||
            u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) != 0 ||
            u_getIntPropertyValue(c, UCHAR_NFC_QUICK_CHECK) != UNORM_YES || U16_IS_SURROGATE(c)) {
            index.unsafe.set((size_t)c);
        }
    }
    index.leading.reset(new std::atomic<int32_t>[0x10000]);
    for (size_t c = 0; c < 0x10000; c++) index.leading[c].store(-1, std::memory_order_relaxed);
}
}  // namespace

extern "C" TIIndex *ti_index_open(const char *icuLocale, const TICollatorOptions *options, char *error,
                                  int32_t errorCapacity) {
    return guarded<TIIndex *>(error, errorCapacity, nullptr, [&]() -> TIIndex * {
        UErrorCode status = U_ZERO_ERROR;
        std::string id = withOptions(icuLocale, options);
        std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> immutable = buildIndex(id.c_str(), status);
        if (U_FAILURE(status) || !immutable) {
            setError(error, errorCapacity, std::string("cannot build the alphabetic index for '") + icuLocale +
                                               "': " + u_errorName(status));
            return nullptr;
        }
        std::unique_ptr<TIIndex> result = describeBuckets(std::move(immutable));
        result->followsCollation = followsCollation(id.c_str());
        learnLeading(*result, id.c_str());
        return result.release();
    });
}

// Takes back what ti_index_open released; the member deletes the ImmutableIndex.
extern "C" void ti_index_close(TIIndex *index) { delete index; }

extern "C" int32_t ti_index_bucket_count(const TIIndex *index) { return (int32_t)index->labels.size(); }

extern "C" int32_t ti_index_bucket_type(const TIIndex *index, int32_t bucket) { return index->types[bucket]; }

extern "C" int32_t ti_index_bucket_label(const TIIndex *index, int32_t bucket, char *out, int32_t capacity) {
    const std::string &label = index->labels[bucket];
    if (capacity > 0) snprintf(out, (size_t)capacity, "%s", label.c_str());
    return (int32_t)label.size();
}

extern "C" int32_t ti_index_bucket_script(const TIIndex *index, int32_t bucket) { return index->scripts[bucket]; }

extern "C" bool ti_index_buckets_follow_collation(const TIIndex *index) { return index->followsCollation; }

namespace {
// Only the leading characters decide a bucket (labels are a character or two); converting a bounded
// prefix keeps long lines cheap. 256 bytes leaves room for leading ignorables and combining marks.
// Bucket 0 when ICU fails: the header's documented failure value.
int32_t bucketOf(const TIIndex *index, const char *s, int32_t length, icu::UnicodeString &scratch) noexcept {
    return guarded<int32_t>(0, [&] {
        if (length > 256) {
            int32_t cut = 256;
            U8_SET_CP_START((const uint8_t *)s, 0, cut);
            length = cut;
        }
        scratch = icu::UnicodeString::fromUTF8(icu::StringPiece(s, length));
        UErrorCode status = U_ZERO_ERROR;
        int32_t bucket = index->index->getBucketIndex(scratch, status);
        return U_SUCCESS(status) ? bucket : 0;
    });
}
}  // namespace

namespace {
// The bucket of a string by its first code point alone (see TIIndex::leading), or -1 when it must be looked up whole.
// A bucket is the last whose boundary is at most the string under a primary-only comparison, so it follows the
// string's first primary weight. When the second code point cannot change the first one's collation elements, every
// string starting with c sorts between c alone and c followed by two U+FFFF (the greatest primary): where those two
// share a bucket, so does every such string.
int32_t leadingBucket(const TIIndex *index, const uint8_t *s, int32_t length) noexcept {
    if (!index->leading || length <= 0) return -1;
    int32_t i = 0;
    UChar32 first, second = 0;
    U8_NEXT(s, i, length, first);
    if (first < 0 || first >= 0x10000 || index->unsafe[(size_t)first]) return -1;
    if (i < length) {
        U8_NEXT(s, i, length, second);
        if (second < 0 || second >= 0x10000 || index->unsafe[(size_t)second]) return -1;
    }
    int32_t known = index->leading[first].load(std::memory_order_relaxed);
    if (known != -1) return known >= 0 ? known : -1;
    // Two threads may learn the same code point at once; they store the same answer.
    int32_t learned = guarded<int32_t>(-2, [&] {
        UErrorCode status = U_ZERO_ERROR;
        icu::UnicodeString alone(first), greatest(first);
        greatest.append((UChar)0xFFFF).append((UChar)0xFFFF);
        int32_t low = index->index->getBucketIndex(alone, status);
        int32_t high = index->index->getBucketIndex(greatest, status);
        return U_SUCCESS(status) && low == high ? low : -2;
    });
    index->leading[first].store(learned, std::memory_order_relaxed);
    return learned >= 0 ? learned : -1;
}
}  // namespace

extern "C" int32_t ti_index_bucket_of_utf8(const TIIndex *index, const char *string, int32_t length) {
    int32_t leading = leadingBucket(index, (const uint8_t *)string, length);
    if (leading >= 0) return leading;
    icu::UnicodeString scratch;
    return bucketOf(index, string, length, scratch);
}

extern "C" int32_t ti_index_bucket_of_utf8_whole(const TIIndex *index, const char *string, int32_t length) {
    icu::UnicodeString scratch;
    return bucketOf(index, string, length, scratch);
}

extern "C" void ti_index_buckets_utf8(const TIIndex *index, const uint8_t *base, const int64_t *starts,
                                      const int32_t *lengths, int64_t count, int32_t *bucketsOut) {
    icu::UnicodeString scratch;
    for (int64_t i = 0; i < count; i++) {
        int32_t leading = leadingBucket(index, base + starts[i], lengths[i]);
        bucketsOut[i] = leading >= 0 ? leading : bucketOf(index, (const char *)base + starts[i], lengths[i], scratch);
    }
}

namespace {
// Makes `leadUnsafe`, `followUnsafe` and `free` (see TIIndex) from what `learnLeading` found; false when ICU cannot say.
bool learnFirstCodePoints(const TIIndex &index) noexcept {
    return guarded<bool>(false, [&] {
        UErrorCode status = U_ZERO_ERROR;
        const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
        if (U_FAILURE(status)) return false;
        for (UChar32 c = 0; c < 0x10000; c++) {
            bool combining = u_getCombiningClass(c) != 0 || u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) != 0;
            bool digit = index.numeric && u_charType(c) == U_DECIMAL_DIGIT_NUMBER;
            UChar decomposition[32];
            UErrorCode decomposed = U_ZERO_ERROR;
            int32_t length = unorm2_getDecomposition(nfd, c, decomposition, 32, &decomposed);
            bool startsContraction = false;
            for (int32_t k = 0; U_SUCCESS(decomposed) && k < length;) {
                UChar32 part;
                U16_NEXT(decomposition, k, length, part);
                if (part < 0x10000 && index.starts[(size_t)part]) startsContraction = true;
            }
            if (combining || digit || startsContraction || U_FAILURE(decomposed) || U16_IS_SURROGATE(c)) index.leadUnsafe.set((size_t)c);
            if (combining || U16_IS_SURROGATE(c)) index.followUnsafe.set((size_t)c);
            if (!index.starts[(size_t)c] && u_getIntPropertyValue(c, UCHAR_TRAIL_CANONICAL_COMBINING_CLASS) == 0) index.free.set((size_t)c);
        }
        return true;
    });
}
}  // namespace

// A string starts with its first code point's collation elements when that code point keeps them whatever follows
// (see TIIndex::leadUnsafe) and the next one cannot reorder with it or continue a contraction begun by it: then it
// collates at or after that code point alone; and before it followed by two U+FFFF (the greatest primary) unless
// U+FFFF comes next among its primaries, which only a string holding U+FFFF (UTF-8 EF BF BF) can do.
extern "C" int32_t ti_index_leading_code_points(const TIIndex *index, const uint8_t *base, const int64_t *starts,
                                                const int32_t *lengths, int64_t count, int32_t *codePointsOut) {
    if (!index->leading || index->backwardsSecondary) return 0;
    std::call_once(index->firstCodePointsLearned, [&] { index->firstCodePointsKnown = learnFirstCodePoints(*index); });
    if (!index->firstCodePointsKnown) return 0;
    for (int64_t n = 0; n < count; n++) {
        const uint8_t *s = base + starts[n];
        int32_t length = lengths[n], i = 0;
        UChar32 first = -1, second = 0;
        if (length > 0) U8_NEXT(s, i, length, first);
        bool safe = first >= 0 && first < 0x10000 && !index->leadUnsafe[(size_t)first];
        if (safe && i < length) {
            U8_NEXT(s, i, length, second);
            safe = second >= 0 &&
                   (index->free[(size_t)first] ||
                    ((second < 0x10000 ? !index->followUnsafe[(size_t)second]
                                       : u_getCombiningClass(second) == 0 &&
                                             u_getIntPropertyValue(second, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) == 0) &&
                     !(index->starts[(size_t)first] && index->pairs.count((uint64_t)first << 32 | (uint32_t)second))));
        }
        for (const uint8_t *k = s, *end = s + length; safe && (k = (const uint8_t *)memchr(k, 0xEF, (size_t)(end - k))); k++) {
            if (end - k >= 3 && k[1] == 0xBF && k[2] == 0xBF) safe = false;
        }
        codePointsOut[n] = safe ? first : -1;
    }
    return 1;
}

extern "C" int32_t ti_script_latin(void) { return (int32_t)USCRIPT_LATIN; }

// MARK: Transliterators

struct TITransliterator {
    std::unique_ptr<icu::Transliterator> transliterator;
};

extern "C" TITransliterator *ti_transliterator_open(const char *id, char *error, int32_t errorCapacity) {
    return guarded<TITransliterator *>(error, errorCapacity, nullptr, [&]() -> TITransliterator * {
        UErrorCode status = U_ZERO_ERROR;
        std::unique_ptr<icu::Transliterator> transliterator(
            icu::Transliterator::createInstance(icu::UnicodeString::fromUTF8(id), UTRANS_FORWARD, status));
        if (U_FAILURE(status) || !transliterator) {
            setError(error, errorCapacity, std::string("no transliterator ") + id + ": " + u_errorName(status));
            return nullptr;
        }
        return new TITransliterator{std::move(transliterator)};
    });
}

extern "C" void ti_transliterator_close(TITransliterator *transliterator) { delete transliterator; }

extern "C" int32_t ti_transliterate_utf8(const TITransliterator *transliterator, const char *text, int32_t length,
                                         char *out, int32_t capacity) {
    return guarded<int32_t>(nullptr, 0, -1, [&]() -> int32_t {
        icu::UnicodeString string = icu::UnicodeString::fromUTF8(icu::StringPiece(text, length));
        transliterator->transliterator->transliterate(string);
        std::string utf8;
        string.toUTF8String(utf8);
        if (utf8.size() > INT32_MAX) return -1;
        if ((int32_t)utf8.size() <= capacity) memcpy(out, utf8.data(), utf8.size());
        return (int32_t)utf8.size();
    });
}
