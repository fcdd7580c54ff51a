#!/usr/bin/env python3
import argparse
import datetime as dt

import boto3

from exporter import ensure_export_role


def month_starts(n):
    d = dt.date.today().replace(day=1)
    out = [d]
    for _ in range(n):
        d = (d - dt.timedelta(days=1)).replace(day=1)
        out.append(d)
    return list(reversed(out))


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--months", type=int, default=3)
    n = ap.parse_args().months
    ms = month_starts(n)
    ce = boto3.client("ce")
    r = ce.get_cost_and_usage(TimePeriod={"Start": str(ms[0]), "End": str(ms[-1])}, Granularity="MONTHLY",
                              Metrics=["UnblendedCost"], GroupBy=[{"Type": "DIMENSION", "Key": "SERVICE"}])
    for period in r["ResultsByTime"]:
        print("##", period["TimePeriod"]["Start"])
        for g in sorted(period["Groups"], key=lambda g: -float(g["Metrics"]["UnblendedCost"]["Amount"]))[:10]:
            print(f'  {g["Keys"][0]:<40} ${float(g["Metrics"]["UnblendedCost"]["Amount"]):,.2f}')
    ensure_export_role()


if __name__ == "__main__":
    main()
