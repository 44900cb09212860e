#!/usr/bin/env python3
"""Open -> first page of a plain-text document, against open -> `thumbindex/sections` in the same run (issue 23).

A fresh server per round: `didOpen` of the names file, `thumbindex/sections`, then a page of 200 from the middle
section (`thumbindex/entries`), then the page after it; all timed from the first byte of `didOpen`. `--largest K`:
the page at offset K inside the section of most entries instead (the `#` of names in many scripts).

Usage: python3 Benchmarks/first_page.py .build/release/thumbindex NAMES.txt [--rounds 3] [--largest K]
"""
import json, os, statistics, sys, time
sys.path.insert(0, os.path.dirname(__file__))
import lsp_stdio

args = sys.argv[1:]
rounds = 3
if "--rounds" in args:
    i = args.index("--rounds"); rounds = int(args[i + 1]); del args[i:i + 2]
largest = None
if "--largest" in args:
    i = args.index("--largest"); largest = int(args[i + 1]); del args[i:i + 2]
binary, path = args
text = open(path, encoding="utf-8").read()
doc = {"uri": "file:///names.txt"}
results = []
for _ in range(rounds):
    server = lsp_stdio.Server(binary)
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": doc["uri"], "languageId": "plaintext", "version": 1, "text": text}}}, ensure_ascii=False).encode()
    t = time.perf_counter()
    server.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    sections = server.request("thumbindex/sections", {"textDocument": doc})
    to_sections = time.perf_counter() - t
    if largest is None:
        middle = sections["sections"][len(sections["sections"]) // 2]["offset"]
    else:
        section = max(sections["sections"], key=lambda s: s["count"])
        middle = section["offset"] + min(largest, section["count"] - 1)
    server.request("thumbindex/entries", {"textDocument": doc, "offset": middle, "limit": 200})
    to_page = time.perf_counter() - t
    server.request("thumbindex/entries", {"textDocument": doc, "offset": middle + 200, "limit": 200})
    to_second = time.perf_counter() - t
    server.close()
    results.append((to_sections * 1000, to_page * 1000, to_second * 1000))
s, p, q = (statistics.median(r[k] for r in results) for k in range(3))
where = "the middle section" if largest is None else f"offset {largest} of the largest section"
print(f"{path}: {rounds} rounds, medians, a page in {where}")
print(f"  open -> sections     {s:8.0f} ms")
print(f"  open -> first page   {p:8.0f} ms = {p / s:.2f}x open -> sections")
print(f"  open -> second page  {q:8.0f} ms (it waits for the index, made meanwhile)")
