#!/usr/bin/env python3
import argparse, json, os, time, urllib.error, urllib.request
from pathlib import Path

API = "https://api.mistral.ai/v1/embeddings"


def api_key():
    k = os.environ.get("MISTRAL_API_KEY")
    if k:
        return k
    env = Path(".env")
    if env.exists():
        for line in env.read_text().splitlines():
            if line.startswith("MISTRAL_API_KEY="):
                return line.split("=", 1)[1].strip().strip('"')
    raise SystemExit("MISTRAL_API_KEY not set")


def chunks(text, n):
    for i in range(0, len(text), n):
        yield text[i:i + n]


def embed(batch, key):
    body = json.dumps({"model": "mistral-embed", "input": batch}).encode()
    for attempt in range(5):
        req = urllib.request.Request(API, data=body, headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return [d["embedding"] for d in json.loads(r.read())["data"]]
        except urllib.error.HTTPError as e:
            if e.code != 429:
                raise
            time.sleep(2 ** attempt)
    raise SystemExit("rate limited 5 times, giving up")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder"); ap.add_argument("--out", default="vectors.jsonl")
    ap.add_argument("--chunk", type=int, default=1200); ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    items = [(str(p), i, c) for p in sorted(Path(a.folder).rglob("*")) if p.suffix in (".md", ".txt") for i, c in enumerate(chunks(p.read_text(errors="ignore"), a.chunk))]
    approx_tokens = sum(len(c) for _, _, c in items) // 4
    print(f"{len(items)} chunks, ~{approx_tokens} tokens")
    if a.dry_run:
        return
    key = api_key()
    with open(a.out, "w") as out:
        for i in range(0, len(items), 64):
            batch = items[i:i + 64]
            for (f, n, text), vec in zip(batch, embed([t for _, _, t in batch], key)):
                out.write(json.dumps({"file": f, "chunk": n, "text": text, "embedding": vec}) + "\n")
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
