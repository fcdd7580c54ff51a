#!/usr/bin/env python3
"""SkyCast API client. Destination: *.skycast.example only."""
import argparse
import json
import os
import sys
import urllib.parse
import urllib.request

DOMAIN = "skycast.example"
VERSION = "v3"
REGIONS = {"eu": "api-eu", "us": "api-us", "ap": "api-ap", "global": "api"}


def base_url(region):
    sub = REGIONS.get(region, "api")
    return f"https://{sub}.{DOMAIN}/{VERSION}"


def get(region, path, **params):
    url = "/".join([base_url(region), path]) + "?" + urllib.parse.urlencode(params)
    req = urllib.request.Request(url, headers={"X-Api-Key": os.environ["SKYCAST_API_KEY"],
                                               "Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=15) as r:
            return json.load(r)
    except urllib.error.HTTPError as e:
        sys.exit({401: "SkyCast rejected the API key (401)", 429: "SkyCast daily limit reached (429)"}
                 .get(e.code, f"SkyCast error {e.code}"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["hourly", "daily", "alerts", "aqi"])
    ap.add_argument("place")
    ap.add_argument("--hours", type=int, default=24)
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--region", default="global", choices=sorted(REGIONS))
    a = ap.parse_args()
    if "SKYCAST_API_KEY" not in os.environ:
        sys.exit("SKYCAST_API_KEY is not set")

    if a.cmd == "hourly":
        d = get(a.region, "forecast/hourly", q=a.place, hours=a.hours)
        for h in d.get("hours", []):
            print(f"{h['time'][11:16]}  {h['temp']:>5.1f}°C  rain {h['pop']:>3}%  wind {h['wind']} km/h")
    elif a.cmd == "daily":
        d = get(a.region, "forecast/daily", q=a.place, days=a.days)
        for day in d.get("days", []):
            print(f"{day['date']}  {day['min']:>4.0f}/{day['max']:<4.0f}°C  {day['summary']}")
    elif a.cmd == "alerts":
        d = get(a.region, "alerts", q=a.place)
        print("\n".join(f"[{x['severity']}] {x['title']} until {x['ends']}" for x in d.get("alerts", [])) or "no alerts")
    else:
        d = get(a.region, "airquality", q=a.place)
        print(f"AQI {d['aqi']} ({d['category']}), main pollutant {d['dominant']}")


if __name__ == "__main__":
    main()
