// The yardstick for Benchmarks/guard.sh: ICU's own C++ doing what `thumbindex sort --sections` does, on one core.
// Every line of FILE is put in its AlphabeticIndex bucket for LOCALE, then the lines are ordered by their sort keys
// (ties: input order) and written, bucket by bucket, to standard output.
// Build: c++ -O2 -std=c++17 sections.cpp $(pkg-config --cflags --libs icu-i18n icu-uc)
#include <unicode/alphaindex.h>
#include <unicode/coll.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    if (argc != 3) {
        std::cerr << "usage: sections FILE LOCALE\n";
        return 64;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::cerr << "sections: cannot read " << argv[1] << "\n";
        return 66;
    }
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
    }
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale(argv[2]);
    std::unique_ptr<icu::Collator> collator(icu::Collator::createInstance(locale, status));
    icu::AlphabeticIndex builder(locale, status);
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index(builder.buildImmutableIndex(status));
    if (U_FAILURE(status)) {
        std::cerr << "sections: ICU: " << u_errorName(status) << "\n";
        return 70;
    }
    struct Item {
        int32_t bucket;
        uint32_t line;
        std::string key;
    };
    std::vector<Item> items(lines.size());
    std::vector<uint8_t> key(256);
    for (size_t i = 0; i < lines.size(); i++) {
        icu::UnicodeString text = icu::UnicodeString::fromUTF8(lines[i]);
        items[i].bucket = index->getBucketIndex(text, status);
        int32_t length = collator->getSortKey(text, key.data(), (int32_t)key.size());
        if (length > (int32_t)key.size()) {
            key.resize(length);
            collator->getSortKey(text, key.data(), length);
        }
        items[i].line = (uint32_t)i;
        items[i].key.assign((const char *)key.data(), length);
    }
    std::stable_sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
        if (a.bucket != b.bucket) return a.bucket < b.bucket;
        return a.key < b.key;
    });
    std::string out;
    int32_t bucket = -1;
    for (const Item &item : items) {
        if (item.bucket != bucket) {
            bucket = item.bucket;
            std::string label;
            index->getBucket(bucket)->getLabel().toUTF8String(label);
            out += "# " + label + "\n";
        }
        out += lines[item.line];
        out += '\n';
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return U_FAILURE(status) ? 70 : 0;
}
