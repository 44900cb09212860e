// ICU behind a plain-C header. RAII inside; every exported function catches its own failures and
// reports them as a return value plus a message, never as an exception across the C boundary.
#include "ICUShim.h"

#include <unicode/alphaindex.h>
#include <unicode/coll.h>
#include <unicode/locid.h>
#include <unicode/tblcoll.h>
#include <unicode/ucol.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

struct TICollator {
    UCollator *collator;
};

struct TIIndex {
    icu::AlphabeticIndex::ImmutableIndex *index;
    std::vector<std::string> labels;
    std::vector<int32_t> types;
    std::vector<int32_t> scripts;
};

namespace {

void setError(char *error, int32_t capacity, const std::string &message) {
    if (error && capacity > 0) {
        snprintf(error, (size_t)capacity, "%s", message.c_str());
    }
}

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
    UEnumeration *values = ucol_getKeywordValuesForLocale("collation", icuLocale, false, &status);
    if (U_FAILURE(status)) return false;
    bool found = false;
    const char *value;
    while (!found && (value = uenum_next(values, nullptr, &status)) != nullptr && U_SUCCESS(status)) {
        found = strcmp(value, type) == 0;
    }
    uenum_close(values);
    return found;
}

icu::UnicodeString fromUTF8(const char *s, int32_t length) {
    return icu::UnicodeString::fromUTF8(icu::StringPiece(s, length));
}

}  // namespace

