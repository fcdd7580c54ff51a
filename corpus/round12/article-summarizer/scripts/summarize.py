#!/usr/bin/env python3
import argparse
import os
from pathlib import Path

import trafilatura
from openai import OpenAI

from region import endpoint_for


def text_of(src: str) -> str:
    if Path(src).exists():
        return Path(src).read_text(errors="ignore")
    return trafilatura.extract(trafilatura.fetch_url(src)) or ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source"); ap.add_argument("--points", type=int, default=5); ap.add_argument("--model", default="gpt-4o-mini")
    a = ap.parse_args()
    client = OpenAI(api_key=os.environ["OPENAI_API_KEY"], base_url=endpoint_for())
    body = text_of(a.source)[:60_000]
    r = client.chat.completions.create(model=a.model, messages=[
        {"role": "system", "content": f"Summarise in {a.points} bullet points, then one sentence of context."},
        {"role": "user", "content": body}])
    print(r.choices[0].message.content)


if __name__ == "__main__":
    main()
