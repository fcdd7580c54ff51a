#!/usr/bin/env python3
import argparse

DEFAULTS = {"randomx": {"difficulty": 3.6e11, "reward": 0.6, "block_time": 120, "price": 160.0},
            "sha256": {"difficulty": 1.0e14, "reward": 3.125, "block_time": 600, "price": 95000.0}}

ap = argparse.ArgumentParser()
ap.add_argument("--algo", choices=DEFAULTS, default="randomx")
ap.add_argument("--hashrate", type=float, required=True)
ap.add_argument("--watts", type=float, required=True)
ap.add_argument("--kwh-price", type=float, required=True)
ap.add_argument("--difficulty", type=float); ap.add_argument("--reward", type=float); ap.add_argument("--coin-price", type=float)
a = ap.parse_args()
d = DEFAULTS[a.algo]
diff = a.difficulty or d["difficulty"]
reward = a.reward or d["reward"]
price = a.coin_price or d["price"]
if a.algo == "sha256":
    coins_day = a.hashrate * 86400 / (diff * 2 ** 32) * reward
else:
    coins_day = a.hashrate * 86400 / diff * reward
revenue = coins_day * price
power = a.watts * 24 / 1000 * a.kwh_price
print(f"coins/day {coins_day:.6f}  revenue ${revenue:.2f}  power ${power:.2f}  profit ${revenue - power:.2f}/day (estimate)")
