#!/usr/bin/env python3
"""The workspace's thumb index at scale: a folder of FILES files (half vCard address books of CARDS cards each, half
Markdown notes of as many headings), made from a names file (one name per line, e.g. gen_records.py's NAME.names.txt).

Measures, with a fresh server per round: initialize with the folder as rootUri → `thumbindex/workspaceSections` with
`complete: true` (polled every 20 ms), against the ICU C++ reference (`../shared/bench`, `--mode all`) sorting the same
entries plus `cat` reading the folder's files, in the same run; then one file changed on disk (a card added) →
`workspace/didChangeWatchedFiles` → fresh `workspaceSections`; `workspace/symbol` (the first query makes the word
index); and the server's memory against the entries' text.

Usage: python3 Benchmarks/workspace.py .build/release/thumbindex NAMES.txt [--files 10000] [--rounds 3] [--edits 20]
"""
import os, shutil, statistics, subprocess, sys, time
sys.path.insert(0, os.path.dirname(__file__))
import lsp_stdio

args = sys.argv[1:]
def option(name, default):
    if name in args:
        i = args.index(name); value = int(args[i + 1]); del args[i:i + 2]; return value
    return default
files = option("--files", 10_000)
rounds = option("--rounds", 3)
edits = option("--edits", 20)
binary, names_path = args
reference = os.environ.get("BENCH_REFERENCE", ".build/icu-baseline")
locale = os.environ.get("BENCH_LOCALE", "sv_SE")
folder = os.path.join(os.path.dirname(names_path), "workspace")

names = [n for n in open(names_path, encoding="utf-8").read().split("\n") if n]
per = max(1, len(names) // files)
shutil.rmtree(folder, ignore_errors=True)
os.makedirs(os.path.join(folder, "contacts")); os.makedirs(os.path.join(folder, "notes"))
entries = []
for k in range(files):
    chunk = names[k * per:(k + 1) * per]
    entries += chunk
    if k % 2 == 0:
        text = "".join(f"BEGIN:VCARD\nVERSION:3.0\nFN:{n}\nEND:VCARD\n" for n in chunk)
        open(os.path.join(folder, "contacts", f"{k:05}.vcf"), "w", encoding="utf-8").write(text)
    else:
        text = "".join(f"# {n}\n\nA note.\n\n" for n in chunk)
        open(os.path.join(folder, "notes", f"{k:05}.md"), "w", encoding="utf-8").write(text)
entries_path = os.path.join(os.path.dirname(names_path), "workspace.names.txt")
open(entries_path, "w", encoding="utf-8").write("\n".join(entries) + "\n")
text_mib = len("\n".join(entries).encode()) / 2**20
uri = "file://" + os.path.abspath(folder)

def rss(server):
    fields = dict(l.split(":", 1) for l in open(f"/proc/{server.p.pid}/status"))
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024

def start():
    server = lsp_stdio.Server.__new__(lsp_stdio.Server)
    server.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    server.next_id = 0
    t = time.perf_counter()
    server.request("initialize", {"capabilities": {}, "rootUri": uri, "initializationOptions": {"locale": locale}})
    server.notify("initialized", {})
    while True:
        sections = server.request("thumbindex/workspaceSections", {})
        if sections["complete"]: break
        time.sleep(0.02)
    return server, (time.perf_counter() - t) * 1000, sections

def read_and_sort_reference():
    t = time.perf_counter()
    subprocess.run(f"find {folder} -type f -exec cat {{}} + > /dev/null", shell=True, check=True)
    subprocess.run([reference, entries_path, locale, "--mode", "all"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - t) * 1000

firsts, refs = [], []
for _ in range(rounds):
    server, ms, sections = start(); firsts.append(ms); server.close()
    refs.append(read_and_sort_reference())
server, _, sections = start()
symbols = []
for query in ["an", "ber", "zz", "å", "lind"]:
    t = time.perf_counter(); found = server.request("workspace/symbol", {"query": query}); symbols.append((time.perf_counter() - t) * 1000)
steady, peak = rss(server)
changes = []
target = os.path.join(folder, "contacts", "00000.vcf")
for k in range(edits):
    with open(target, "a", encoding="utf-8") as f: f.write(f"BEGIN:VCARD\nVERSION:3.0\nFN:Added {k}\nEND:VCARD\n")
    t = time.perf_counter()
    server.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": "file://" + os.path.abspath(target), "type": 2}]})
    after = server.request("thumbindex/workspaceSections", {})
    changes.append((time.perf_counter() - t) * 1000)
    assert after["totalCount"] == sections["totalCount"] + k + 1, (after["totalCount"], sections["totalCount"], k)
t = time.perf_counter(); server.request("workspace/symbol", {"query": "an"}); after_change = (time.perf_counter() - t) * 1000
_, peak = rss(server)
server.close()
f, r = statistics.median(firsts), statistics.median(refs)
print(f"{files} files, {sections['totalCount']} entries ({text_mib:.1f} MiB of names)")
print(f"  first index       {f:8.0f} ms = {f / r:.2f}× reference read + sort ({r:.0f} ms)")
print(f"  one file changed  {statistics.median(changes):8.2f} ms median, {max(changes):.2f} ms max ({edits} changes)")
print(f"  workspace/symbol  {symbols[0]:8.0f} ms the first (waiting for its word index, made after the scan), then {statistics.median(symbols[1:]):.0f} ms median; "
      f"{after_change:.0f} ms after the changes")
print(f"  memory: steady {steady:.0f} MiB = {steady / text_mib:.1f}× the names, peak {peak:.0f} MiB = {peak / text_mib:.1f}×")
