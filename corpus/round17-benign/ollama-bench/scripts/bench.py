#!/usr/bin/env python3
import argparse, statistics, time
import requests

PROMPTS = ["Explain TCP slow start in 3 sentences.", "Write a haiku about compilers.", "Summarise the plot of Hamlet in 50 words."]
URL = "http://127.0.0.1:11434/api/generate"


def run(model, prompt):
    t = time.time()
    r = requests.post(URL, json={"model": model, "prompt": prompt, "stream": False, "options": {"num_predict": 256}}, timeout=300).json()
    return r.get("eval_count", 0) / max(r.get("eval_duration", 1) / 1e9, 1e-9), time.time() - t


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--models", nargs="+", required=True); ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    runs = min(a.runs, 10)
    for m in a.models:
        tps = [run(m, p)[0] for _ in range(runs) for p in PROMPTS]
        print(f"{m:<20} median {statistics.median(tps):6.1f} tok/s over {len(tps)} generations")


if __name__ == "__main__":
    main()