extern "C" int32_t ti_locale_resolve(const char *identifier, char *bcp47, int32_t bcp47Capacity, char *icu,
                                     int32_t icuCapacity, char *error, int32_t errorCapacity) {
    std::string id(identifier ? identifier : "");
    // Trim surrounding whitespace: people paste identifiers.
    size_t first = id.find_first_not_of(" \t\r\n"), last = id.find_last_not_of(" \t\r\n");
    id = first == std::string::npos ? "" : id.substr(first, last - first + 1);
    if (id.empty()) {
        setError(error, errorCapacity, "empty locale identifier");
        return -1;
    }
    std::string base = id, keywords;
    size_t at = id.find('@');
    if (at != std::string::npos) {
        base = id.substr(0, at);
        keywords = id.substr(at + 1);
    }
    for (char &c : base) {
        if (c == '_') c = '-';
    }
    bool isRoot = base == "root" || base == "und";
    if (base == "root") base = "und";

    char parsed[ULOC_FULLNAME_CAPACITY] = {0};
    int32_t parsedLength = 0;
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(base.c_str(), parsed, sizeof parsed, &parsedLength, &status);
    if (U_FAILURE(status) || parsedLength != (int32_t)base.size() || base.empty()) {
        std::string why = parsedLength < (int32_t)base.size() && parsedLength >= 0 && U_SUCCESS(status)
                              ? " (cannot read '" + base.substr((size_t)parsedLength) + "')"
                              : "";
        setError(error, errorCapacity, "malformed locale identifier '" + id + "'" + why);
        return -1;
    }
    // ICU-style keywords after '@': key=value pairs separated by ';'.
    size_t pos = 0;
    while (pos < keywords.size()) {
        size_t end = keywords.find(';', pos);
        if (end == std::string::npos) end = keywords.size();
        std::string pair = keywords.substr(pos, end - pos);
        size_t eq = pair.find('=');
        std::string key = eq == std::string::npos ? "" : pair.substr(0, eq);
        std::string value = eq == std::string::npos ? "" : pair.substr(eq + 1);
        bool ok = !key.empty() && !value.empty();
        for (char c : key + value) ok = ok && isKeywordChar(c);
        if (!ok) {
            setError(error, errorCapacity, "malformed locale identifier '" + id + "' (bad keyword '" + pair + "')");
            return -1;
        }
        status = U_ZERO_ERROR;
        uloc_setKeywordValue(key.c_str(), value.c_str(), parsed, sizeof parsed, &status);
        if (U_FAILURE(status)) {
            setError(error, errorCapacity, "malformed locale identifier '" + id + "' (keyword '" + pair + "')");
            return -1;
        }
        pos = end + 1;
    }

    char language[ULOC_LANG_CAPACITY] = {0};
    status = U_ZERO_ERROR;
    uloc_getLanguage(parsed, language, sizeof language, &status);
    if (!isRoot) {
        if (language[0] == 0 || strcmp(language, "und") == 0) {
            setError(error, errorCapacity, "locale identifier '" + id + "' names no language");
            return -1;
        }
        if (knownLanguages().count(language) == 0) {
            setError(error, errorCapacity,
                     "unknown locale '" + id + "': ICU has no data for language '" + language + "'");
            return -1;
        }
    }
    char collation[64] = {0};
    status = U_ZERO_ERROR;
    int32_t collationLength = uloc_getKeywordValue(parsed, "collation", collation, sizeof collation, &status);
    if (U_SUCCESS(status) && collationLength > 0 && !collationTypeExists(parsed, collation)) {
        setError(error, errorCapacity,
                 "unknown collation '" + std::string(collation) + "' for locale '" + id + "'");
        return -1;
    }

    // Options ICU cannot use (kn-maybe) only show when a collator is opened: try it now, and name them.
    status = U_ZERO_ERROR;
    UCollator *probe = ucol_open(parsed, &status);
    if (probe) ucol_close(probe);
    if (U_FAILURE(status)) {
        std::string options;
        UErrorCode keywordStatus = U_ZERO_ERROR;
        UEnumeration *keys = uloc_openKeywords(parsed, &keywordStatus);
        const char *key;
        while (keys && (key = uenum_next(keys, nullptr, &keywordStatus)) != nullptr && U_SUCCESS(keywordStatus)) {
            char value[64] = {0};
            UErrorCode valueStatus = U_ZERO_ERROR;
            uloc_getKeywordValue(parsed, key, value, sizeof value, &valueStatus);
            const char *bcpKey = uloc_toUnicodeLocaleKey(key);
            const char *bcpValue = uloc_toUnicodeLocaleType(key, value);
            options += std::string(options.empty() ? "" : ", ") + (bcpKey ? bcpKey : key) + "=" + (bcpValue ? bcpValue : value);
        }
        if (keys) uenum_close(keys);
        setError(error, errorCapacity, "locale '" + id + "': ICU rejects its collation options" +
                                           (options.empty() ? std::string() : " (" + options + ")"));
        return -1;
    }

    char tag[ULOC_FULLNAME_CAPACITY] = {0};
    status = U_ZERO_ERROR;
    uloc_toLanguageTag(parsed, tag, sizeof tag, true, &status);
    if (U_FAILURE(status)) {
        setError(error, errorCapacity, "locale identifier '" + id + "' has no BCP 47 form (" +
                                           u_errorName(status) + ")");
        return -1;
    }
    if ((int32_t)strlen(tag) >= bcp47Capacity || (int32_t)strlen(parsed) >= icuCapacity) {
        setError(error, errorCapacity, "locale identifier too long");
        return -1;
    }
    strcpy(bcp47, tag);
    strcpy(icu, parsed);
    return 0;
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
    UErrorCode status = U_ZERO_ERROR;
    std::string id = withOptions(icuLocale, options);
    UCollator *c = ucol_open(id.c_str(), &status);
    if (U_FAILURE(status)) {
        setError(error, errorCapacity, "cannot open a collator for '" + id + "': " + u_errorName(status));
        return nullptr;
    }
    return new TICollator{c};
}

extern "C" TICollator *ti_collator_clone(const TICollator *collator) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *c = ucol_clone(collator->collator, &status);
    if (U_FAILURE(status)) return nullptr;
    return new TICollator{c};
}

extern "C" void ti_collator_close(TICollator *collator) {
    if (!collator) return;
    ucol_close(collator->collator);
    delete collator;
}

extern "C" void ti_collator_resolved_options(const TICollator *collator, TICollatorOptions *out) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *c = collator->collator;
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
    UCollationResult r = ucol_strcollUTF8(collator->collator, a, aLength, b, bLength, &status);
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
}  // namespace

