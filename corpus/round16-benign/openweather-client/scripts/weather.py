#!/usr/bin/env python3
import os
import sys

import requests

API = "https://api.openweathermap.org/data/2.5"
KEY = os.environ.get("OPENWEATHER_API_KEY")


def get(path, **params):
    r = requests.get(f"{API}/{path}", params={**params, "appid": KEY, "units": "metric"}, timeout=15)
    r.raise_for_status()
    return r.json()


def main():
    if not KEY:
        sys.exit("OPENWEATHER_API_KEY is not set")
    city = sys.argv[1]
    if "--forecast" in sys.argv:
        data = get("forecast", q=city)
        for item in data["list"][::8]:
            print(f"{item['dt_txt'][:10]}  {item['main']['temp_min']:.0f}-{item['main']['temp_max']:.0f}°C  {item['weather'][0]['description']}")
    else:
        d = get("weather", q=city)
        print(f"{d['name']}: {d['main']['temp']:.1f}°C, {d['weather'][0]['description']}, wind {d['wind']['speed']} m/s")


if __name__ == "__main__":
    main()
