// Collators: opening them with options, comparing, and sort keys in batches.
#include "ShimInternal.h"

// MARK: Collators

std::string shim::withOptions(const char *icuLocale, const TICollatorOptions *options) {
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
