#!/usr/bin/env python3
"""Sorting a document's entries against the outline's own open of the same file, in the server: for each FILE a fresh
server opens it and answers thumbindex/sections and a page of every section (the open: the whole outline sorted),
then lists the code actions (`context.only: source`) and resolves "Sort entries" (the sort: the edit made and written,
timed to the reply received, and again with it parsed by this client: Python's json takes ~0.1 s for 10 MB). Also, in a fresh server, open → `textDocument/documentSymbol` (the outline an editor shows,
read by this client). Medians of ROUNDS.

Usage: python3 Benchmarks/sort.py .build/release/thumbindex FILE...   (ROUNDS=5 by default)
"""
import json, os, sys, time
from lsp_stdio import Server

binary, paths, rounds = sys.argv[1], sys.argv[2:], int(os.environ.get("ROUNDS", "5"))
languages = {"csv": "csv", "tsv": "tsv", "txt": "plaintext", "vcf": "vcard", "strings": "strings", "json": "json",
             "xcstrings": "xcstrings", "yaml": "yaml", "md": "markdown"}
capabilities = {"textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}}}

def opening(path):
    """A fresh server, the file's uri, and its didOpen framed (sent by the caller, who times from there)."""
    server = Server(binary, capabilities=capabilities)
    uri = "file:///" + os.path.basename(path)
    text = open(path, encoding="utf-8").read()
    return server, uri, server.frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": languages[path.rsplit(".", 1)[1]], "version": 1, "text": text}}})

def one(path):
    server, uri, message = opening(path)
    t = time.perf_counter()
    server.write(message)
    sections = server.request("thumbindex/sections", {"textDocument": {"uri": uri}})["sections"]
    for section in sections:
        server.request("thumbindex/entries", {"textDocument": {"uri": uri}, "offset": section["offset"], "limit": 1})
    opened = time.perf_counter() - t
    t = time.perf_counter()
    actions = server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0},
                             "end": {"line": 0, "character": 0}}, "context": {"diagnostics": [], "only": ["source"]}})
    listed = time.perf_counter() - t
    t = time.perf_counter()
    id = server.send_request("codeAction/resolve", actions[0])
    while True:
        body = server.read_body()
        received = time.perf_counter() - t
        resolved = json.loads(body)
        if resolved.get("id") == id: break
    parsed = time.perf_counter() - t
    assert "edit" in resolved["result"]
    server.close()
    return opened * 1000, listed * 1000, received * 1000, parsed * 1000

def symbols(path):
    server, uri, message = opening(path)
    t = time.perf_counter()
    server.write(message)
    server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    ms = (time.perf_counter() - t) * 1000
    server.close()
    return ms

for path in paths:
    samples = [one(path) + (symbols(path),) for _ in range(rounds)]
    med = lambda k: sorted(s[k] for s in samples)[len(samples) // 2]
    opened, listed, sorted_, parsed, outline = med(0), med(1), med(2), med(3), med(4)
    print(f"{path}: open {opened:.0f} ms, code actions listed {listed:.1f} ms, sort resolved {sorted_:.0f} ms = {sorted_ / opened:.2f}x the open"
          f" ({parsed:.0f} ms = {parsed / opened:.2f}x with the edit parsed by this client);"
          f" open → documentSymbol {outline:.0f} ms (sort = {parsed / outline:.2f}x)")
