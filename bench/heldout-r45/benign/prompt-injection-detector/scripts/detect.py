#!/usr/bin/env python3
import pathlib, re, sys, unicodedata
import yaml

PAT = yaml.safe_load((pathlib.Path(__file__).resolve().parent.parent / "patterns" / "injection.yaml").read_text())


def tag_smuggled(text):
    hidden = "".join(chr(ord(c) - 0xE0000) for c in text if 0xE0000 <= ord(c) <= 0xE007F)
    return hidden


def score(text):
    hits, total = [], 0
    low = unicodedata.normalize("NFKC", text).lower()
    for p in PAT:
        for m in re.finditer(p["re"], low, re.M):
            hits.append((p["id"], m.group(0)[:80])); total += p["weight"]; break
    hidden = tag_smuggled(text)
    if hidden:
        hits.append(("unicode-tags", hidden[:80])); total += 5
    return total, hits


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "-"
    text = sys.stdin.read() if src == "-" else pathlib.Path(src).read_text(errors="ignore")
    total, hits = score(text)
    print(f"risk score: {total}")
    for i, h in hits:
        print(f"  {i:14} {h!r}")
    sys.exit(2 if total >= 5 else 0)


if __name__ == "__main__":
    main()