extern "C" uint8_t *ti_collator_sort_keys_utf8(const TICollator *collator, const uint8_t *base,
                                               const int64_t *starts, const int32_t *lengths, int64_t count,
                                               int64_t *keyOffsets, int64_t *keysSize) {
    size_t capacity = (size_t)(count > 0 ? count : 1) * 40;
    size_t used = 0;
    uint8_t *keys = (uint8_t *)malloc(capacity);
    if (!keys) return nullptr;
    std::vector<UChar> u16(256);
    for (int64_t i = 0; i < count; i++) {
        int32_t u16Length = toUTF16((const char *)base + starts[i], lengths[i], u16);
        if (capacity - used < 256) {
            capacity = capacity * 2;
            uint8_t *grown = (uint8_t *)realloc(keys, capacity);
            if (!grown) { free(keys); return nullptr; }
            keys = grown;
        }
        int32_t room = (int32_t)std::min<size_t>(capacity - used, INT32_MAX);
        int32_t keyLength = ucol_getSortKey(collator->collator, u16.data(), u16Length, keys + used, room);
        if (keyLength > room) {
            while (capacity - used < (size_t)keyLength) capacity *= 2;
            uint8_t *grown = (uint8_t *)realloc(keys, capacity);
            if (!grown) { free(keys); return nullptr; }
            keys = grown;
            ucol_getSortKey(collator->collator, u16.data(), u16Length, keys + used, keyLength);
        }
        keyOffsets[i] = (int64_t)used;
        used += (size_t)keyLength;
    }
    keyOffsets[count] = (int64_t)used;
    *keysSize = (int64_t)used;
    return keys;
}

extern "C" void ti_free(void *pointer) { free(pointer); }

// MARK: Alphabetic index

extern "C" TIIndex *ti_index_open(const char *icuLocale, const TICollatorOptions *options, char *error,
                                  int32_t errorCapacity) {
    // Built from a locale (not from a collator) so that ICU picks the Chinese pinyin, stroke and zhuyin
    // boundaries.
    std::string localeID = withOptions(icuLocale, options);
    const char *id = localeID.c_str();
    UErrorCode status = U_ZERO_ERROR;
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
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> immutable(
        U_SUCCESS(status) ? index.buildImmutableIndex(status) : nullptr);
    if (U_FAILURE(status) || !immutable) {
        setError(error, errorCapacity, std::string("cannot build the alphabetic index for '") + icuLocale +
                                           "': " + u_errorName(status));
        return nullptr;
    }
    auto *result = new TIIndex{immutable.release(), {}, {}, {}};
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

extern "C" void ti_index_close(TIIndex *index) {
    if (!index) return;
    delete index->index;
    delete index;
}

extern "C" int32_t ti_index_bucket_count(const TIIndex *index) { return (int32_t)index->labels.size(); }

extern "C" int32_t ti_index_bucket_type(const TIIndex *index, int32_t bucket) { return index->types[bucket]; }

extern "C" int32_t ti_index_bucket_label(const TIIndex *index, int32_t bucket, char *out, int32_t capacity) {
    const std::string &label = index->labels[bucket];
    if (capacity > 0) snprintf(out, (size_t)capacity, "%s", label.c_str());
    return (int32_t)label.size();
}

extern "C" int32_t ti_index_bucket_script(const TIIndex *index, int32_t bucket) { return index->scripts[bucket]; }

namespace {
// Only the leading characters decide a bucket (labels are a character or two); converting a bounded
// prefix keeps long lines cheap. 256 bytes leaves room for leading ignorables and combining marks.
int32_t bucketOf(const TIIndex *index, const char *s, int32_t length, icu::UnicodeString &scratch) {
    if (length > 256) {
        int32_t cut = 256;
        U8_SET_CP_START((const uint8_t *)s, 0, cut);
        length = cut;
    }
    scratch = fromUTF8(s, length);
    UErrorCode status = U_ZERO_ERROR;
    int32_t bucket = index->index->getBucketIndex(scratch, status);
    return U_SUCCESS(status) ? bucket : 0;
}
}  // namespace

extern "C" int32_t ti_index_bucket_of_utf8(const TIIndex *index, const char *string, int32_t length) {
    icu::UnicodeString scratch;
    return bucketOf(index, string, length, scratch);
}

extern "C" void ti_index_buckets_utf8(const TIIndex *index, const uint8_t *base, const int64_t *starts,
                                      const int32_t *lengths, int64_t count, int32_t *bucketsOut) {
    icu::UnicodeString scratch;
    for (int64_t i = 0; i < count; i++) {
        bucketsOut[i] = bucketOf(index, (const char *)base + starts[i], lengths[i], scratch);
    }
}

extern "C" int32_t ti_script_latin(void) { return (int32_t)USCRIPT_LATIN; }
