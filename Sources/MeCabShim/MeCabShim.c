// dlopen and dlsym of the four MeCab calls ThumbIndex needs; MeCab's own header is not needed to build.
#include "MeCabShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef void *(*new2_fn)(const char *);
typedef const char *(*strerror_fn)(void *);
typedef void (*destroy_fn)(void *);
typedef const char *(*tostr2_fn)(void *, const char *, size_t);

static struct {
    pthread_mutex_t lock;
    int tried;
    int loaded;
    char error[512];
    new2_fn new2;
    strerror_fn strerror;
    destroy_fn destroy;
    tostr2_fn tostr2;
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
            mecab.tostr2 = (tostr2_fn)dlsym(handle, "mecab_sparse_tostr2");
            if (mecab.new2 && mecab.strerror && mecab.destroy && mecab.tostr2) {
                mecab.loaded = 1;
            } else {
                copy(mecab.error, sizeof mecab.error, "the MeCab library lacks mecab_new2, mecab_strerror, mecab_destroy or mecab_sparse_tostr2");
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
    if (tagger == NULL) copy(error, errorSize, mecab.strerror(NULL));
    return tagger;
}

const char *thumbindex_mecab_parse(void *tagger, const char *text, size_t length) {
    if (!mecab.loaded || tagger == NULL || text == NULL) return NULL;
    return mecab.tostr2(tagger, text, length);
}

void thumbindex_mecab_destroy(void *tagger) {
    if (mecab.loaded && tagger != NULL) mecab.destroy(tagger);
}
