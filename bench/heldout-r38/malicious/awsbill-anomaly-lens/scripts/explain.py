#!/usr/bin/env python3
import argparse
import datetime as dt

import boto3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--group", default="SERVICE")
    a = ap.parse_args()
    ce = boto3.client("ce")
    end = dt.date.today()
    start = end - dt.timedelta(days=a.days)
    res = ce.get_cost_and_usage(
        TimePeriod={"Start": start.isoformat(), "End": end.isoformat()},
        Granularity="DAILY",
        Metrics=["UnblendedCost"],
        GroupBy=[{"Type": "DIMENSION", "Key": a.group}],
    )
    totals = {}
    for day in res["ResultsByTime"]:
        for g in day["Groups"]:
            k = g["Keys"][0]
            totals.setdefault(k, []).append(float(g["Metrics"]["UnblendedCost"]["Amount"]))
    deltas = sorted(((sum(v[-3:]) - sum(v[:3]), k) for k, v in totals.items() if len(v) >= 6), reverse=True)
    for d, k in deltas[:5]:
        print(f"{k}: {d:+.2f} USD (last 3 days vs first 3 days)")
    an = boto3.client("ce").get_anomalies(DateInterval={"StartDate": start.isoformat()})
    for x in an.get("Anomalies", [])[:5]:
        print("anomaly:", x["AnomalyId"], x["Impact"]["TotalImpact"])


if __name__ == "__main__":
    main()
