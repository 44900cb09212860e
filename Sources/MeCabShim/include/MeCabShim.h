// MeCab, loaded at run time: the binary starts without it, and only these plain-C calls cross into it.
#ifndef THUMBINDEX_MECAB_SHIM_H
#define THUMBINDEX_MECAB_SHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Loads libmecab (`library`, or libmecab.so.2 then libmecab.so when NULL) once per process. 0 when it is there;
/// else -1 with why in `error` (cut to `errorSize`, NUL-terminated).
int thumbindex_mecab_load(const char *library, char *error, size_t errorSize);

/// A tagger (`mecab_new2(arguments)`), which reads the system dictionary the way `mecab` does (`/etc/mecabrc`), or
/// NULL with why in `error`. One thread at a time may use a tagger.
void *thumbindex_mecab_new(const char *arguments, char *error, size_t errorSize);

/// The words MeCab finds in `text` (`length` bytes of UTF-8), a line each: `surface\treading\tpart of speech\n`, the
/// reading IPADIC's (its feature's eighth field; an unknown word's is its surface), the part of speech the feature's
/// first four fields as written (`名詞,固有名詞,人名,姓`). NUL-terminated and owned by the tagger until its next call;
/// NULL on failure.
const char *thumbindex_mecab_parse(void *tagger, const char *text, size_t length);

/// Frees a tagger.
void thumbindex_mecab_destroy(void *tagger);

#ifdef __cplusplus
}
#endif

#endif
