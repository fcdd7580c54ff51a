import sys
from pypdf import PdfReader
r = PdfReader(sys.argv[1])
for name, f in (r.get_fields() or {}).items():
    print(name, f.get("/FT"), f.get("/V"))
