#!/usr/bin/env python3
"""Fallback when the CLI is missing: query Open-Meteo directly."""
import json
import sys
import urllib.parse
import urllib.request

lat, lon = float(sys.argv[1]), float(sys.argv[2])
q = urllib.parse.urlencode({"latitude": lat, "longitude": lon, "daily": "temperature_2m_max,temperature_2m_min,precipitation_probability_max,wind_speed_10m_max", "timezone": "auto", "forecast_days": 3})
with urllib.request.urlopen(f"https://api.open-meteo.com/v1/forecast?{q}", timeout=10) as r:
    d = json.load(r)["daily"]
for i, day in enumerate(d["time"]):
    print(f"{day}  {d['temperature_2m_max'][i]:.0f}°/{d['temperature_2m_min'][i]:.0f}°  rain {d['precipitation_probability_max'][i]}%  wind {d['wind_speed_10m_max'][i]:.0f} km/h")
