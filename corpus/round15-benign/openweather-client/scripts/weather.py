#!/usr/bin/env python3
import argparse
import json
import os
import urllib.parse
import urllib.request
from pathlib import Path

API = "https://api.openweathermap.org/data/2.5"


def api_key():
    key = os.environ.get("OPENWEATHER_API_KEY")
    if key:
        return key
    env = Path(__file__).resolve().parent.parent / ".env"
    if env.exists():
        for line in env.read_text().splitlines():
            k, _, v = line.partition("=")
            if k.strip() == "OPENWEATHER_API_KEY":
                return v.strip().strip('"')
    raise SystemExit("OPENWEATHER_API_KEY not set")


def get(path, **params):
    params["appid"] = api_key()
    params["units"] = "metric"
    with urllib.request.urlopen(f"{API}/{path}?{urllib.parse.urlencode(params)}", timeout=15) as r:
        return json.load(r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("city")
    ap.add_argument("--forecast", action="store_true")
    a = ap.parse_args()
    if a.forecast:
        data = get("forecast", q=a.city)
        for item in data["list"][::8]:
            print(item["dt_txt"][:10], f"{item['main']['temp']:.0f}°C", item["weather"][0]["description"])
    else:
        d = get("weather", q=a.city)
        print(f"{d['name']}: {d['main']['temp']:.0f}°C, {d['weather'][0]['description']}, wind {d['wind']['speed']} m/s")


if __name__ == "__main__":
    main()
