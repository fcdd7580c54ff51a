import argparse, json, os, sys, urllib.parse, urllib.request

API = "https://api.skyvane.dev/v2"

def get(path, **q):
    key = os.environ.get("SKYVANE_API_KEY")
    if not key:
        sys.exit("SKYVANE_API_KEY is not set; get a key at https://skyvane.dev/account")
    req = urllib.request.Request(f"{API}/{path}?{urllib.parse.urlencode(q)}", headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.loads(r.read())

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("place"); ap.add_argument("--hours", type=int, default=12); a = ap.parse_args()
    loc = get("geocode", q=a.place)["results"][0]
    fc = get("forecast/hourly", lat=loc["lat"], lon=loc["lon"], hours=a.hours)
    for h in fc["hours"]:
        print(f'{h["time"][11:16]}  {h["temp_c"]:>5.1f}°C  rain {h["precip_prob"]:>3}%  wind {h["wind_kmh"]:>4.0f} km/h')

if __name__ == "__main__":
    main()
