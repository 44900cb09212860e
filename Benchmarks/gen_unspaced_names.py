#!/usr/bin/env python3
"""Japanese names in kanji written without a space (山田太郎), all distinct, the same for the same seed: the input of
`Benchmarks/readings.py` for names whose surname and given name MeCab must find itself.

Surnames and given names come from IPADIC's own name list (`Noun.name.csv`, EUC-JP, shipped in Debian's
`mecab-ipadic` beside the compiled `mecab-ipadic-utf8`): the SURNAMES surname entries (人名,姓) and GIVEN given-name
entries (人名,名) written only in kanji with the lowest cost (the most usual, by IPADIC's own weighting), paired at
random until COUNT distinct names. A list of 100k people has thousands of surnames and given names, not tens.

Usage: python3 Benchmarks/gen_unspaced_names.py COUNT [SEED] [--surnames 2000] [--given 5000] [--csv PATH] > names.txt
"""
import random, sys

def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
args = [a for i, a in enumerate(sys.argv[1:]) if not a.startswith("--") and not sys.argv[i].startswith("--")]
count, seed = int(args[0]), int(args[1]) if len(args) > 1 else 1
surnames, given = int(option("--surnames", 2000)), int(option("--given", 5000))
csv = option("--csv", "/usr/share/mecab/dic/ipadic/Noun.name.csv")

def kanji(s):
    return all(c == "々" or 0x4E00 <= ord(c) <= 0x9FFF for c in s)

entries = {"姓": {}, "名": {}}
for line in open(csv, encoding="euc_jp"):
    f = line.rstrip("\n").split(",")
    if f[6] == "人名" and f[7] in entries and kanji(f[0]):
        entries[f[7]][f[0]] = min(int(f[3]), entries[f[7]].get(f[0], 1 << 30))
pick = lambda kind, n: sorted(entries[kind], key=lambda s: (entries[kind][s], s))[:n]
family, first = pick("姓", surnames), pick("名", given)
assert len(family) * len(first) >= count, "not enough pairs"
r, seen, out = random.Random(seed), set(), []
while len(out) < count:
    name = r.choice(family) + r.choice(first)
    if name not in seen:
        seen.add(name)
        out.append(name)
sys.stdout.write("".join(n + "\n" for n in out))
