// dlopen and dlsym of the four MeCab calls ThumbIndex needs; MeCab's own header is not needed to build.
#include "MeCabShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// mecab_node_t as MeCab 0.996's mecab.h declares it, up to the fields read here (its ABI since 0.99).
struct node {
    struct node *prev, *next, *enext, *bnext;
    void *rpath, *lpath;
    const char *surface;
    const char *feature;
    unsigned int id;
    unsigned short length, rlength, rcAttr, lcAttr, posid;
    unsigned char char_type, stat;
};
enum { normal_node = 0, unknown_node = 1 };

// A tagger and the buffer its words are written to.
struct tagger {
    void *mecab;
    char *words;
    size_t capacity;
};

typedef void *(*new2_fn)(const char *);
typedef const char *(*strerror_fn)(void *);
typedef void (*destroy_fn)(void *);
typedef const struct node *(*tonode2_fn)(void *, const char *, size_t);

static struct {
    pthread_mutex_t lock;
    int tried;
    int loaded;
    char error[512];
    new2_fn new2;
    strerror_fn strerror;
    destroy_fn destroy;
    tonode2_fn tonode2;
} mecab = {PTHREAD_MUTEX_INITIALIZER, 0, 0, "", NULL, NULL, NULL, NULL};

static void copy(char *to, size_t size, const char *from) {
    if (to == NULL || size == 0) return;
    snprintf(to, size, "%s", from ? from : "");
}

int thumbindex_mecab_load(const char *library, char *error, size_t errorSize) {
    pthread_mutex_lock(&mecab.lock);
    if (!mecab.tried) {
        mecab.tried = 1;
        const char *names[] = {library, library ? NULL : "libmecab.so.2", library ? NULL : "libmecab.so"};
        void *handle = NULL;
        for (size_t i = 0; i < 3 && handle == NULL; i++) {
            if (names[i] == NULL) continue;
            handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
            if (handle == NULL) copy(mecab.error, sizeof mecab.error, dlerror());
        }
        if (handle != NULL) {
            mecab.new2 = (new2_fn)dlsym(handle, "mecab_new2");
            mecab.strerror = (strerror_fn)dlsym(handle, "mecab_strerror");
            mecab.destroy = (destroy_fn)dlsym(handle, "mecab_destroy");
            mecab.tonode2 = (tonode2_fn)dlsym(handle, "mecab_sparse_tonode2");
            if (mecab.new2 && mecab.strerror && mecab.destroy && mecab.tonode2) {
                mecab.loaded = 1;
            } else {
                copy(mecab.error, sizeof mecab.error, "the MeCab library lacks mecab_new2, mecab_strerror, mecab_destroy or mecab_sparse_tonode2");
            }
        }
    }
    int loaded = mecab.loaded;
    if (!loaded) copy(error, errorSize, mecab.error);
    pthread_mutex_unlock(&mecab.lock);
    return loaded ? 0 : -1;
}

void *thumbindex_mecab_new(const char *arguments, char *error, size_t errorSize) {
    if (!mecab.loaded) {
        copy(error, errorSize, "MeCab is not loaded");
        return NULL;
    }
    void *tagger = mecab.new2(arguments ? arguments : "");
    // mecab_strerror(NULL) reports why the last mecab_new2 failed (no dictionary, a bad mecabrc).
    if (tagger == NULL) {
        copy(error, errorSize, mecab.strerror(NULL));
        return NULL;
    }
    struct tagger *wrapped = calloc(1, sizeof *wrapped);
    if (wrapped == NULL) {
        mecab.destroy(tagger);
        copy(error, errorSize, "out of memory");
        return NULL;
    }
    wrapped->mecab = tagger;
    return wrapped;
}

// Appends `length` bytes at `from` to the tagger's words, growing them as needed; 0 when memory ran out.
static int append(struct tagger *tagger, size_t *used, const char *from, size_t length) {
    if (*used + length + 1 > tagger->capacity) {
        size_t capacity = (*used + length + 1) * 2;
        char *words = realloc(tagger->words, capacity);
        if (words == NULL) return 0;
        tagger->words = words;
        tagger->capacity = capacity;
    }
    memcpy(tagger->words + *used, from, length);
    *used += length;
    return 1;
}

// The words' lines are written here from MeCab's nodes, not by its output formats: ChaSen's format
// (`-Ochasen`) gave the same fields, but interpreting it took two fifths of MeCab's time.
const char *thumbindex_mecab_parse(void *opaque, const char *text, size_t length) {
    struct tagger *tagger = opaque;
    if (!mecab.loaded || tagger == NULL || text == NULL) return NULL;
    const struct node *node = mecab.tonode2(tagger->mecab, text, length);
    if (node == NULL) return NULL;
    size_t used = 0;
    for (; node != NULL; node = node->next) {
        if (node->stat != normal_node && node->stat != unknown_node) continue;
        // IPADIC's features: part of speech in four fields, conjugation (two), base form, reading, pronunciation.
        const char *feature = node->feature, *fields[9] = {feature};
        size_t count = 1;
        for (const char *c = feature; *c != 0 && count < 9; c++) {
            if (*c == ',') fields[count++] = c + 1;
        }
        const char *reading = node->surface;
        size_t readingLength = node->length;
        if (node->stat == normal_node && count > 7) {
            reading = fields[7];
            readingLength = (count > 8 ? (size_t)(fields[8] - 1 - fields[7]) : strlen(fields[7]));
        }
        size_t kindLength = count > 4 ? (size_t)(fields[4] - 1 - feature) : strlen(feature);
        if (!append(tagger, &used, node->surface, node->length) || !append(tagger, &used, "\t", 1) ||
            !append(tagger, &used, reading, readingLength) || !append(tagger, &used, "\t", 1) ||
            !append(tagger, &used, feature, kindLength) || !append(tagger, &used, "\n", 1))
            return NULL;
    }
    if (!append(tagger, &used, "", 0)) return NULL;
    tagger->words[used] = 0;
    return tagger->words;
}

void thumbindex_mecab_destroy(void *opaque) {
    struct tagger *tagger = opaque;
    if (!mecab.loaded || tagger == NULL) return;
    mecab.destroy(tagger->mecab);
    free(tagger->words);
    free(tagger);
}
