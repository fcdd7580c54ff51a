#!/usr/bin/env python3
"""Generate a synthetic registry of agent skills for benchmarking skillscan.

    bench/gen.py N OUT [--seed S] [--corpus DIR]

Writes N skill folders under OUT by recombining the labelled corpus
(corpus/ by default): each synthetic skill takes a base skill's SKILL.md
(renamed), some of its own files, and borrows scripts, references and
config from other corpus skills, then pads its documentation with
paragraphs taken from the corpus until it reaches a size drawn from a
long-tailed distribution. The defaults match what a public registry looks
like: about 5 files and about 45 KB per skill (2,400 skills make about
12,000 files and 110 MB). About one skill in ten starts from a malicious or
evasive base, so the rules have real work to do.

Only text from the corpus is used, and nothing is executed. The same N,
seed and corpus always give the same bytes.
"""

import argparse
import math
import os
import random
import re
import sys

TEXT_EXT = {".md", ".sh", ".py", ".js", ".mjs", ".ts", ".ps1", ".json", ".yaml", ".yml", ".txt", ".toml", ".cfg"}


def load_corpus(root):
    """Skills as {name, group, files: [(rel, bytes)]}; only text files."""
    skills = []
    for group in sorted(os.listdir(root)):
        gdir = os.path.join(root, group)
        if not os.path.isdir(gdir):
            continue
        for name in sorted(os.listdir(gdir)):
            sdir = os.path.join(gdir, name)
            if not os.path.isfile(os.path.join(sdir, "SKILL.md")):
                continue
            files = []
            for dirpath, dirnames, filenames in os.walk(sdir):
                dirnames.sort()
                for fn in sorted(filenames):
                    p = os.path.join(dirpath, fn)
                    if os.path.islink(p) or os.path.splitext(fn)[1].lower() not in TEXT_EXT:
                        continue
                    with open(p, "rb") as f:
                        files.append((os.path.relpath(p, sdir), f.read()))
            skills.append({"name": name, "group": group, "files": files})
    return skills


def paragraphs(skills):
    """Documentation paragraphs of benign skills, for padding."""
    out = []
    for s in skills:
        # Security guides quote attacks on purpose: as padding they would
        # turn every synthetic skill into a finding-heavy outlier.
        if s["group"] not in ("benign", "evasion-benign") or re.search(r"secur|inject|guard|audit", s["name"]):
            continue
        for rel, data in s["files"]:
            if not rel.endswith(".md"):
                continue
            text = data.decode("utf-8", "replace")
            if text.startswith("---"):
                end = text.find("\n---", 3)
                text = text[end + 4 :] if end > 0 else text
            for p in re.split(r"\n\s*\n", text):
                # Prose only: commands and URLs in padding would multiply
                # the findings of whichever paragraph was drawn most.
                if len(p.strip()) > 40 and not re.search(r"`|\$ |https?:|~/|/etc/", p):
                    out.append(p.strip() + "\n\n")
    return out


def size_target(rng, mean_kb):
    """Skill size in bytes: log-normal (sigma 1.0), capped at 2 MB."""
    sigma = 1.0
    mu = math.log(mean_kb * 1024) - sigma * sigma / 2
    return int(min(rng.lognormvariate(mu, sigma), 2 * 1024 * 1024))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", type=int, help="number of skills")
    ap.add_argument("out", help="output folder (created; must be empty or absent)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus"))
    ap.add_argument("--mean-kb", type=float, default=45.0, help="mean skill size in KB")
    ap.add_argument("--files", type=float, default=5.0, help="mean files per skill")
    args = ap.parse_args()

    if os.path.exists(args.out) and os.listdir(args.out):
        sys.exit(f"gen.py: {args.out} is not empty; give a new folder so no existing file is overwritten")
    skills = load_corpus(args.corpus)
    if not skills:
        sys.exit(f"gen.py: no skills under {args.corpus}; pass --corpus DIR (a folder of skill folders grouped by label)")
    benign = [s for s in skills if s["group"] in ("benign", "evasion-benign")]
    hostile = [s for s in skills if s["group"] not in ("benign", "evasion-benign")]
    # Benign bases borrow only from benign skills, hostile ones from any.
    extras_benign = [(rel, data) for s in benign for rel, data in s["files"] if rel != "SKILL.md"]
    extras_any = [(rel, data) for s in skills for rel, data in s["files"] if rel != "SKILL.md"]
    paras = paragraphs(skills)
    rng = random.Random(args.seed)

    total_files = total_bytes = 0
    for i in range(args.n):
        is_hostile = bool(hostile) and rng.random() < 0.1
        base = rng.choice(hostile if is_hostile else benign)
        extras = extras_any if is_hostile else extras_benign
        name = f"{base['name']}-{i:05d}"
        sdir = os.path.join(args.out, name)
        files = {}
        for rel, data in base["files"]:
            if rel == "SKILL.md":
                text = data.decode("utf-8", "replace")
                text = re.sub(r"(?m)^name:.*$", f"name: {name}", text, count=1)
                files[rel] = text.encode()
            elif rng.random() < 0.8:
                files[rel] = data
        # Files per skill: 1 + Poisson(files - 1), borrowed from other skills.
        want = 1 + min(40, poisson(rng, args.files - 1))
        while len(files) < want and extras:
            rel, data = rng.choice(extras)
            if rel not in files:
                files[rel] = data
        while len(files) > want:
            drop = rng.choice(sorted(k for k in files if k != "SKILL.md"))
            del files[drop]
        # Pad the documentation to the drawn size.
        target = size_target(rng, args.mean_kb)
        size = sum(len(d) for d in files.values())
        if size < target and paras:
            docs = [k for k in files if k.endswith(".md") and k != "SKILL.md"]
            rel = docs[0] if docs and rng.random() < 0.6 else "SKILL.md"
            pad = []
            while size < target:
                p = rng.choice(paras)
                pad.append(p)
                size += len(p.encode())
            files[rel] = files[rel] + ("\n" + "".join(pad)).encode()
        for rel, data in sorted(files.items()):
            p = os.path.join(sdir, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as f:
                f.write(data)
            total_files += 1
            total_bytes += len(data)
    print(f"gen.py: wrote {args.n} skills, {total_files} files, {total_bytes / 1e6:.1f} MB to {args.out}")


def poisson(rng, lam):
    if lam <= 0:
        return 0
    # Knuth; lam is small.
    L, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= L:
            return k
        k += 1


if __name__ == "__main__":
    main()
