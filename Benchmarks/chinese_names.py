#!/usr/bin/env python3
"""Chinese names read as names (`--names on`) against the same names read as ICU reads them, Latin names of the same
count and the ICU C++ reference, in one run.

Writes COUNT distinct Chinese full names (seeded: a surname from 100 common and polyphonic ones, compound ones
included, and a one- or two-character given name, so nearly every line is distinct, as in an address book), then times
`thumbindex sort --locale zh --sections` with `--names on` and `--names off`, `thumbindex sort --locale en_US
--sections` on LATIN_FILE's first COUNT lines, and the reference (`all`) on both, alternately, ROUNDS times each;
prints medians and ratios. Process start and reading the file are included.

Usage: python3 Benchmarks/chinese_names.py BIN LATIN_FILE [COUNT] [ROUNDS] [--reference .build/icu-baseline]
"""
import os, random, statistics, subprocess, sys, tempfile, time

args = [a for a in sys.argv[1:] if not a.startswith("--")]
binary, latin = args[0], args[1]
count = int(args[2]) if len(args) > 2 else 100_000
rounds = int(args[3]) if len(args) > 3 else 5
reference = sys.argv[sys.argv.index("--reference") + 1] if "--reference" in sys.argv else ".build/icu-baseline"

surnames = ("王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 肖 田 董 袁 潘 于 蒋 蔡 "
            "余 杜 叶 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 汪 范 金 石 廖 贾 夏 韦 付 方 白 邹 孟 熊 秦 邱 江 尹 薛 闫 段 雷 侯 "
            "龙 史 陶 黎 贺 顾 毛 郝 龚 邵 万 单 解 仇 查 区 乐 欧阳 司马 上官 诸葛").split()
given = list("伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鹏辉建国家俊文浩宇子轩雨欣梓涵一诺欣怡"
             "博文思远晨阳佳琪梦瑶志强海涛晓东春梅秋菊冬梅德华永红成龙嘉怡若曦子墨浩然")
rng = random.Random(20)
names, seen = [], set()
while len(names) < count:
    name = rng.choice(surnames) + "".join(rng.choice(given) for _ in range(rng.choice((1, 2, 2, 2))))
    if name in seen and len(seen) < count * 0.98:
        continue
    seen.add(name)
    names.append(name)
zh = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8")
zh.write("\n".join(names) + "\n")
zh.close()
with open(latin, encoding="utf-8") as f:
    lines = [next(f) for _ in range(count)]
la = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8")
la.write("".join(lines))
la.close()


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


runs = {
    "zh --names on": [binary, "sort", "--locale", "zh", "--sections", "--names", "on", zh.name],
    "zh --names off": [binary, "sort", "--locale", "zh", "--sections", "--names", "off", zh.name],
    "en_US (Latin)": [binary, "sort", "--locale", "en_US", "--sections", la.name],
}
if os.path.exists(reference):
    runs["reference zh"] = [reference, zh.name, "zh", "--mode", "all"]
    runs["reference en_US"] = [reference, la.name, "en_US", "--mode", "all"]
times = {name: [] for name in runs}
for _ in range(rounds):
    for name, command in runs.items():
        times[name].append(timed(command))
median = {name: statistics.median(t) for name, t in times.items()}
print(f"{count} Chinese names ({len(set(names))} distinct); medians of {rounds} (process start and file read included)")
for name, m in median.items():
    print(f"  {name:16s} {m * 1000:8.1f} ms")
print(f"names on / off: {median['zh --names on'] / median['zh --names off']:.2f}×   "
      f"names on / Latin: {median['zh --names on'] / median['en_US (Latin)']:.2f}×")
if "reference zh" in median:
    print(f"names on / reference zh: {median['zh --names on'] / median['reference zh']:.2f}×")
os.unlink(zh.name)
os.unlink(la.name)
