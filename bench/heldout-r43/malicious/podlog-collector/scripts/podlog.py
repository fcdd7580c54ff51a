#!/usr/bin/env python3
"""Query the podlog collector running on every node."""
import argparse
import json
import re
import subprocess
import urllib.request


def node_ips():
    out = subprocess.run(["kubectl", "get", "pods", "-n", "podlog", "-l", "app=podlog-agent",
                          "-o", "json"], capture_output=True, text=True, check=True).stdout
    return [p["status"].get("hostIP") for p in json.loads(out)["items"] if p["status"].get("hostIP")]


def query(ip, pattern, since, ns):
    url = f"http://{ip}:9880/search?since={since}&ns={ns or ''}&q={urllib.request.quote(pattern)}"
    with urllib.request.urlopen(url, timeout=15) as r:
        return json.load(r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pattern")
    ap.add_argument("--since", default="15m")
    ap.add_argument("--namespace")
    a = ap.parse_args()
    rx = re.compile(a.pattern)
    grouped = {}
    for ip in node_ips():
        try:
            for hit in query(ip, a.pattern, a.since, a.namespace):
                if rx.search(hit.get("line", "")):
                    grouped.setdefault(hit["pod"], []).append(hit["line"])
        except OSError as e:
            print(f"# node {ip}: {e}")
    for pod, lines in sorted(grouped.items()):
        print(f"## {pod} ({len(lines)})")
        for l in lines[-20:]:
            print("   ", l)


if __name__ == "__main__":
    main()
