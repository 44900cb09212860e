#!/usr/bin/env python3
"""What bounds an open: receiving a FILE alone against the whole open → thumbindex/sections of its names as plain text
(NAME.names.txt beside it), a fresh server each time, ROUNDS rounds (default 5) alternating, medians.

Receiving alone is `didOpen` with a language no index is made for, then a request that needs no document
(`thumbindex/sort` of two strings), timed to its reply: the framing, the JSON string and the text's lines. The
names' own open is mostly that too, so no extraction brings a format's open under receiving / names' open (its floor),
and any speedup of receiving speeds the names' open as much.

The pipe alone is the same `didOpen` written to a reader that only empties the pipe (1 MiB at a time, the pipe
enlarged to 1 MiB as the server does): what any server reading its messages from stdin pays before parsing a byte.

Usage: python3 Benchmarks/receiving.py .build/release/thumbindex FILE...
"""
import json, os, subprocess, sys, time
from lsp_stdio import Server, alternating_medians

# Empties stdin and discards it (F_SETPIPE_SZ is 1031 on Linux).
READER = """import fcntl, sys
try: fcntl.fcntl(0, 1031, 1 << 20)
except OSError: pass
buffer, raw = bytearray(1 << 20), sys.stdin.buffer.raw
while raw.readinto(buffer): pass
"""

binary, paths, rounds = sys.argv[1], sys.argv[2:], int(os.environ.get("ROUNDS", "5"))

def timed(path, language, then):
    server = Server(binary)
    text = open(path, encoding="utf-8", newline="").read()
    uri = "file:///" + os.path.basename(path)
    message = server.frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": language, "version": 1, "text": text}}})
    t = time.perf_counter()
    server.write(message)
    then(server, uri)
    ms = (time.perf_counter() - t) * 1000
    server.close()
    return ms

def receive(path):
    return timed(path, "no-index", lambda s, uri: s.request("thumbindex/sort", {"items": ["b", "a"]}))

def names_open(path):
    return timed(path, "plaintext", lambda s, uri: s.request("thumbindex/sections", {"textDocument": {"uri": uri}}))

def pipe_alone(path):
    text = open(path, encoding="utf-8", newline="").read()
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///" + os.path.basename(path), "languageId": "no-index", "version": 1, "text": text}}},
        ensure_ascii=False).encode()
    message = b"Content-Length: %d\r\n\r\n" % len(body) + body
    reader = subprocess.Popen([sys.executable, "-c", READER], stdin=subprocess.PIPE)
    time.sleep(0.05)
    t = time.perf_counter()
    reader.stdin.write(message)
    reader.stdin.close()
    reader.wait()
    return (time.perf_counter() - t) * 1000

for path in paths:
    names = path.rsplit(".", 1)[0] + ".names.txt"
    a, b, c, d = alternating_medians(rounds, lambda: receive(path), lambda: names_open(names),
                                     lambda: pipe_alone(path), lambda: pipe_alone(names))
    print(f"{path}: {os.path.getsize(path) / 1e6:.1f} MB received alone in {a:.0f} ms; its names' open → sections "
          f"{b:.0f} ms; floor {a / b:.2f}x; the pipe alone {c:.0f} ms (its names' {d:.0f} ms)")
