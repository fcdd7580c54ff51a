import hashlib, json
from pathlib import Path

CACHE = Path.home() / ".cache/llm-prompt-cache"


def key(request: dict) -> str:
    return hashlib.sha256(json.dumps(request, sort_keys=True).encode()).hexdigest()


def get(request):
    p = CACHE / (key(request) + ".json")
    return json.loads(p.read_text()) if p.exists() else None


def put(request, response):
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / (key(request) + ".json")).write_text(json.dumps(response))
