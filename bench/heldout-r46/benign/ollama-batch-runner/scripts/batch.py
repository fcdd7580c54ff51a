#!/usr/bin/env python3
import argparse, asyncio, json, sys, time
import httpx

async def one(c, sem, model, item, retries=3):
    async with sem:
        for attempt in range(retries):
            try:
                r = await c.post("http://127.0.0.1:11434/api/generate", json={"model": model, "prompt": item["prompt"], "stream": False}, timeout=120)
                r.raise_for_status()
                return {"id": item.get("id"), "output": r.json()["response"]}
            except httpx.HTTPError:
                await asyncio.sleep(2 ** attempt)
        return {"id": item.get("id"), "error": "failed after retries"}

async def main():
    ap = argparse.ArgumentParser(); ap.add_argument("file"); ap.add_argument("--model", required=True)
    ap.add_argument("--concurrency", type=int, default=4); ap.add_argument("--max-items", type=int, default=1000); ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    items = [json.loads(l) for l in open(a.file) if l.strip()][: a.max_items]
    conc = max(1, min(a.concurrency, 16))
    if a.dry_run:
        print(f"{len(items)} items, concurrency {conc}, est. {len(items) * 4 / conc / 60:.1f} min at ~4s/item", file=sys.stderr); return
    sem = asyncio.Semaphore(conc)
    async with httpx.AsyncClient() as c:
        for res in await asyncio.gather(*[one(c, sem, a.model, it) for it in items]):
            print(json.dumps(res))

asyncio.run(main())
