#!/usr/bin/env python3
"""Contacts as records (vCard, CSV, TSV, `.strings`) and JSON (an object, an array of objects, a string catalog) beside the same names as plain text, through the server's stdio.

For each FILE (a .vcf, .csv, .tsv, .strings, .json or .xcstrings made by gen_data.py and gen_records.py, with NAME.names.txt beside it):
  open → sections   didOpen then thumbindex/sections, timed from the first byte of didOpen sent to the reply; the
                    record file and its names as plain text alternate, ROUNDS times each, a fresh server each time
  edit → sections   after a first page (which builds the index): EDITS one-character edits inside a random record's
                    name (each followed at once by thumbindex/sections), then structure edits: a vCard's END:VCARD
                    deleted (two cards merge) and typed back, a CSV/TSV/`.strings` quote opened and closed again, a
                    `.strings` comment opened before a pair and closed again; JSON: a member (an item) added and
                    deleted, a comma deleted (then the text is not JSON) and typed back; YAML: a key added and
                    deleted, a value's closing quote deleted and typed back
  memory            the server's RSS a second after the open and the first page (steady) and its peak (VmHWM), against the text
and the ICU C++ reference (`../shared/bench`, `--mode all`) on the names file in the same run.

Usage: [BENCH_LOCALE=sv_SE] python3 Benchmarks/records.py .build/release/thumbindex FILE... [--edits 20] [--rounds 3]
"""
import json, os, random, statistics, subprocess, sys, time
import lsp_stdio

args = sys.argv[1:]
def option(name, default):
    if name in args:
        i = args.index(name); value = args[i + 1]; del args[i:i + 2]; return int(value)
    return default
edits = option("--edits", 20)
rounds = option("--rounds", 3)
binary, files = args[0], args[1:]
reference = os.environ.get("BENCH_REFERENCE", ".build/icu-baseline")
locale = os.environ.get("BENCH_LOCALE", "sv_SE")
rng = random.Random(5)

class Server(lsp_stdio.Server):
    def __init__(self):
        super().__init__(binary, locale)
    def rss(self):
        fields = dict(l.split(":", 1) for l in open(f"/proc/{self.p.pid}/status"))
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024

def language(path):
    return {"vcf": "vcard", "csv": "csv", "tsv": "tsv", "strings": "strings", "json": "json", "xcstrings": "xcstrings", "yaml": "yaml",
            "txt": "plaintext"}[path.rsplit(".", 1)[1]]

def open_document(server, path, text):
    uri = "file:///" + os.path.basename(path)
    message = server.frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": language(path), "version": 1, "text": text}}})
    t = time.perf_counter()
    server.write(message)
    sections = server.request("thumbindex/sections", {"textDocument": {"uri": uri}})
    return (time.perf_counter() - t) * 1000, sections, uri

def p90(xs): return sorted(xs)[int(len(xs) * 0.9) - 1] if len(xs) >= 10 else max(xs)

