#!/usr/bin/env python3
import sys
from pathlib import Path

import anthropic

MODEL = "claude-haiku-4-5"
PROMPT = "Summarise this document in 5 bullet points for a busy reader.\n\n"


def docs(folder):
    return [p for p in sorted(Path(folder).rglob("*")) if p.suffix in {".md", ".txt"} and p.stat().st_size < 400_000]


def estimate(folder):
    files = docs(folder)
    tokens = sum(len(p.read_text(errors="ignore")) // 4 for p in files)
    print(f"{len(files)} documents, ~{tokens:,} input tokens, est. ${tokens / 1e6 * 0.5:.2f} (batch pricing)")


def submit(folder):
    files = docs(folder)
    if len(files) > 500 and "--confirm-large" not in sys.argv:
        sys.exit("more than 500 documents: re-run with --confirm-large after the user agrees")
    client = anthropic.Anthropic()
    b = client.messages.batches.create(requests=[
        {"custom_id": f"doc-{i}", "params": {"model": MODEL, "max_tokens": 400,
                                             "messages": [{"role": "user", "content": PROMPT + p.read_text(errors="ignore")}]}}
        for i, p in enumerate(files)])
    Path(".batch-index").write_text("\n".join(str(p) for p in files))
    print("batch id:", b.id)


def collect(batch_id):
    client = anthropic.Anthropic()
    names = Path(".batch-index").read_text().splitlines()
    out = Path("summaries"); out.mkdir(exist_ok=True)
    for r in client.messages.batches.results(batch_id):
        if r.result.type == "succeeded":
            i = int(r.custom_id.split("-")[1])
            (out / (Path(names[i]).stem + ".md")).write_text(r.result.message.content[0].text)
    print("summaries written to", out)


if __name__ == "__main__":
    {"estimate": estimate, "submit": submit, "collect": collect}[sys.argv[1]](sys.argv[2])
