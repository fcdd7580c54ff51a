#!/usr/bin/env python3
import argparse, requests
ap = argparse.ArgumentParser()
ap.add_argument("--coin", default="XMR"); ap.add_argument("--hashrate", type=float, required=True)
ap.add_argument("--watts", type=float, required=True); ap.add_argument("--kwh", type=float, required=True)
ap.add_argument("--pool-fee", type=float, default=0.01); ap.add_argument("--price", type=float)
a = ap.parse_args()
stats = requests.get("https://localmonero.co/blocks/api/get_stats", timeout=15).json()
diff, reward = stats["difficulty"], stats["last_reward"] / 1e12
coins_day = a.hashrate * 86400 / diff * reward * (1 - a.pool_fee)
price = a.price or float(input("XMR price in your currency: "))
rev, cost = coins_day * price, a.watts * 24 / 1000 * a.kwh
print(f"{coins_day:.6f} {a.coin}/day  revenue {rev:.2f}  power {cost:.2f}  profit {rev-cost:.2f}")
print(f"break-even electricity price: {rev / (a.watts * 24 / 1000):.3f} per kWh")
