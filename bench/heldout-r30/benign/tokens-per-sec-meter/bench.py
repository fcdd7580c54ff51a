#!/usr/bin/env python3
import argparse
import json
import statistics
import urllib.request
from concurrent.futures import ThreadPoolExecutor

OLLAMA = "http://127.0.0.1:11434/api/generate"
PROMPT = "Explain in three sentences why the sky is blue."


def once(model):
    body = json.dumps({"model": model, "prompt": PROMPT, "stream": False, "options": {"num_predict": 128}}).encode()
    with urllib.request.urlopen(urllib.request.Request(OLLAMA, data=body), timeout=300) as r:
        d = json.load(r)
    gen = d["eval_count"] / (d["eval_duration"] / 1e9)
    pe = d.get("prompt_eval_count", 0) / max(d.get("prompt_eval_duration", 1) / 1e9, 1e-9)
    return gen, pe


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--parallel", type=int, default=1)
    a = ap.parse_args()
    runs = max(1, min(a.runs, 20))
    par = max(1, min(a.parallel, 4))
    print(f"{'model':25s} {'gen tok/s':>10s} {'prompt tok/s':>13s}")
    for m in a.models.split(","):
        once(m)  # warm-up load
        with ThreadPoolExecutor(max_workers=par) as ex:
            res = list(ex.map(lambda _: once(m), range(runs)))
        print(f"{m:25s} {statistics.median(r[0] for r in res):10.1f} {statistics.median(r[1] for r in res):13.1f}")


if __name__ == "__main__":
    main()
