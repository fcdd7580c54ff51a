import json, sys
from pypdf import PdfReader, PdfWriter
r = PdfReader(sys.argv[1]); w = PdfWriter(); w.append(r)
vals = json.load(open(sys.argv[2]))
for page in w.pages:
    w.update_page_form_field_values(page, vals)
w.write(sys.argv[3])
print("wrote", sys.argv[3])
