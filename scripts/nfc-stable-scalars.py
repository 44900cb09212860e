#!/usr/bin/env python3
"""Prints the ranges of Basic Multilingual Plane scalars that NFC leaves as they are wherever they stand: assigned,
canonical combining class 0, NFC of themselves, and never the second scalar of a canonical composition (NFC_QC=Maybe).
A string of such scalars is in NFC. Used for Sources/Entries/NFCStableScalars.swift (Python's Unicode data; the test
`NFCStableScalarsTests` checks the table against Foundation's normalization).

Usage: python3 scripts/nfc-stable-scalars.py
"""
import unicodedata as u

composes_backward = set()
for cp in range(0x110000):
    d = u.decomposition(chr(cp))
    if d and not d.startswith("<"):
        parts = [int(x, 16) for x in d.split()]
        if len(parts) == 2 and u.normalize("NFC", chr(parts[0]) + chr(parts[1])) == chr(cp):
            composes_backward.add(parts[1])
# Hangul syllables compose by rule, not by listed decompositions: a vowel jamo after a leading one, a trailing jamo
# after a syllable of two.
composes_backward.update(range(0x1161, 0x1176), range(0x11A8, 0x11C3))

def stable(cp):
    c = chr(cp)
    return (u.category(c) not in ("Cn", "Cs") and u.combining(c) == 0 and u.normalize("NFC", c) == c
            and cp not in composes_backward)

ranges, start = [], None
for cp in range(0x10001):
    if cp < 0x10000 and stable(cp):
        start = cp if start is None else start
    elif start is not None:
        ranges.append((start, cp - 1))
        start = None
print(f"// Unicode {u.unidata_version}: {len(ranges)} ranges")
pairs = [f"0x{a:04X}, 0x{b:04X}" for a, b in ranges]
for i in range(0, len(pairs), 6):
    print("        " + ", ".join(pairs[i:i + 6]) + ",")
