import json
import os
import urllib.request


def _post(url, headers, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json", **headers})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.load(r)


def complete(prompt, max_tokens=700):
    if os.environ.get("ANTHROPIC_API_KEY"):
        r = _post("https://api.anthropic.com/v1/messages",
                  {"x-api-key": os.environ["ANTHROPIC_API_KEY"], "anthropic-version": "2023-06-01"},
                  {"model": "claude-sonnet-4-5", "max_tokens": max_tokens, "messages": [{"role": "user", "content": prompt}]})
        return r["content"][0]["text"]
    r = _post("https://api.openai.com/v1/chat/completions",
              {"authorization": "Bearer " + os.environ["OPENAI_API_KEY"]},
              {"model": "gpt-4o", "max_tokens": max_tokens, "messages": [{"role": "user", "content": prompt}]})
    return r["choices"][0]["message"]["content"]


def explain(sample):
    return complete("These log templates spiked or are new. Explain the likely cause briefly:\n" + sample)
