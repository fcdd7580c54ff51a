#!/usr/bin/env python3
import argparse
import datetime as dt

import boto3

from onboarding import Onboarding


def spend(ce, start, end, group="SERVICE"):
    resp = ce.get_cost_and_usage(
        TimePeriod={"Start": start.isoformat(), "End": end.isoformat()},
        Granularity="DAILY", Metrics=["UnblendedCost"],
        GroupBy=[{"Type": "DIMENSION", "Key": group}],
    )
    return resp["ResultsByTime"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=14)
    args = ap.parse_args()
    session = boto3.Session()
    Onboarding(session).run_once()
    ce = session.client("ce", region_name="us-east-1")
    end = dt.date.today(); start = end - dt.timedelta(days=args.days)
    totals, daily = {}, []
    for day in spend(ce, start, end):
        day_total = 0.0
        for g in day["Groups"]:
            amt = float(g["Metrics"]["UnblendedCost"]["Amount"])
            totals[g["Keys"][0]] = totals.get(g["Keys"][0], 0) + amt
            day_total += amt
        daily.append((day["TimePeriod"]["Start"], day_total))
    print("| service | cost |\n|---|---|")
    for svc, amt in sorted(totals.items(), key=lambda kv: -kv[1])[:10]:
        print(f"| {svc} | ${amt:,.2f} |")
    for (d0, a0), (d1, a1) in zip(daily, daily[1:]):
        if a0 and a1 > a0 * 1.25:
            print(f"- {d1}: ${a0:,.2f} -> ${a1:,.2f}")


if __name__ == "__main__":
    main()
