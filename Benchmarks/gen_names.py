#!/usr/bin/env python3
"""Person-like names in many scripts, one per line, the same for the same seed: the input of Benchmarks/guard.sh (made
here so that nothing in the repository needs ../shared). Latin with the diacritics of Swedish, German, French, Polish,
Czech, Turkish and Vietnamese, Cyrillic, Greek, Arabic, Hebrew, Chinese, Japanese kana and Hangul, in shares roughly
like a contact list of a European city.

Usage: python3 Benchmarks/gen_names.py COUNT [SEED] > names.txt
"""
import random, sys

LATIN_GIVEN = ["Anna", "Åsa", "Örjan", "Émile", "Zoë", "Jürgen", "Łukasz", "Čeněk", "Şükrü", "Nguyễn", "Ingrid", "Björn",
               "Ana", "José", "François", "Małgorzata", "Ömer", "Ängel", "Yvonne", "Chloé", "Lars", "Maja", "Ørjan", "Dvořák"]
LATIN_SYLLABLES = ["ber", "lind", "ström", "qvist", "son", "mann", "ski", "ová", "oğlu", "eau", "ez", "ard", "holm", "vik",
                   "ek", "ås", "ö", "ü", "é", "ch", "sz", "ř", "ğ", "ễ", "ng", "tt", "ll", "ne", "ra", "to"]
SCRIPTS = {
    "cyrillic": (["Иван", "Ольга", "Пётр", "Юлия", "Ёлка"], ["ов", "ева", "ский", "енко", "ин", "ая", "ёв"]),
    "greek": (["Άννα", "Γιώργος", "Ελένη", "Νίκος"], ["πουλος", "ίδης", "άκης", "ου", "άς"]),
    "arabic": (["محمد", "فاطمة", "عمر", "ليلى"], ["ال", "ي", "ون", "ة", "ين"]),
    "hebrew": (["דוד", "שרה", "יוסף", "רחל"], ["וביץ", "מן", "י", "ון"]),
    "chinese": (["王", "李", "张", "刘", "陈", "杨", "黄", "赵"], ["伟", "芳", "娜", "敏", "静", "丽", "强", "磊"]),
    "kana": (["さとう", "すずき", "たかはし", "タナカ", "イトウ"], ["はな", "ゆき", "たろう", "ケン", "ミキ"]),
    "hangul": (["김", "이", "박", "최", "정"], ["민준", "서연", "지호", "하은", "도윤"]),
}
SHARES = [("latin", 70), ("cyrillic", 8), ("greek", 3), ("arabic", 5), ("hebrew", 2), ("chinese", 5), ("kana", 4), ("hangul", 3)]

def name(r):
    script = r.choices([s for s, _ in SHARES], weights=[w for _, w in SHARES])[0]
    if script == "latin":
        family = "".join(r.choice(LATIN_SYLLABLES) for _ in range(r.randint(1, 3)))
        return f"{r.choice(LATIN_GIVEN)} {family.capitalize()}"
    first, parts = SCRIPTS[script]
    if script in ("chinese", "hangul"):
        return r.choice(first) + r.choice(parts)
    return f"{r.choice(first)} {r.choice(first)}{r.choice(parts)}"

count, seed = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 1
r = random.Random(seed)
sys.stdout.write("".join(name(r) + "\n" for _ in range(count)))
