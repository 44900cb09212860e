"""What a Python user would write: PyICU sort keys. Usage: pyicu_sort.py FILE LOCALE; prints wall ms."""
import sys
import time

import icu

t0 = time.perf_counter()
with open(sys.argv[1], encoding="utf-8") as f:
    lines = f.read().split("\n")
collator = icu.Collator.createInstance(icu.Locale(sys.argv[2]))
result = sorted(lines, key=collator.getSortKey)
print(f"pyicu n={len(lines)} total_ms={(time.perf_counter() - t0) * 1000:.1f}")
