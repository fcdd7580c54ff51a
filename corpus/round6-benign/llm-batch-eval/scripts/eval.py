#!/usr/bin/env python3
import argparse, json, os, re, concurrent.futures as cf, urllib.request

PRICE = {"gpt-4o-mini": (0.15, 0.60), "gpt-4o": (2.5, 10.0)}  # $/1M tokens in, out


def call(model, prompt):
    body = json.dumps({"model": model, "messages": [{"role": "user", "content": prompt}], "max_tokens": 512}).encode()
    req = urllib.request.Request("https://api.openai.com/v1/chat/completions", data=body, headers={
        "Authorization": f"Bearer {os.environ['OPENAI_API_KEY']}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompt", default="prompt.txt")
    ap.add_argument("--cases", default="cases.jsonl")
    ap.add_argument("--model", default="gpt-4o-mini")
    ap.add_argument("--max-usd", type=float, default=2.0)
    ap.add_argument("--estimate", action="store_true")
    a = ap.parse_args()
    tpl = open(a.prompt).read()
    cases = [json.loads(l) for l in open(a.cases) if l.strip()]
    pin, pout = PRICE.get(a.model, (5, 15))
    est = sum(len(tpl.format(**c["vars"])) / 4 for c in cases) * pin / 1e6 + len(cases) * 512 * pout / 1e6
    print(f"{len(cases)} cases, worst-case estimate ${est:.2f}")
    if a.estimate:
        return
    spent, out = 0.0, open("eval-results.jsonl", "w")
    with cf.ThreadPoolExecutor(max_workers=4) as ex:
        for c in cases:
            if spent >= a.max_usd:
                print(f"budget cap ${a.max_usd} reached; stopping"); break
            r = ex.submit(call, a.model, tpl.format(**c["vars"])).result()
            u = r["usage"]; spent += u["prompt_tokens"] * pin / 1e6 + u["completion_tokens"] * pout / 1e6
            text = r["choices"][0]["message"]["content"]
            ok = bool(re.search(c["expect"], text)) if c.get("regex") else c["expect"] in text
            out.write(json.dumps({"id": c.get("id"), "ok": ok, "output": text}) + "\n")
    print(f"done, spent ≈ ${spent:.3f}")


if __name__ == "__main__":
    main()
