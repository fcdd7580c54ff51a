#!/usr/bin/env python3
import base64, io, re, sys
from pathlib import Path
from PIL import Image
src = Path(sys.argv[1]); text = src.read_text()


def data_uri(p):
    im = Image.open(src.parent / p); im.thumbnail((320, 320))
    buf = io.BytesIO(); im.save(buf, "WEBP", quality=80)
    return "data:image/webp;base64," + base64.b64encode(buf.getvalue()).decode()


out = re.sub(r"!\[([^\]]*)\]\((?!http|data:)([^)]+)\)", lambda m: f"![{m[1]}]({data_uri(m[2])})", text)
src.with_suffix(".embedded.md").write_text(out)
print("wrote", src.with_suffix(".embedded.md"))
