#!/usr/bin/env python3
"""documentSymbol in parts (partialResultToken) from a document whose index is built, read by a slow client.

Opens FILE (plain text) in a fresh server, asks a first page (which builds the index), then documentSymbol with
a partialResultToken; times the first part (from the request's first byte to the part's last byte read) and reads
every part after sleeping DELAY seconds, as a client that renders each part before reading on. Reports the parts, the
time to the first one and the server's peak RSS (VmHWM) against the text.

Usage: python3 Benchmarks/slow_reader.py .build/release/thumbindex Benchmarks/.data/contacts_1M.names.txt [DELAY]
"""
import json, os, subprocess, sys, time
binary, path = sys.argv[1], sys.argv[2]
delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.2
p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(obj):
    body = json.dumps(obj).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body); p.stdin.flush()
def read():
    length = 0
    while True:
        line = p.stdout.readline()
        if line in (b"\r\n", b""): break
        if line.lower().startswith(b"content-length"): length = int(line.split(b":")[1])
    return p.stdout.read(length)
def hwm():
    for line in open(f"/proc/{p.pid}/status"):
        if line.startswith("VmHWM"): return int(line.split()[1]) / 1024
send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {"textDocument": {"documentSymbol": {
    "hierarchicalDocumentSymbolSupport": True}}}, "initializationOptions": {"locale": "sv_SE"}}})
while json.loads(read()).get("id") != 0: pass
text = open(path, encoding="utf-8").read()
size = len(text.encode()) / 2**20
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///big.txt", "languageId": "plaintext", "version": 1, "text": text}}})
send({"jsonrpc": "2.0", "id": 1, "method": "thumbindex/entries", "params": {"textDocument": {"uri": "file:///big.txt"}, "offset": 0, "limit": 10}})
while b'"id":1' not in (body := read()) or b'"method"' in body[:40]: pass
before = hwm()
start = time.time()
send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "file:///big.txt"}, "partialResultToken": "p"}})
first, parts, total = None, 0, 0
while True:
    body = read()
    if b'"$/progress"' in body[:60]:
        parts += 1; total += len(body)
        if first is None: first = (time.time() - start) * 1000
        time.sleep(delay)
    elif b'"id":2' in body:
        break
peak = hwm()
p.kill(); p.wait()
print(f"{path}: {size:.1f} MiB; {parts} parts, {total / 2**20:.0f} MiB of JSON; first part after {first:.0f} ms; "
      f"peak RSS {before:.0f} MiB before the request, {peak:.0f} MiB after = {peak / size:.1f}× the text (reading a part every {delay} s)")
