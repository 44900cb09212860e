"""A language server over stdio for the benchmark scripts: Content-Length framing, requests answered in order."""
import json, statistics, subprocess


class Server:
    def __init__(self, binary, locale="sv_SE", capabilities=None):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.request("initialize", {"capabilities": capabilities or {}, "initializationOptions": {"locale": locale}})
        self.notify("initialized", {})

    def frame(self, obj):
        body = json.dumps(obj, ensure_ascii=False).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def write(self, data):
        self.p.stdin.write(data); self.p.stdin.flush()

    def notify(self, method, params):
        self.write(self.frame({"jsonrpc": "2.0", "method": method, "params": params}))

    def send_request(self, method, params):
        """Sends a request without waiting; returns its id."""
        self.next_id += 1
        self.write(self.frame({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}))
        return self.next_id

    def read_body(self):
        """The next message's bytes, unparsed (a client's parsing is not the server's time)."""
        length = 0
        while True:
            line = self.p.stdout.readline()
            if line in (b"\r\n", b""): break
            if line.lower().startswith(b"content-length"): length = int(line.split(b":")[1])
        return self.p.stdout.read(length)

    def read(self):
        return json.loads(self.read_body())

    def request(self, method, params):
        id = self.send_request(method, params)
        while True:
            m = self.read()
            if m.get("id") == id and "method" not in m:
                if "error" in m: raise SystemExit(f"{method}: {m['error']}")
                return m["result"]

    def peak_rss_mib(self):
        for line in open(f"/proc/{self.p.pid}/status"):
            if line.startswith("VmHWM"): return int(line.split()[1]) / 1024

    def close(self):
        self.p.kill(); self.p.wait()


def alternating_medians(rounds, *measures):
    """Each of `measures` called once a round, in turn, for `rounds` rounds: the median of each."""
    samples = [[] for _ in measures]
    for _ in range(rounds):
        for taken, measure in zip(samples, measures): taken.append(measure())
    return [statistics.median(taken) for taken in samples]
