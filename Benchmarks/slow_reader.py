#!/usr/bin/env python3
"""documentSymbol in parts (partialResultToken) from a document whose index is built, read by a slow client.

Opens FILE (plain text) in a fresh server, asks two pages (the first comes before the index; the second waits for
it), then documentSymbol with
a partialResultToken; times the first part (from the request's first byte to the part's last byte read) and reads
every part after sleeping DELAY seconds, as a client that renders each part before reading on. Reports the parts, the
time to the first one and the server's peak RSS (VmHWM) against the text: through the open and the sort, and through
the request (the peak is reset before it, `clear_refs`).

Usage: python3 Benchmarks/slow_reader.py .build/release/thumbindex Benchmarks/.data/contacts_1M.names.txt [DELAY]
"""
import sys, time
from lsp_stdio import Server

binary, path = sys.argv[1], sys.argv[2]
delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.2
server = Server(binary, capabilities={"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}})
text = open(path, encoding="utf-8").read()
size = len(text.encode()) / 2**20
server.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///big.txt", "languageId": "plaintext", "version": 1, "text": text}})
for offset in (0, 10):
    server.request("thumbindex/entries", {"textDocument": {"uri": "file:///big.txt"}, "offset": offset, "limit": 10})
before = server.peak_rss_mib()
time.sleep(1)  # the memory the open and the sort used goes back (MemoryRelease), then the peak is counted afresh
open(f"/proc/{server.p.pid}/clear_refs", "w").write("5")
start = time.time()
id = server.send_request("textDocument/documentSymbol", {"textDocument": {"uri": "file:///big.txt"}, "partialResultToken": "p"})
first, parts, total = None, 0, 0
while True:
    body = server.read_body()
    if b'"$/progress"' in body[:60]:
        parts += 1; total += len(body)
        if first is None: first = (time.time() - start) * 1000
        time.sleep(delay)
    elif b'"id":%d' % id in body:
        break
peak = server.peak_rss_mib()
server.close()
print(f"{path}: {size:.1f} MiB; {parts} parts, {total / 2**20:.0f} MiB of JSON; first part after {first:.0f} ms; "
      f"peak RSS {before:.0f} MiB through the open and the sort ({before / size:.1f}×), {peak:.0f} MiB through the request "
      f"= {peak / size:.1f}× the text (reading a part every {delay} s)")
