#!/usr/bin/env python3
"""textDocument/documentSymbol as a generic LSP client asks for it: after every edit, the whole outline (no partial
results). Opens FILE, asks once (which builds what the answer needs), then EDITS times: a one-character edit (inside
the line's first quoted string where it has one, so that JSON and YAML stay valid) and
documentSymbol at once, timed to the reply's last byte; then 5 times a line added at the top (every entry moves, so
the reply is written afresh with the index in place). Reports medians, the share of a fresh reply an edit's costs (end
to end, and in the server's own CPU time, read from /proc: the edit and its reply against a fresh one), the reply's
size and the server's peak RSS.

Usage: [BENCH_LOCALE=sv_SE] python3 Benchmarks/symbols.py .build/release/thumbindex FILE [EDITS]
"""
import json, os, random, statistics, subprocess, sys, time

binary, path = sys.argv[1], sys.argv[2]
edits = int(sys.argv[3]) if len(sys.argv) > 3 else 20
rng = random.Random(3)
p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
next_id = 0
def send(obj):
    body = json.dumps(obj, ensure_ascii=False).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body); p.stdin.flush()
def read():
    length = 0
    while True:
        line = p.stdout.readline()
        if line in (b"\r\n", b""): break
        if line.lower().startswith(b"content-length"): length = int(line.split(b":")[1])
    return p.stdout.read(length)
def request(method, params):
    global next_id
    next_id += 1
    send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
    while True:
        body = read()
        if b'"id":%d,' % next_id in body or body.endswith(b'"id":%d}' % next_id): return body
language = {"vcf": "vcard", "csv": "csv", "tsv": "tsv", "md": "markdown", "json": "json", "yaml": "yaml", "strings": "strings",
            "xcstrings": "xcstrings"}.get(path.rsplit(".", 1)[1], "plaintext")
request("initialize", {"capabilities": {"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}},
                       "initializationOptions": {"locale": os.environ.get("BENCH_LOCALE", "sv_SE")}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
text = open(path, encoding="utf-8", newline="").read()
lines = text.splitlines()
uri = "file:///" + os.path.basename(path)
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}})
t = time.perf_counter(); first = request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}); first_ms = (time.perf_counter() - t) * 1000
def cpu_ms():
    # The server's own CPU time (user + system, clock ticks): what a reply costs it, whatever the client's reading.
    fields = open(f"/proc/{p.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
times = []
cpu_before = cpu_ms()
for version in range(2, edits + 2):
    line = rng.randrange(1, len(lines) - 1)
    # Inside the line's first quoted string where it has one (a JSON, YAML or .strings key: the document stays valid,
    # as a person's edit leaves it), else after its first character; in those formats, a line that has one.
    while language in ("json", "yaml", "strings", "xcstrings") and '"' not in lines[line]:
        line = rng.randrange(1, len(lines) - 1)
    character = len(lines[line][:lines[line].find('"') + 1].encode("utf-16-le")) // 2 if '"' in lines[line] else 1
    send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": version},
          "contentChanges": [{"range": {"start": {"line": line, "character": character}, "end": {"line": line, "character": character}}, "text": "x"}]}})
    t = time.perf_counter()
    reply = request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    times.append((time.perf_counter() - t) * 1000)
edit_cpu = (cpu_ms() - cpu_before) / edits
# A fresh reply with the index in place: a line added at the top moves every entry, so every symbol is written again.
fresh = []
cpu_before = cpu_ms()
for version in range(edits + 2, edits + 7):
    send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": version},
          "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "\n"}]}})
    t = time.perf_counter()
    request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    fresh.append((time.perf_counter() - t) * 1000)
fresh_cpu = (cpu_ms() - cpu_before) / 5
peak = int(dict(l.split(":", 1) for l in open(f"/proc/{p.pid}/status"))["VmHWM"].split()[0]) / 1024
p.kill()
print(f"{path}: first documentSymbol {first_ms:.0f} ms; after a one-character edit {statistics.median(times):.1f} ms median, "
      f"{max(times):.1f} ms max ({edits} edits); fresh (every entry moved) {statistics.median(fresh):.1f} ms median, so an edit's "
      f"reply costs {statistics.median(times) / statistics.median(fresh) * 100:.0f}% of a fresh one; the server's CPU time a reply "
      f"{edit_cpu:.1f} ms after an edit, {fresh_cpu:.1f} ms fresh ({edit_cpu / fresh_cpu * 100:.0f}%); reply {len(reply) / 2**20:.1f} MiB; "
      f"peak RSS {peak:.0f} MiB = {peak / (len(text.encode()) / 2**20):.1f}× text")
