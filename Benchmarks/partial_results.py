#!/usr/bin/env python3
# First partial documentSymbol result vs thumbindex/sections, each right after a didOpen of FILE (a fresh server each).
# A message counts as arrived when its bytes are read, before this script parses them (the first part of 1M names
# is megabytes of JSON, whose parsing here is the client's time, not the server's).
# Usage: python3 Benchmarks/partial_results.py .build/release/thumbindex Benchmarks/.data/names_mixed_1M.txt
import json, subprocess, sys, time
binary, path = sys.argv[1], sys.argv[2]
def run(partial):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    def send(obj):
        body = json.dumps(obj).encode()
        p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body); p.stdin.flush()
    arrived = []
    def read():
        length = 0
        while True:
            line = p.stdout.readline()
            if line in (b"\r\n", b""): break
            if line.lower().startswith(b"content-length"): length = int(line.split(b":")[1])
        body = p.stdout.read(length)
        arrived.append(time.time())
        return json.loads(body)
    send({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"textDocument":{"documentSymbol":{"hierarchicalDocumentSymbolSupport":True}}},"initializationOptions":{"locale":"sv_SE"}}})
    while read().get("id") != 0: pass
    text = open(path, encoding="utf-8").read()
    send({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///big.txt","languageId":"plaintext","version":1,"text":text}}})
    start = time.time()
    if partial:
        send({"jsonrpc":"2.0","id":1,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///big.txt"},"partialResultToken":"p"}})
        first = None; parts = 0
        while True:
            m = read()
            if m.get("method") == "$/progress":
                parts += 1
                if first is None: first = arrived[-1] - start
            if m.get("id") == 1: break
        total = time.time() - start
        print(f"partial: first part {first*1000:.0f} ms, {parts} parts, answer {total*1000:.0f} ms")
    else:
        send({"jsonrpc":"2.0","id":1,"method":"thumbindex/sections","params":{"textDocument":{"uri":"file:///big.txt"}}})
        while read().get("id") != 1: pass
        print(f"sections: {(time.time()-start)*1000:.0f} ms")
    p.kill()
for i in range(3):
    run(False); run(True)
