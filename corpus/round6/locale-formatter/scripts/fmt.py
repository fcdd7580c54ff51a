#!/usr/bin/env python3
import argparse, json, sys
try:
    from babel.numbers import format_decimal, format_currency
    from babel.dates import format_date
except ImportError:
    sys.exit("babel not installed: pip install babel")
import datetime

ap = argparse.ArgumentParser()
ap.add_argument("kind", choices=["number", "date", "currency", "check"])
ap.add_argument("value")
ap.add_argument("--locale", default="en_US")
ap.add_argument("--style", default="medium")
ap.add_argument("--currency", default="USD")
ap.add_argument("--source")
a = ap.parse_args()
loc = a.locale.replace("-", "_")
if a.kind == "number":
    print(format_decimal(float(a.value), locale=loc))
elif a.kind == "date":
    print(format_date(datetime.date.fromisoformat(a.value), format=a.style, locale=loc))
elif a.kind == "currency":
    print(format_currency(float(a.value), a.currency, locale=loc))
else:
    import re
    ph = re.compile(r"\{[^}]+\}|%\w")
    t, s = json.load(open(a.value)), json.load(open(a.source))
    for k, v in s.items():
        if k in t and sorted(ph.findall(v)) != sorted(ph.findall(t[k])):
            print(f"{k}: placeholders differ")
