// Locale identifiers: resolving what a person typed to ICU's and BCP 47's forms, or saying why not.
#include "ShimInternal.h"

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
