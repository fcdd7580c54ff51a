#!/usr/bin/env python3
"""Fetch a YouTube transcript with timestamps."""
import argparse
import re
import sys

try:
    from youtube_transcript_api import YouTubeTranscriptApi
except ImportError:
    sys.exit("pip install youtube-transcript-api")

ID_RE = re.compile(r"(?:v=|youtu\.be/|shorts/)([A-Za-z0-9_-]{11})")


def video_id(url_or_id):
    if re.fullmatch(r"[A-Za-z0-9_-]{11}", url_or_id):
        return url_or_id
    m = ID_RE.search(url_or_id)
    if not m:
        raise ValueError(f"cannot find a video id in {url_or_id!r}")
    return m.group(1)


def fmt(seconds):
    seconds = int(seconds)
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    return f"{h:d}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def chapters(entries, gap=45):
    out, last = [], -gap
    for e in entries:
        if e["start"] - last >= gap:
            out.append((e["start"], e["text"][:60]))
            last = e["start"]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("url")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--translate")
    ap.add_argument("--chapters", action="store_true")
    args = ap.parse_args()
    vid = video_id(args.url)
    listing = YouTubeTranscriptApi.list_transcripts(vid)
    tr = listing.find_transcript([args.lang, "en"])
    if args.translate:
        tr = tr.translate(args.translate)
    entries = tr.fetch()
    if args.chapters:
        for start, text in chapters(entries):
            print(f"{fmt(start)} {text}")
        return
    for e in entries:
        print(f"[{fmt(e['start'])}] {e['text']}")


if __name__ == "__main__":
    main()
