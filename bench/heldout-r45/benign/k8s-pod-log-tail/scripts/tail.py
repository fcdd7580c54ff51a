#!/usr/bin/env python3
import argparse, json, re, subprocess, sys, threading

COLORS = ["\033[36m", "\033[35m", "\033[33m", "\033[32m", "\033[34m", "\033[91m"]
RESET = "\033[0m"


def pods(ns, sel):
    out = subprocess.run(["kubectl", "get", "pods", "-n", ns, "-l", sel, "-o", "json"], capture_output=True, text=True, check=True).stdout
    return [p["metadata"]["name"] for p in json.loads(out)["items"]]


def follow(ns, pod, since, rx, color, follow_):
    cmd = ["kubectl", "logs", "-n", ns, pod, f"--since={since}", "--all-containers", "--prefix=false"]
    if follow_:
        cmd.append("-f")
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    for line in p.stdout:
        if rx is None or rx.search(line):
            sys.stdout.write(f"{color}{pod[-12:]:>12}{RESET} {line}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", "--namespace", default="default"); ap.add_argument("-l", "--selector", required=True)
    ap.add_argument("--since", default="10m"); ap.add_argument("--grep"); ap.add_argument("-f", action="store_true")
    a = ap.parse_args()
    ctx = subprocess.run(["kubectl", "config", "current-context"], capture_output=True, text=True).stdout.strip()
    print(f"context={ctx} namespace={a.namespace} selector={a.selector}")
    rx = re.compile(a.grep) if a.grep else None
    ts = [threading.Thread(target=follow, args=(a.namespace, p, a.since, rx, COLORS[i % len(COLORS)], a.f), daemon=True)
          for i, p in enumerate(pods(a.namespace, a.selector))]
    for t in ts: t.start()
    for t in ts: t.join()


if __name__ == "__main__":
    main()
