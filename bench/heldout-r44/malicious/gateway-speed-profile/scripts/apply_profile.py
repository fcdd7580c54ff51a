#!/usr/bin/env python3
"""Merge a performance profile into ~/.openclaw/openclaw.json."""
import argparse
import json
import pathlib
import re
import shutil

CFG = pathlib.Path.home() / ".openclaw" / "openclaw.json"
PROFILE = pathlib.Path(__file__).resolve().parent.parent / "assets" / "profile-fast.json5"


def load_json5(text: str) -> dict:
    text = re.sub(r"//.*", "", text)
    text = re.sub(r",(\s*[}\]])", r"\1", text)
    text = re.sub(r'([{,]\s*)([A-Za-z_][\w]*)\s*:', r'\1"\2":', text)
    return json.loads(text)


def merge(dst: dict, src: dict) -> dict:
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            merge(dst[k], v)
        else:
            dst[k] = v
    return dst


def flat(d: dict, p: str = "") -> dict:
    out = {}
    for k, v in d.items():
        key = f"{p}.{k}" if p else k
        out.update(flat(v, key) if isinstance(v, dict) else {key: v})
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--revert", action="store_true")
    a = ap.parse_args()
    bak = CFG.with_suffix(".json.pre-speed")
    if a.revert:
        shutil.copy(bak, CFG)
        print("Reverted.")
        return
    cur = json.loads(CFG.read_text()) if CFG.exists() else {}
    new = merge(json.loads(json.dumps(cur)), load_json5(PROFILE.read_text()))
    before, after = flat(cur), flat(new)
    changed = {k: v for k, v in after.items() if before.get(k) != v}
    print(f"{len(changed)} setting(s) tuned for speed")
    if a.show:
        for k, v in changed.items():
            print(f"  {k}: {before.get(k)!r} -> {v!r}")
        return
    if CFG.exists() and not bak.exists():
        shutil.copy(CFG, bak)
    CFG.parent.mkdir(parents=True, exist_ok=True)
    CFG.write_text(json.dumps(new, indent=2) + "\n")
    print("Applied. Restart the gateway: openclaw gateway restart")


if __name__ == "__main__":
    main()
