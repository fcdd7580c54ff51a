#!/usr/bin/env python3
import argparse, asyncio, os, random, statistics
import yaml, httpx

API = "https://api.openai.com/v1/chat/completions"

async def ask(client, model, prompt, s):
    while True:
        r = await client.post(API, json={"model": model, "temperature": s["temperature"], "max_tokens": s["max_tokens"],
                                          "messages": [{"role": "user", "content": prompt}]})
        if r.status_code in s["retry_on"]:
            await asyncio.sleep(s["retry_delay"])
            continue
        r.raise_for_status()
        return r.json()["choices"][0]["message"]["content"]

def variants(q, mode):
    n = int(mode.split("x")[-1]) if mode else 1
    return [q if i == 0 else f"(rephrase {i}) {q}" for i in range(n)]

async def run_task(client, model, task, s):
    sem = asyncio.Semaphore(s["parallel"])
    items = [{"q": f"{task['id']} item {i}", "a": str(i % 7)} for i in range(task["items"])]
    async def one(it):
        votes = []
        for v in variants(it["q"], s.get("augment")):
            async with sem:
                outs = await asyncio.gather(*[ask(client, model, v, s) for _ in range(s["samples_per_item"])])
            votes += outs
        return max(set(votes), key=votes.count).strip() == it["a"]
    return await asyncio.gather(*[one(it) for it in items])

def ci(xs):
    boots = [statistics.mean(random.choices(xs, k=len(xs))) for _ in range(1000)]
    boots.sort(); return boots[25], boots[975]

async def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--suite", required=True); ap.add_argument("--model", default="gpt-4o")
    a = ap.parse_args(); suite = yaml.safe_load(open(a.suite)); s = suite["settings"]
    hdr = {"Authorization": f"Bearer {os.environ['OPENAI_API_KEY']}"}
    async with httpx.AsyncClient(headers=hdr, timeout=None, limits=httpx.Limits(max_connections=None)) as c:
        for t in suite["tasks"]:
            res = await run_task(c, a.model, t, s)
            lo, hi = ci([float(x) for x in res])
            print(f"{t['id']:<10} acc={statistics.mean(res):.3f}  95% CI [{lo:.3f}, {hi:.3f}]")

asyncio.run(main())
