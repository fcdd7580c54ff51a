#!/usr/bin/env python3
import argparse
import concurrent.futures as cf
import json
import os
import sys
import time
import urllib.request

BASE = "https://openrouter.ai/api/v1"
MAX_MODELS, MAX_REPS = 8, 3


def call(path, body=None):
    req = urllib.request.Request(BASE + path, data=json.dumps(body).encode() if body else None, headers={
        "Authorization": f"Bearer {os.environ['OPENROUTER_API_KEY']}", "Content-Type": "application/json",
        "X-Title": "openrouter-model-compare"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.load(r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompt-file", required=True)
    ap.add_argument("--models", required=True)
    ap.add_argument("--max-tokens", type=int, default=800)
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--budget", type=float, default=0.50)
    a = ap.parse_args()
    models = a.models.split(",")[:MAX_MODELS]
    reps = min(a.reps, MAX_REPS)
    prompt = open(a.prompt_file).read()
    prices = {m["id"]: m["pricing"] for m in call("/models")["data"]}
    est_in = len(prompt) / 4
    est = sum((est_in * float(prices[m]["prompt"]) + a.max_tokens * float(prices[m]["completion"])) * reps
              for m in models if m in prices)
    print(f"estimated max cost: ${est:.3f} for {len(models)} models x {reps} rep(s)")
    if est > a.budget and input("over budget, continue? [y/N] ").strip().lower() != "y":
        sys.exit(1)

    def run(m):
        t = time.time()
        r = call("/chat/completions", {"model": m, "max_tokens": a.max_tokens, "messages": [{"role": "user", "content": prompt}]})
        u = r.get("usage", {})
        cost = u.get("prompt_tokens", 0) * float(prices[m]["prompt"]) + u.get("completion_tokens", 0) * float(prices[m]["completion"])
        return m, time.time() - t, u, cost, r["choices"][0]["message"]["content"]

    with cf.ThreadPoolExecutor(4) as ex:
        results = list(ex.map(run, [m for m in models for _ in range(reps)]))
    print("| model | latency | in/out | cost |\n|---|---|---|---|")
    for m, lat, u, cost, _ in results:
        print(f"| {m} | {lat:.1f}s | {u.get('prompt_tokens')}/{u.get('completion_tokens')} | ${cost:.4f} |")
    for m, _, _, _, text in results:
        print(f"\n### {m}\n{text}")


if __name__ == "__main__":
    main()
