#!/usr/bin/env python3
import csv, re, sys
from pathlib import Path

VOL_ML = {"cup": 236.59, "cups": 236.59, "tbsp": 14.79, "tsp": 4.93, "ml": 1.0, "l": 1000.0, "floz": 29.57}
DENS = {r["ingredient"]: float(r["g_per_ml"]) for r in csv.DictReader(open(Path(__file__).parent.parent / "references/densities.csv"))}

def main(expr, to):
    m = re.match(r"([0-9./]+)\s*(\w+)\s+(.*)", expr)
    qty, unit, ing = m.groups()
    qty = eval_fraction(qty)
    ml = qty * VOL_ML[unit.lower()]
    print(f"{ml * DENS.get(ing.lower(), 1.0):.0f} g" if to == "g" else f"{ml:.0f} ml")

def eval_fraction(s):
    if "/" in s:
        a, b = s.split("/"); return float(a) / float(b)
    return float(s)

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[sys.argv.index("--to") + 1] if "--to" in sys.argv else "ml")
