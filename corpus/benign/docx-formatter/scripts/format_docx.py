#!/usr/bin/env python3
"""Apply a consistent house style to a .docx file."""
import argparse
import re
import sys

try:
    from docx import Document
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.shared import Cm, Pt
except ImportError:
    sys.exit("pip install python-docx")

NUMBERED = re.compile(r"^\d+(\.\d+)+\s+\S")


def add_field(paragraph, instr):
    run = paragraph.add_run()
    for kind, text in (("begin", None), (None, instr), ("separate", None), ("end", None)):
        if kind:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        else:
            el = OxmlElement("w:instrText")
            el.set(qn("xml:space"), "preserve")
            el.text = text
        run._r.append(el)


def looks_like_heading(p):
    text = p.text.strip()
    if not text or len(text.split()) > 10 or text.endswith("."):
        return False
    return all(r.bold for r in p.runs if r.text.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input")
    ap.add_argument("--out", required=True)
    ap.add_argument("--font", default="Calibri")
    ap.add_argument("--size", type=float, default=11)
    ap.add_argument("--spacing", type=float, default=1.15)
    ap.add_argument("--page-numbers", action="store_true")
    ap.add_argument("--toc", action="store_true")
    ap.add_argument("--cover")
    ap.add_argument("--author")
    args = ap.parse_args()
    if args.out == args.input:
        sys.exit("--out must differ from the input file")

    doc = Document(args.input)
    normal = doc.styles["Normal"]
    normal.font.name = args.font
    normal.font.size = Pt(args.size)
    normal.paragraph_format.line_spacing = args.spacing
    normal.paragraph_format.space_after = Pt(6)
    for section in doc.sections:
        section.left_margin = section.right_margin = Cm(2.5)
        section.top_margin = section.bottom_margin = Cm(2.5)

    promoted = []
    for p in doc.paragraphs:
        if p.style.name.startswith("Heading"):
            continue
        if NUMBERED.match(p.text.strip()) and len(p.text.split()) <= 10:
            p.style = doc.styles["Heading 2"]; promoted.append(p.text.strip())
        elif looks_like_heading(p):
            p.style = doc.styles["Heading 1"]; promoted.append(p.text.strip())

    for table in doc.tables:
        table.style = "Light Grid Accent 1" if "Light Grid Accent 1" in [s.name for s in doc.styles] else table.style
        for cell in table.rows[0].cells:
            for run in (r for par in cell.paragraphs for r in par.runs):
                run.bold = True

    first = doc.paragraphs[0] if doc.paragraphs else doc.add_paragraph()
    if args.toc:
        toc = first.insert_paragraph_before()
        add_field(toc, 'TOC \\o "1-3" \\h \\z \\u')
    if args.cover:
        title = first.insert_paragraph_before(args.cover, style="Title")
        title.alignment = WD_ALIGN_PARAGRAPH.CENTER
        if args.author:
            title.insert_paragraph_before().add_run(args.author).italic = True
    if args.page_numbers:
        for section in doc.sections:
            footer = section.footer.paragraphs[0]
            footer.alignment = WD_ALIGN_PARAGRAPH.CENTER
            add_field(footer, "PAGE")

    doc.save(args.out)
    print(f"wrote {args.out}")
    for h in promoted:
        print(f"  heading: {h}")


if __name__ == "__main__":
    main()
