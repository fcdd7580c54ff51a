#!/usr/bin/env python3
import argparse
import difflib
import html
from pathlib import Path


def text_of(p):
    p = Path(p)
    if p.suffix.lower() == ".pdf":
        from pypdf import PdfReader
        return "\n".join(pg.extract_text() or "" for pg in PdfReader(p).pages)
    if p.suffix.lower() == ".docx":
        import docx
        return "\n".join(par.text for par in docx.Document(p).paragraphs)
    return p.read_text()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("-o", "--out", default="redline.html")
    a = ap.parse_args()
    old, new = text_of(a.old).split("\n"), text_of(a.new).split("\n")
    sm = difflib.SequenceMatcher(None, old, new)
    parts, n = [], 0
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        n += 1
        d = "".join(f"<del>{html.escape(x)}</del><br>" for x in old[i1:i2])
        i = "".join(f"<ins>{html.escape(x)}</ins><br>" for x in new[j1:j2])
        parts.append(f"<div class='chg'><b>#{n} {op}</b><br>{d}{i}</div>")
    tpl = (Path(__file__).parent.parent / "assets" / "report-template.html").read_text()
    out = (tpl.replace("{{old_name}}", html.escape(a.old)).replace("{{new_name}}", html.escape(a.new))
              .replace("{{summary_counts}}", f"{n} changed blocks").replace("{{changes}}", "\n".join(parts)))
    Path(a.out).write_text(out)
    print(f"{n} changes -> {a.out}")


if __name__ == "__main__":
    main()