for path in files:
    names_path = path.rsplit(".", 1)[0] + ".names.txt"
    text = open(path, encoding="utf-8", newline="").read()
    names = open(names_path, encoding="utf-8").read()
    size = len(text.encode()) / 2**20
    opens, plain = [], []
    for _ in range(rounds):
        for target, content, out in ((path, text, opens), (names_path, names, plain)):
            s = Server(); ms, _, _ = open_document(s, target, content); out.append(ms); s.close()
    # Edits, in a server of their own.
    s = Server()
    _, sections, uri = open_document(s, path, text)
    count = sections["totalCount"]
    s.request("thumbindex/entries", {"textDocument": {"uri": uri}, "offset": 0, "limit": 200})
    time.sleep(1.0)  # what the build freed goes back once the requests are done (`MemoryRelease`), a moment after the reply
    steady, _ = s.rss()
    lines = text.splitlines()
    strings = path.endswith(".strings")
    tree = path.endswith(".json") or path.endswith(".xcstrings") or path.endswith(".yaml")
    if tree:
        # A name: a key of the object, a catalog's key, an item's "name" value.
        prefix = '    "name": "' if path.endswith(".items.json") else '    "' if path.endswith(".xcstrings") else '"' if path.endswith(".yaml") else '  "'
        name_lines = [i for i, l in enumerate(lines) if l.startswith(prefix) and not l.startswith(prefix + " ")]
    else:
        name_lines = [i for i, l in enumerate(lines) if (l.startswith("FN:") if path.endswith(".vcf") else l.startswith('"') if strings else i > 0 and l)]
    version, edit_ms = 1, []
    def change(line, start, end, new, end_line=None):
        global version
        version += 1
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": start}, "end": {"line": line if end_line is None else end_line, "character": end}},
             "text": new}]})
    for _ in range(edits):
        line = rng.choice(name_lines)
        column = 4 if path.endswith(".vcf") else len(prefix) if tree else 1
        t = time.perf_counter()
        change(line, column, column, "x")
        got = s.request("thumbindex/sections", {"textDocument": {"uri": uri}})
        edit_ms.append((time.perf_counter() - t) * 1000)
        assert got["version"] == version and got["totalCount"] == count, (got, count)
    structure = []
    for _ in range(max(2, edits // 5)):
        if tree:
            line = rng.choice(name_lines[:-1])
            if len(structure) % 4 == 0:
                # A member (an item) added before another and deleted again.
                items = path.endswith(".items.json")
                line -= 1 if items else 0
                member = ('  {"name": "New", "email": "", "phone": ""},\n' if items else '"New": x\n' if path.endswith(".yaml")
                          else prefix + 'New" : {},\n')
                steps = [(line, 0, 0, member), (line, 0, 0, "", line + 1)]
            elif path.endswith(".yaml"):
                # A value's closing quote deleted (no longer YAML: read whole) and typed back.
                end = len(lines[line]) - 1
                steps = [(line, end, end + 1, ""), (line, end, end, '"')]
            else:
                # A comma deleted (no longer JSON: read whole) and typed back.
                line = next(i for i in range(line, len(lines)) if lines[i].endswith(","))
                end = len(lines[line]) - 1
                steps = [(line, end, end + 1, ""), (line, end, end, ",")]
        elif path.endswith(".vcf"):
            line = rng.choice([i for i in name_lines if i < len(lines) - 20])
            end = next(i for i in range(line, len(lines)) if lines[i] == "END:VCARD")
            steps = [(end, 0, len("END:VCARD"), ""), (end, 0, 0, "END:VCARD")]  # two cards merge, then part again
        elif strings and len(structure) % 4 == 2:
            line = rng.choice(name_lines)
            steps = [(line, 0, 0, "/*"), (line, 0, 2, "")]  # a comment swallows pairs up to the next "*/", then is gone
        else:
            line = rng.choice(name_lines)
            steps = [(line, 0, 0, '"'), (line, 0, 1, "")]  # a quote swallows the rows after it, then is gone
        for step in steps:
            t = time.perf_counter()
            change(*step)
            got = s.request("thumbindex/sections", {"textDocument": {"uri": uri}})
            structure.append((time.perf_counter() - t) * 1000)
        assert got["totalCount"] == count, (got["totalCount"], count)
    page = []
    for _ in range(10):
        t = time.perf_counter()
        s.request("thumbindex/entries", {"textDocument": {"uri": uri}, "offset": rng.randrange(max(1, count - 200)), "limit": 200})
        page.append((time.perf_counter() - t) * 1000)
    _, peak = s.rss()
    s.close()
    ref = []
    for _ in range(rounds):
        t = time.perf_counter()
        subprocess.run([reference, names_path, locale, "--mode", "all"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        ref.append((time.perf_counter() - t) * 1000)
    o, n, r = statistics.median(opens), statistics.median(plain), statistics.median(ref)
    print(f"{path}: {count} entries, {size:.1f} MiB; its names as plain text {len(names.encode()) / 2**20:.1f} MiB; reference `all` {r:.0f} ms")
    print(f"  open → sections     {o:8.0f} ms = {o / n:.2f}× the names as plain text ({n:.0f} ms), {o / r:.2f}× reference")
    print(f"  edit → sections     {statistics.median(edit_ms):8.2f} ms median, {p90(edit_ms):.2f} ms p90 ({len(edit_ms)} one-character edits)")
    print(f"  structure edits     {statistics.median(structure):8.2f} ms median, {max(structure):.2f} ms max ({len(structure)} edits)")
    print(f"  page of 200         {statistics.median(page):8.2f} ms median")
    print(f"  memory: steady {steady:.0f} MiB = {steady / size:.1f}× text, peak {peak:.0f} MiB = {peak / size:.1f}× text")
    sys.stdout.flush()
