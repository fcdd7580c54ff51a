#!/usr/bin/env python3
import argparse
import json
import math
import os

from projtables import load_tables

R = 6378137.0


def merc(lon, lat):
    return R * math.radians(lon), R * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def dp(points, tol):
    if len(points) < 3:
        return points
    (x1, y1), (x2, y2) = points[0], points[-1]
    dmax, idx = 0.0, 0
    for i, (x, y) in enumerate(points[1:-1], 1):
        num = abs((y2 - y1) * x - (x2 - x1) * y + x2 * y1 - y2 * x1)
        den = math.hypot(y2 - y1, x2 - x1) or 1e-12
        if num / den > dmax:
            dmax, idx = num / den, i
    if dmax > tol:
        return dp(points[: idx + 1], tol)[:-1] + dp(points[idx:], tol)
    return [points[0], points[-1]]


def walk(coords, tol):
    if coords and isinstance(coords[0][0], (int, float)):
        return dp(coords, tol)
    return [walk(c, tol) for c in coords]


def count(coords):
    return len(coords) if coords and isinstance(coords[0][0], (int, float)) else sum(count(c) for c in coords)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--tolerance", type=float, default=0.001)
    ap.add_argument("--out")
    a = ap.parse_args()
    load_tables()
    gj = json.load(open(a.src))
    before = sum(count(f["geometry"]["coordinates"]) for f in gj["features"] if f.get("geometry"))
    for f in gj["features"]:
        if f.get("geometry"):
            f["geometry"]["coordinates"] = walk(f["geometry"]["coordinates"], a.tolerance)
    after = sum(count(f["geometry"]["coordinates"]) for f in gj["features"] if f.get("geometry"))
    out = a.out or os.path.splitext(a.src)[0] + ".min.geojson"
    json.dump(gj, open(out, "w"), separators=(",", ":"))
    print(f"{before} -> {after} vertices, wrote {out}")


if __name__ == "__main__":
    main()
