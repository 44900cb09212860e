#!/usr/bin/env python3
"""Open → thumbindex/sections of each FILE (a record or JSON file made by gen_records.py) against its names as plain text
(NAME.names.txt beside it): a fresh server per open, five rounds alternating, medians and their ratio.

Usage: python3 Benchmarks/open.py .build/release/thumbindex FILE...
"""
import json, subprocess, sys, time, statistics
binary, paths, rounds = sys.argv[1], sys.argv[2:], 5
def run(path, lang):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    def send(o):
        b = json.dumps(o).encode(); p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
    def read():
        n = 0
        while True:
            l = p.stdout.readline()
            if l in (b"\r\n", b""): break
            if l.lower().startswith(b"content-length"): n = int(l.split(b":")[1])
        return json.loads(p.stdout.read(n))
    send({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"locale":"sv_SE"}}})
    while read().get("id") != 0: pass
    text = open(path, encoding="utf-8").read()
    msg = {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x","languageId":lang,"version":1,"text":text}}}
    t = time.perf_counter(); send(msg)
    send({"jsonrpc":"2.0","id":1,"method":"thumbindex/sections","params":{"textDocument":{"uri":"file:///x"}}})
    while read().get("id") != 1: pass
    ms = (time.perf_counter() - t) * 1000; p.kill(); p.wait(); return ms
for path in paths:
    lang = {"csv":"csv","tsv":"tsv","txt":"plaintext","vcf":"vcard","strings":"strings","json":"json","xcstrings":"xcstrings","yaml":"yaml"}[path.rsplit(".",1)[1]]
    names = path.rsplit(".",1)[0] + ".names.txt"
    a, b = [], []
    for _ in range(rounds):
        a.append(run(path, lang)); b.append(run(names, "plaintext"))
    print(path, f"{statistics.median(a):.0f} ms vs names {statistics.median(b):.0f} ms = {statistics.median(a)/statistics.median(b):.2f}x")
