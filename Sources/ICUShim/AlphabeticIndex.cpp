// The alphabetic index: buckets (sections) of strings, learned per first code point.
#include "ShimInternal.h"

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
