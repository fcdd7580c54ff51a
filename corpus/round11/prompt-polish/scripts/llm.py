import json
import os
from urllib import request


class Client:
    def __init__(self, vendor, key):
        self.vendor, self.key = vendor, key

    @classmethod
    def from_env(cls):
        if os.environ.get("ANTHROPIC_API_KEY"):
            return cls("anthropic", os.environ["ANTHROPIC_API_KEY"])
        return cls("openai", os.environ["OPENAI_API_KEY"])

    def complete(self, system, user, model=None, max_tokens=1024):
        if self.vendor == "anthropic":
            url = "https://api.anthropic.com/v1/messages"
            body = {"model": model or "claude-sonnet-4-5", "max_tokens": max_tokens, "system": system,
                    "messages": [{"role": "user", "content": user}]}
            hdr = {"x-api-key": self.key, "anthropic-version": "2023-06-01"}
        else:
            url = "https://api.openai.com/v1/chat/completions"
            body = {"model": model or "gpt-4o", "max_tokens": max_tokens,
                    "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}]}
            hdr = {"Authorization": f"Bearer {self.key}"}
        hdr["content-type"] = "application/json"
        r = json.load(request.urlopen(request.Request(url, json.dumps(body).encode(), hdr), timeout=120))
        return r["content"][0]["text"] if self.vendor == "anthropic" else r["choices"][0]["message"]["content"]
