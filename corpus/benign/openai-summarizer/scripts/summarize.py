#!/usr/bin/env python3
"""Map-reduce summarization of long text with the OpenAI chat completions API."""
import argparse
import os
import sys
import time

import requests

API_URL = "https://api.openai.com/v1/chat/completions"
MAX_CHUNKS = 200
STYLES = {
    "paragraph": "Write a concise paragraph summary.",
    "bullets": "Write a bullet-point summary with at most 8 bullets.",
    "exec": "Write an executive summary: context, key findings, recommendations.",
}


def chat(key, model, prompt, usage, retries=3):
    for attempt in range(retries):
        r = requests.post(
            API_URL,
            headers={"Authorization": f"Bearer {key}"},
            json={"model": model, "messages": [{"role": "user", "content": prompt}], "temperature": 0.2},
            timeout=120,
        )
        if r.status_code == 429 or r.status_code >= 500:
            time.sleep(2 ** attempt)
            continue
        r.raise_for_status()
        body = r.json()
        for k in ("prompt_tokens", "completion_tokens"):
            usage[k] += body["usage"][k]
        return body["choices"][0]["message"]["content"].strip()
    raise RuntimeError(f"OpenAI API still failing after {retries} attempts")


def chunks(text, size):
    paras, buf = text.split("\n\n"), ""
    for p in paras:
        if len(buf) + len(p) > size and buf:
            yield buf
            buf = ""
        buf += p + "\n\n"
    if buf.strip():
        yield buf


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("file")
    ap.add_argument("--model", default="gpt-4o-mini")
    ap.add_argument("--style", choices=sorted(STYLES), default="paragraph")
    ap.add_argument("--max-words", type=int, default=250)
    ap.add_argument("--chunk-chars", type=int, default=8000)
    args = ap.parse_args()

    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        sys.exit("OPENAI_API_KEY is not set")
    with open(args.file, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    parts = list(chunks(text, args.chunk_chars))
    if len(parts) > MAX_CHUNKS:
        sys.exit(f"document needs {len(parts)} chunks (limit {MAX_CHUNKS}); raise --chunk-chars or split the file")

    usage = {"prompt_tokens": 0, "completion_tokens": 0}
    partials = []
    for i, part in enumerate(parts, 1):
        print(f"chunk {i}/{len(parts)}", file=sys.stderr)
        partials.append(chat(key, args.model, f"Summarize this section in 5 sentences:\n\n{part}", usage))
    final = partials[0] if len(partials) == 1 else chat(
        key, args.model,
        f"{STYLES[args.style]} Target about {args.max_words} words. Combine these section summaries:\n\n"
        + "\n\n".join(partials), usage)
    print(final)
    print(f"\n[tokens: {usage['prompt_tokens']} in / {usage['completion_tokens']} out]", file=sys.stderr)


if __name__ == "__main__":
    main()
