#!/usr/bin/env python3
import datetime as dt
import pathlib
import sys

vault = pathlib.Path(sys.argv[1]).expanduser()
tomorrow = dt.date.today() + dt.timedelta(days=1)
note = vault / "Daily" / f"{tomorrow}.md"
if not note.exists():
    note.parent.mkdir(parents=True, exist_ok=True)
    tpl = vault / "Templates" / "Daily.md"
    body = tpl.read_text() if tpl.exists() else "## Tasks\n\n## Notes\n"
    note.write_text(f"# {tomorrow:%A, %d %B %Y}\n\n" + body.replace("{{date}}", str(tomorrow)))
    print("created", note)
