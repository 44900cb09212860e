#!/usr/bin/env python3
"""Japanese names in kanji sorted with MeCab readings, against Latin names of the same count and the ICU reference.

Times `thumbindex sort --locale ja_JP --sections` on JA_FILE (readings on, then --readings off) and
`thumbindex sort --locale en_US --sections` on LATIN_FILE, alternately, ROUNDS times each, with the ICU C++ reference
(`../shared/bench`, mode `all`) on the same files in the same run, and prints medians and the ratios. With --distinct,
JA_FILE's surnames and given names are first recombined into as many distinct names as it has lines (so the
per-string cache of readings helps little: every name is read by MeCab once). With --numbered, every line is made
distinct the way a real address book is: a surname, a given name and a number, all different ("佐藤 拓真 17"), so no
whole line ever repeats (the issue-20 measurement: 8–10× the Latin names when readings were cached per line).

Usage: python3 Benchmarks/readings.py BIN JA_FILE LATIN_FILE [ROUNDS] [--distinct|--numbered] [--reference .build/icu-baseline]
"""
import os, statistics, subprocess, sys, tempfile, time

args = [a for a in sys.argv[1:] if not a.startswith("--")]
binary, ja, latin = args[0], args[1], args[2]
rounds = int(args[3]) if len(args) > 3 else 5
reference = ".build/icu-baseline"
if "--reference" in sys.argv:
    reference = sys.argv[sys.argv.index("--reference") + 1]

if "--distinct" in sys.argv:
    lines = [l.split(" ", 1) for l in open(ja, encoding="utf-8").read().splitlines() if " " in l]
    surnames = sorted({s for s, _ in lines})
    givens = sorted({g for _, g in lines})
    names = [f"{s} {g}" for s in surnames for g in givens][: len(lines)]
    out = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8")
    out.write("\n".join(names) + "\n")
    out.close()
    ja = out.name
    print(f"distinct names: {len(set(names))} ({len(surnames)} surnames × {len(givens)} given names)")


if "--numbered" in sys.argv:
    lines = [l.split(" ", 1) for l in open(ja, encoding="utf-8").read().splitlines() if " " in l]
    names = [f"{s} {g} {i}" for i, (s, g) in enumerate(lines)]
    out = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8")
    out.write("\n".join(names) + "\n")
    out.close()
    ja = out.name
    print(f"numbered names: {len(set(names))} distinct lines")


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


runs = {
    "ja readings": [binary, "sort", "--locale", "ja_JP", "--sections", ja],
    "ja --readings off": [binary, "sort", "--locale", "ja_JP", "--sections", "--readings", "off", ja],
    "en_US (Latin)": [binary, "sort", "--locale", "en_US", "--sections", latin],
}
if os.path.exists(reference):
    runs["reference ja_JP"] = [reference, ja, "ja_JP", "--mode", "all"]
    runs["reference en_US"] = [reference, latin, "en_US", "--mode", "all"]
times = {name: [] for name in runs}
for _ in range(rounds):
    for name, command in runs.items():
        times[name].append(timed(command))
median = {name: statistics.median(t) for name, t in times.items()}
count = sum(1 for _ in open(ja, encoding="utf-8"))
print(f"{count} names; medians of {rounds} (process start and reading the file included)")
for name, m in median.items():
    print(f"  {name:20s} {m * 1000:8.1f} ms")
print(f"readings / Latin: {median['ja readings'] / median['en_US (Latin)']:.2f}×   "
      f"readings / off: {median['ja readings'] / median['ja --readings off']:.2f}×")
if "reference ja_JP" in median:
    print(f"readings / reference ja_JP: {median['ja readings'] / median['reference ja_JP']:.2f}×   "
          f"Latin / reference en_US: {median['en_US (Latin)'] / median['reference en_US']:.2f}×")
