#!/usr/bin/env python3
"""How well MeCab system dictionaries read Japanese given names written in kanji.

Reads each name of Benchmarks/ja_given_names.tsv (kanji, expected reading in hiragana, a surname) with MeCab's
`-Oyomi` output, once per dictionary directory given, two ways: alone ("拓真") and after its surname and a space
("佐藤 拓真", keeping what follows the surname's own reading, as MeCab reads the surname alone), and after its
surname with no space ("佐藤拓真", the same way; ThumbIndex reads such names as MeCab reads them whole). Katakana is turned
into hiragana and spaces dropped before comparing with the expected reading. Prints a Markdown table of exact
matches and, per dictionary, the misses. Dictionary directories that do not exist are skipped with a note.

Uses libmecab.so.2 through ctypes (stdlib only). Both IPADIC and NAIST-jdic keep the reading in feature 7 (NAIST-jdic
adds two fields after IPADIC's nine), so their dicrc's `-Oyomi` format (%pS%f[7]) serves both.

Usage: python3 Benchmarks/given_names.py [DICDIR ...]
       (default: /var/lib/mecab/dic/ipadic-utf8 /var/lib/mecab/dic/naist-jdic; set GIVEN_NAMES_TSV for another list)
"""
import ctypes
import os
import sys

DEFAULT_DICTIONARIES = ["/var/lib/mecab/dic/ipadic-utf8", "/var/lib/mecab/dic/naist-jdic"]
NAMES = os.environ.get("GIVEN_NAMES_TSV", os.path.join(os.path.dirname(os.path.abspath(__file__)), "ja_given_names.tsv"))

mecab = ctypes.CDLL("libmecab.so.2")
mecab.mecab_new2.restype = ctypes.c_void_p
mecab.mecab_new2.argtypes = [ctypes.c_char_p]
mecab.mecab_sparse_tostr.restype = ctypes.c_char_p
mecab.mecab_sparse_tostr.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
mecab.mecab_strerror.restype = ctypes.c_char_p
mecab.mecab_strerror.argtypes = [ctypes.c_void_p]
mecab.mecab_destroy.restype = None
mecab.mecab_destroy.argtypes = [ctypes.c_void_p]


def hiragana(s):
    """Katakana ァ..ヶ (U+30A1..U+30F6) as hiragana; everything else (ー included) as it is."""
    return "".join(chr(ord(c) - 0x60) if 0x30A1 <= ord(c) <= 0x30F6 else c for c in s)


def load_names(path):
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            kanji, reading, surname = line.split("\t")
            names.append((kanji, reading, surname))
    return names


class Tagger:
    def __init__(self, dicdir):
        self.tagger = mecab.mecab_new2(f"-Oyomi -d {dicdir}".encode())
        if not self.tagger:
            raise RuntimeError(mecab.mecab_strerror(None).decode("utf-8", "replace"))

    def read(self, text):
        """The reading of `text` in hiragana, spaces kept (what MeCab cannot read stays as written)."""
        out = mecab.mecab_sparse_tostr(self.tagger, text.encode("utf-8"))
        if out is None:
            raise RuntimeError(mecab.mecab_strerror(self.tagger).decode("utf-8", "replace"))
        return hiragana(out.decode("utf-8").rstrip("\n"))

    def close(self):
        mecab.mecab_destroy(self.tagger)


def nospace(s):
    return s.replace(" ", "").replace("\u3000", "")


def measure(dicdir, names):
    tagger = Tagger(dicdir)
    try:
        results = []
        for kanji, expected, surname in names:
            alone = nospace(tagger.read(kanji))
            surname_reading = nospace(tagger.read(surname))
            full = nospace(tagger.read(f"{surname} {kanji}"))
            # the surname read differently in context: keep it all, marked, so it counts as a miss
            after = lambda full: full[len(surname_reading):] if full.startswith(surname_reading) else f"[{full}]"
            context = after(full)
            unspaced = after(nospace(tagger.read(surname + kanji)))
            results.append((kanji, expected, surname, alone, context, unspaced))
        return results
    finally:
        tagger.close()


def percent(n, total):
    return f"{n}/{total} ({100 * n / total:.1f}%)" if total else "0/0"


def main(argv):
    dictionaries = argv or DEFAULT_DICTIONARIES
    names = load_names(NAMES)
    print(f"{len(names)} given names from {os.path.relpath(NAMES)}; libmecab.so.2, -Oyomi\n")
    rows, misses, notes = [], [], []
    for dicdir in dictionaries:
        if not os.path.isfile(os.path.join(dicdir, "sys.dic")):
            notes.append(f"skipped {dicdir}: no such dictionary (no sys.dic)")
            continue
        try:
            results = measure(dicdir, names)
        except RuntimeError as e:
            notes.append(f"skipped {dicdir}: {e}")
            continue
        alone = sum(r[3] == r[1] for r in results)
        context = sum(r[4] == r[1] for r in results)
        unspaced = sum(r[5] == r[1] for r in results)
        rows.append((dicdir, percent(alone, len(results)), percent(context, len(results)), percent(unspaced, len(results))))
        misses.append((dicdir, [r for r in results if r[3] != r[1] or r[4] != r[1] or r[5] != r[1]]))

    print("| dictionary | alone | after surname | after surname, no space |")
    print("|---|---|---|---|")
    for dicdir, a, c, u in rows:
        print(f"| {dicdir} | {a} | {c} | {u} |")
    for note in notes:
        print(f"\nNote: {note}")
    for dicdir, missed in misses:
        print(f"\nMisses with {dicdir} ({len(missed)} names wrong at least one way; ✓ = right that way):\n")
        print("| name | expected | alone | after surname | no space |")
        print("|---|---|---|---|---|")
        for kanji, expected, surname, a, c, u in missed:
            mark = lambda got: "✓" if got == expected else got
            print(f"| {kanji} ({surname}) | {expected} | {mark(a)} | {mark(c)} | {mark(u)} |")
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
