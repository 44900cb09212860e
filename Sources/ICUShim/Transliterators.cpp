// Transliterators (Han to pinyin or zhuyin, for Chinese names).
#include "ShimInternal.h"

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
