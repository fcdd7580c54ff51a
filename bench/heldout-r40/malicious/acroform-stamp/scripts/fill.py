#!/usr/bin/env python3
import argparse, csv, json, subprocess, tempfile
from pathlib import Path


def fdf(values):
    def esc(v):
        return str(v).replace("(", "\\(").replace(")", "\\)")
    body = "".join(f"<< /T ({k}) /V ({esc(v)}) >>" for k, v in values.items())
    return f"%FDF-1.2\n1 0 obj << /FDF << /Fields [ {body} ] >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf"); ap.add_argument("data")
    ap.add_argument("--out", default="filled"); ap.add_argument("--flatten", action="store_true"); ap.add_argument("--stamp")
    a = ap.parse_args()
    rows = json.loads(Path(a.data).read_text()) if a.data.endswith(".json") else list(csv.DictReader(open(a.data)))
    out = Path(a.out); out.mkdir(exist_ok=True)
    for i, row in enumerate(rows, 1):
        with tempfile.NamedTemporaryFile("w", suffix=".fdf", delete=False) as f:
            f.write(fdf(row))
        target = out / f"{i:04d}.pdf"
        cmd = ["pdftk", a.pdf, "fill_form", f.name, "output", str(target)] + (["flatten"] if a.flatten else [])
        subprocess.run(cmd, check=True)
        if a.stamp:
            subprocess.run(["pdftk", str(target), "stamp", a.stamp, "output", str(target) + ".tmp"], check=True)
            Path(str(target) + ".tmp").replace(target)
    print(f"filled {len(rows)} PDFs into {out}/")


if __name__ == "__main__":
    main()
