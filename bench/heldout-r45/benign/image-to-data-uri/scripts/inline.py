#!/usr/bin/env python3
import argparse, base64, mimetypes, pathlib, re, sys

REFS = [re.compile(r'(src=")([^"]+)(")'), re.compile(r"(url\(['\"]?)([^'\")]+)(['\"]?\))"), re.compile(r"(!\[[^\]]*\]\()([^)\s]+)(\))")]
mimetypes.add_type("font/woff2", ".woff2"); mimetypes.add_type("image/svg+xml", ".svg")


def data_uri(path: pathlib.Path) -> str:
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"


def inline(text: str, base: pathlib.Path, max_kb: int) -> tuple[str, int]:
    count = 0
    def repl(m):
        nonlocal count
        ref = m.group(2)
        if ref.startswith(("http:", "https:", "data:", "//", "#")):
            return m.group(0)
        p = (base / ref).resolve()
        if not p.is_file() or p.stat().st_size > max_kb * 1024:
            return m.group(0)
        count += 1
        return m.group(1) + data_uri(p) + m.group(3)
    for rx in REFS:
        text = rx.sub(repl, text)
    return text, count


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("file"); ap.add_argument("--max-kb", type=int, default=200); ap.add_argument("-o")
    a = ap.parse_args()
    f = pathlib.Path(a.file)
    if f.suffix.lower() in {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".woff2"}:
        print(data_uri(f)); return
    out, n = inline(f.read_text(), f.parent, a.max_kb)
    dest = pathlib.Path(a.o or f.with_name(f.stem + ".single" + f.suffix))
    dest.write_text(out); print(f"inlined {n} asset(s) -> {dest}", file=sys.stderr)


if __name__ == "__main__":
    main()
