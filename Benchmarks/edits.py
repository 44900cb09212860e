#!/usr/bin/env python3
"""Edits of a large plain-text document, measured through the server's stdio like an editor would.

Opens FILE, asks for thumbindex/sections (open → sections) and two pages (the second waits for the index), then for each
kind of edit (insert a line, delete a line, replace a line, paste 1,000 lines) sends didChange followed at once by
thumbindex/sections and times the reply (edit → sections), then a page of 200 entries at a random offset (page after
an edit). Reports medians and 90th percentiles, the server's RSS (steady after the open, peak VmHWM, after didClose)
against the text's size, and the ICU C++ reference (`../shared/bench`, mode `all`) on the same file in the same run.

Usage: [BENCH_LOCALE=sv_SE] python3 Benchmarks/edits.py .build/release/thumbindex FILE [EDITS] [REFERENCE]
"""
import json, os, random, statistics, subprocess, sys, time

binary, path = sys.argv[1], sys.argv[2]
edits = int(sys.argv[3]) if len(sys.argv) > 3 else 50
reference = sys.argv[4] if len(sys.argv) > 4 else ".build/icu-baseline"
rng = random.Random(11)

p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(obj):
    body = json.dumps(obj, ensure_ascii=False).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body); p.stdin.flush()
def read(raw=False):
    length = 0
    while True:
        line = p.stdout.readline()
        if line in (b"\r\n", b""): break
        if line.lower().startswith(b"content-length"): length = int(line.split(b":")[1])
    body = p.stdout.read(length)
    return body if raw else json.loads(body)
next_id = 0
def request(method, params, raw=False):
    """The result; with raw, the reply's bytes unparsed (so that a page's time is the server's, not Python's)."""
    global next_id
    next_id += 1
    send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
    while True:
        if raw:
            body = read(raw=True)
            if b'"id":%d,' % next_id in body or body.endswith(b'"id":%d}' % next_id):
                if b'"error"' in body[:40]: raise SystemExit(body[:300])
                return body
            continue
        m = read()
        if m.get("id") == next_id:
            if "error" in m: raise SystemExit(f"{method}: {m['error']}")
            return m["result"]
def rss():
    fields = dict(l.split(":", 1) for l in open(f"/proc/{p.pid}/status"))
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024

request("initialize", {"capabilities": {}, "initializationOptions": {"locale": os.environ.get("BENCH_LOCALE", "sv_SE")}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
text = open(path, encoding="utf-8").read()
size = len(text.encode()) / 2**20
lines = text.split("\n")
markdown = path.endswith(".md")
uri = "file:///big.md" if markdown else "file:///big.txt"
doc = {"uri": uri}
t = time.perf_counter()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "markdown" if markdown else "plaintext", "version": 1, "text": text}}})
del text
sections = request("thumbindex/sections", {"textDocument": doc})
open_ms = (time.perf_counter() - t) * 1000
t = time.perf_counter()
request("thumbindex/entries", {"textDocument": doc, "offset": 0, "limit": 200})
# A plain text's first page is answered before its index (its own sections sorted); the page after it waits for the
# index, so that the edits below are measured against a built index, not beside its sort.
request("thumbindex/entries", {"textDocument": doc, "offset": 200, "limit": 200})
index_ms = (time.perf_counter() - t) * 1000
steady, _ = rss()
count = sections["totalCount"]

version = 1
names = [l for l in lines[:5000] if l.strip() and (l.startswith("## ") or not markdown)]
results = {}
for kind in ["insert", "delete", "replace", "paste 1000"]:
    edit_ms, page_ms = [], []
    for _ in range(edits if kind != "paste 1000" else max(5, edits // 5)):
        line = rng.randrange(len(lines) - 2)
        if kind == "insert":
            new = [rng.choice(names)]; old = 0
        elif kind == "delete":
            new = []; old = 1
        elif kind == "replace":
            new = [rng.choice(names)]; old = 1
        else:
            new = [rng.choice(names) for _ in range(1000)]; old = 0
        version += 1
        change = {"range": {"start": {"line": line, "character": 0}, "end": {"line": line + old, "character": 0}},
                  "text": "".join(n + "\n" for n in new)}
        if not markdown:  # one entry per non-blank line; Markdown's count is the server's
            count += sum(1 for n in new if n.strip()) - sum(1 for l in lines[line:line + old] if l.strip())
        lines[line:line + old] = new
        t = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        got = request("thumbindex/sections", {"textDocument": doc})
        edit_ms.append((time.perf_counter() - t) * 1000)
        assert (markdown or got["totalCount"] == count) and got["version"] == version, (got["totalCount"], count)
        count = got["totalCount"]
        t = time.perf_counter()
        page = request("thumbindex/entries", {"textDocument": doc, "offset": rng.randrange(count - 200), "limit": 200}, raw=True)
        page_ms.append((time.perf_counter() - t) * 1000)
        assert page.count(b'"section"') == 200, page[:200]
    results[kind] = (edit_ms, page_ms)
after_edits, peak = rss()
# What a round trip costs through this script: a page of one entry of a one-line document.
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": "file:///tiny.txt", "languageId": "plaintext", "version": 1, "text": "Anna\n"}}})
trip = []
for _ in range(30):
    t = time.perf_counter()
    request("thumbindex/entries", {"textDocument": {"uri": "file:///tiny.txt"}, "offset": 0, "limit": 1}, raw=True)
    trip.append((time.perf_counter() - t) * 1000)
request("thumbindex/entries", {"textDocument": doc, "offset": 0, "limit": 1})
send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": doc}})
time.sleep(1.0)
closed, _ = rss()
p.kill()

ref = []
for _ in range(3):
    t = time.perf_counter()
    subprocess.run([reference, path, os.environ.get("BENCH_LOCALE", "sv_SE"), "--mode", "all"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    ref.append((time.perf_counter() - t) * 1000)
ref_ms = statistics.median(ref)

def p90(xs): return sorted(xs)[int(len(xs) * 0.9) - 1] if len(xs) >= 10 else max(xs)
print(f"input: {path}: {len(lines) - 1} lines, {size:.1f} MiB; {count} entries at the end; reference `all` {ref_ms:.0f} ms")
print(f"open → sections     {open_ms:8.0f} ms   {open_ms / ref_ms:.2f}× reference")
print(f"two pages (index)   {index_ms:8.0f} ms")
for kind, (e, g) in results.items():
    print(f"{kind:<11} → sections {statistics.median(e):7.2f} ms median, {p90(e):7.2f} ms p90 ({len(e)} edits, "
          f"{statistics.median(e) / ref_ms:.4f}× reference); page after it {statistics.median(g):.2f} ms median, {p90(g):.2f} ms p90")
print(f"round trip of a one-entry page of a one-line document (this script's own cost): {statistics.median(trip):.2f} ms median")
print(f"memory: steady after open {steady:.0f} MiB = {steady / size:.1f}× text, after edits {after_edits:.0f} MiB, "
      f"peak {peak:.0f} MiB = {peak / size:.1f}× text, after didClose {closed:.0f} MiB")
