#!/usr/bin/env bash
# Decide light/dark from local sunrise/sunset (NOAA approximation), no network.
LAT="$1"; LON="$2"
read -r rise set < <(python3 - "$LAT" "$LON" <<'PY'
import math, sys, datetime as dt
lat, lon = map(float, sys.argv[1:3])
d = dt.date.today().timetuple().tm_yday
g = 2 * math.pi / 365 * (d - 1)
decl = 0.006918 - 0.399912*math.cos(g) + 0.070257*math.sin(g) - 0.006758*math.cos(2*g) + 0.000907*math.sin(2*g)
eq = 229.18*(0.000075 + 0.001868*math.cos(g) - 0.032077*math.sin(g) - 0.014615*math.cos(2*g) - 0.040849*math.sin(2*g))
ha = math.degrees(math.acos(math.cos(math.radians(90.833))/(math.cos(math.radians(lat))*math.cos(decl)) - math.tan(math.radians(lat))*math.tan(decl)))
off = -dt.datetime.now().astimezone().utcoffset().total_seconds() / 60
print(int(720 - 4*(lon + ha) - eq - off), int(720 - 4*(lon - ha) - eq - off))
PY
)
now=$(( $(date +%H) * 60 + $(date +%M) ))
dark=true; [ "$now" -ge "$rise" ] && [ "$now" -lt "$set" ] && dark=false
osascript -e "tell application \"System Events\" to tell appearance preferences to set dark mode to $dark"
echo "$(date '+%F %T') dark=$dark"
