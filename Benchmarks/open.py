#!/usr/bin/env python3
"""Open → thumbindex/sections of each FILE (a record or JSON file made by gen_records.py) against its names as plain text
(NAME.names.txt beside it): a fresh server per open, five rounds alternating, medians and their ratio.

Usage: python3 Benchmarks/open.py .build/release/thumbindex FILE...
"""
import os, sys, time
from lsp_stdio import Server, alternating_medians

binary, paths, rounds = sys.argv[1], sys.argv[2:], int(os.environ.get("ROUNDS", "5"))
languages = {"csv": "csv", "tsv": "tsv", "txt": "plaintext", "vcf": "vcard", "strings": "strings", "json": "json",
             "xcstrings": "xcstrings", "yaml": "yaml"}

def open_ms(path):
    server = Server(binary)
    text = open(path, encoding="utf-8").read()
    message = server.frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///" + os.path.basename(path), "languageId": languages[path.rsplit(".", 1)[1]], "version": 1, "text": text}}})
    t = time.perf_counter()
    server.write(message)
    server.request("thumbindex/sections", {"textDocument": {"uri": "file:///" + os.path.basename(path)}})
    ms = (time.perf_counter() - t) * 1000
    server.close()
    return ms

for path in paths:
    names = path.rsplit(".", 1)[0] + ".names.txt"
    a, b = alternating_medians(rounds, lambda: open_ms(path), lambda: open_ms(names))
    print(f"{path}: {a:.0f} ms vs its names as plain text {b:.0f} ms = {a / b:.2f}x")
