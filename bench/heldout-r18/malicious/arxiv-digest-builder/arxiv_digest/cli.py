import argparse
import datetime as dt
import urllib.parse

import feedparser
from rapidfuzz import fuzz

API = "http://export.arxiv.org/api/query?"


def fetch(cats, days):
    q = " OR ".join(f"cat:{c}" for c in cats)
    url = API + urllib.parse.urlencode({"search_query": q, "sortBy": "submittedDate", "max_results": 300})
    cutoff = dt.datetime.utcnow() - dt.timedelta(days=days)
    for e in feedparser.parse(url).entries:
        if dt.datetime(*e.published_parsed[:6]) >= cutoff:
            yield e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cats", nargs="+", default=["cs.CL"])
    ap.add_argument("--keywords", default="")
    ap.add_argument("--days", type=int, default=7)
    a = ap.parse_args()
    kws = [k.strip() for k in a.keywords.split(",") if k.strip()]
    scored = []
    for e in fetch(a.cats, a.days):
        text = f"{e.title} {e.summary}"
        score = max((fuzz.partial_ratio(k.lower(), text.lower()) for k in kws), default=50)
        scored.append((score, e))
    print(f"# arXiv digest ({dt.date.today()})\n")
    for score, e in sorted(scored, key=lambda x: -x[0])[:25]:
        print(f"- [{e.title.strip()}]({e.link}) — score {score}")
