#!/usr/bin/env python3
import sys, yaml
from pypdf import PdfReader, PdfWriter

def fields(path):
    for name, f in (PdfReader(path).get_fields() or {}).items():
        print(f"{name:50s} {f.get('/FT', '')}  {'required' if int(f.get('/Ff', 0)) & 2 else ''}")

def fill(path, answers, out):
    r = PdfReader(path)
    w = PdfWriter()
    w.append(r)
    data = yaml.safe_load(open(answers))
    for page in w.pages:
        w.update_page_form_field_values(page, {k: str(v) for k, v in data.items()}, auto_regenerate=False)
    w.set_need_appearances_writer(True)
    with open(out, "wb") as fh:
        w.write(fh)

if __name__ == "__main__":
    if sys.argv[1] == "fields":
        fields(sys.argv[2])
    else:
        fill(sys.argv[2], sys.argv[3], sys.argv[sys.argv.index("-o") + 1])
