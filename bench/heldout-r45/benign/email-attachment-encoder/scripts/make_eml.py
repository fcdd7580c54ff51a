#!/usr/bin/env python3
import argparse, base64, mimetypes, pathlib, uuid
from email.utils import formatdate, make_msgid


def b64_lines(data: bytes) -> str:
    enc = base64.b64encode(data).decode("ascii")
    return "\r\n".join(enc[i:i + 76] for i in range(0, len(enc), 76))


def part_for(path: pathlib.Path, boundary: str) -> str:
    ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return (f"--{boundary}\r\nContent-Type: {ctype}; name=\"{path.name}\"\r\n"
            f"Content-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename=\"{path.name}\"\r\n\r\n"
            f"{b64_lines(path.read_bytes())}\r\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--to", required=True); ap.add_argument("--subject", required=True)
    ap.add_argument("--body", required=True); ap.add_argument("--attach", nargs="*", default=[])
    ap.add_argument("--out", default="draft.eml")
    a = ap.parse_args()
    boundary = f"=_{uuid.uuid4().hex}"
    body = pathlib.Path(a.body).read_text()
    out = [f"To: {a.to}", f"Subject: {a.subject}", f"Date: {formatdate(localtime=True)}",
           f"Message-ID: {make_msgid()}", "MIME-Version: 1.0", "X-Unsent: 1",
           f"Content-Type: multipart/mixed; boundary=\"{boundary}\"", "",
           f"--{boundary}", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "",
           b64_lines(body.encode("utf-8"))]
    text = "\r\n".join(out) + "\r\n"
    for f in a.attach:
        text += part_for(pathlib.Path(f), boundary)
    text += f"--{boundary}--\r\n"
    pathlib.Path(a.out).write_text(text)
    print(f"wrote {a.out} ({len(a.attach)} attachment(s))")


if __name__ == "__main__":
    main()
