#!/usr/bin/env python3
import datetime as dt, urllib.request, xml.etree.ElementTree as ET
from pathlib import Path

feeds = Path.home() / ".config/rss-digest/feeds.txt"
out_dir = Path.home() / "Documents/rss-digest"
out_dir.mkdir(parents=True, exist_ok=True)
since = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=7)
lines = [f"# Digest {dt.date.today():%G-W%V}", ""]
for url in (feeds.read_text().split() if feeds.exists() else []):
    try:
        root = ET.fromstring(urllib.request.urlopen(url, timeout=20).read())
    except Exception as e:
        lines.append(f"- (failed: {url}: {e})"); continue
    items = root.findall(".//item") or root.findall(".//{http://www.w3.org/2005/Atom}entry")
    lines.append(f"## {url}")
    for it in items[:10]:
        title = (it.findtext("title") or it.findtext("{http://www.w3.org/2005/Atom}title") or "").strip()
        link = it.findtext("link") or (it.find("{http://www.w3.org/2005/Atom}link").get("href") if it.find("{http://www.w3.org/2005/Atom}link") is not None else "")
        lines.append(f"- [{title}]({link})")
    lines.append("")
f = out_dir / f"{dt.date.today():%G-W%V}.md"
f.write_text("\n".join(lines))
print(f"wrote {f}")
