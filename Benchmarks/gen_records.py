#!/usr/bin/env python3
"""Record files for Benchmarks/records.py, from a vCard file of `../shared/bench/gen_data.py --what vcf`:

  NAME.names.txt   each card's FN, one per line (the same names as plain text)
  NAME.csv         name,email,phone: one row per card (a header row first), the FN as name
  NAME.tsv         the same with tabs
  NAME.strings     a `.strings` table keyed by the names (a comment line before each pair, as Xcode writes them)
  NAME.json        an object keyed by the names, a greeting each (`json.dump(indent=2)`: a member per line)
  NAME.items.json  an array of {"name", "email", "phone"} objects (4 entries a contact: the item, named by its name,
                   and its three members)
  NAME.xcstrings   a string catalog keyed by the names, a Swedish translation each (as Xcode writes catalogs)
  NAME.yaml        a YAML mapping keyed by the names (double-quoted), a greeting each

Usage: python3 Benchmarks/gen_records.py Benchmarks/.data/contacts_100k.vcf
"""
import random, sys

path = sys.argv[1]
base = path[:-4]
rng = random.Random(7)
names = []
with open(path, encoding="utf-8", newline="") as fh:
    for line in fh:
        if line.startswith("FN:"):
            names.append(line[3:].rstrip("\r\n"))
with open(base + ".names.txt", "w", encoding="utf-8") as fh:
    fh.write("".join(n + "\n" for n in names))
rows = [(n, f"p{i}@example.org", f"+46 70 {rng.randrange(10**6):06d}") for i, n in enumerate(names)]
for ext, sep in (("csv", ","), ("tsv", "\t")):
    with open(f"{base}.{ext}", "w", encoding="utf-8") as fh:
        fh.write(sep.join(["name", "email", "phone"]) + "\n")
        for r in rows:
            cells = [f'"{c}"' if sep in c or '"' in c else c for c in r]
            fh.write(sep.join(cells) + "\n")
def quoted(s): return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
with open(base + ".strings", "w", encoding="utf-8") as fh:
    for n, email, _ in rows:
        fh.write(f"/* {email} */\n{quoted(n)} = {quoted('Hello, ' + n)};\n\n")
import json
with open(base + ".json", "w", encoding="utf-8") as fh:
    json.dump({n: "Hello, " + n for n in names}, fh, ensure_ascii=False, indent=2)
with open(base + ".items.json", "w", encoding="utf-8") as fh:
    json.dump([{"name": n, "email": email, "phone": phone} for n, email, phone in rows], fh, ensure_ascii=False, indent=2)
with open(base + ".items.names.txt", "w", encoding="utf-8") as fh:
    fh.write("".join(n + "\n" for n in names))
with open(base + ".yaml", "w", encoding="utf-8") as fh:
    fh.write("".join(f"{json.dumps(n, ensure_ascii=False)}: {json.dumps('Hello, ' + n, ensure_ascii=False)}\n" for n in dict.fromkeys(names)))
catalog = {"sourceLanguage": "en", "strings": {n: {"localizations": {"sv": {"stringUnit": {"state": "translated", "value": "Hej, " + n}}}}
                                               for n in names}, "version": "1.0"}
with open(base + ".xcstrings", "w", encoding="utf-8") as fh:
    json.dump(catalog, fh, ensure_ascii=False, indent=2, separators=(",", " : "))
print("wrote", base + ".names.txt", base + ".csv", base + ".tsv", base + ".strings", base + ".json", base + ".items.json",
      base + ".xcstrings", base + ".yaml", f"({len(names)} names)")
