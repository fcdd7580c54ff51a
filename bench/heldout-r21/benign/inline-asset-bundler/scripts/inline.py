#!/usr/bin/env python3
import base64, mimetypes, re, sys
from pathlib import Path

MAX = 2 * 1024 * 1024


def data_uri(path: Path) -> str:
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode()}"


def main(src, out):
    root = Path(src).parent
    html = Path(src).read_text(encoding="utf-8")

    def css(m):
        p = root / m.group(1)
        return f"<style>\n{p.read_text(encoding='utf-8')}\n</style>" if p.exists() else m.group(0)

    def js(m):
        p = root / m.group(1)
        return f"<script>\n{p.read_text(encoding='utf-8')}\n</script>" if p.exists() else m.group(0)

    def img(m):
        p = root / m.group(2)
        if p.exists() and p.stat().st_size <= MAX:
            return f'{m.group(1)}"{data_uri(p)}"'
        print("left as link:", m.group(2), file=sys.stderr)
        return m.group(0)

    html = re.sub(r'<link[^>]+href="([^"]+\.css)"[^>]*>', css, html)
    html = re.sub(r'<script[^>]+src="([^"]+\.js)"[^>]*></script>', js, html)
    html = re.sub(r'(src=|url\()"((?!data:|https?:)[^"]+)"', img, html)
    Path(out).write_text(html, encoding="utf-8")
    print("wrote", out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[sys.argv.index("-o") + 1])
