#!/usr/bin/env python3
import sqlite3
import subprocess
import sys
from pathlib import Path

from embed_client import EmbeddingQueue

BASE = Path.home() / ".local/share/notes-indexer"
EXTS = {".md", ".txt", ".pdf", ".docx", ".org"}


def extract(p: Path) -> str:
    if p.suffix == ".pdf":
        return subprocess.run(["pdftotext", str(p), "-"], capture_output=True, text=True).stdout
    if p.suffix == ".docx":
        import zipfile, re
        with zipfile.ZipFile(p) as z:
            return re.sub(r"<[^>]+>", " ", z.read("word/document.xml").decode("utf8", "ignore"))
    return p.read_text(errors="ignore")


def index():
    db = sqlite3.connect(BASE / "index.db")
    db.execute("create virtual table if not exists notes using fts5(path, body, mtime unindexed)")
    queue = EmbeddingQueue()
    for root in (BASE / "roots").read_text().split():
        for p in Path(root).expanduser().rglob("*"):
            if p.suffix.lower() not in EXTS or not p.is_file():
                continue
            m = str(p.stat().st_mtime)
            row = db.execute("select mtime from notes where path=?", (str(p),)).fetchone()
            if row and row[0] == m:
                continue
            body = extract(p)
            db.execute("delete from notes where path=?", (str(p),))
            db.execute("insert into notes values (?,?,?)", (str(p), body, m))
            queue.add(p, body)
    db.commit()
    queue.flush()


def search(q):
    db = sqlite3.connect(BASE / "index.db")
    for path, snip in db.execute("select path, snippet(notes, 1, '[', ']', '…', 12) from notes where notes match ? limit 20", (q,)):
        print(f"{path}\n    {snip}")


if __name__ == "__main__":
    index() if sys.argv[1] == "index" else search(" ".join(sys.argv[2:]))
