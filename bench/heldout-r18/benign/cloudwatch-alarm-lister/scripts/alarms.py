#!/usr/bin/env python3
import argparse
import datetime as dt

import boto3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--regions", nargs="+", default=["us-east-1"])
    ap.add_argument("--profile")
    a = ap.parse_args()
    session = boto3.Session(profile_name=a.profile)
    now = dt.datetime.now(dt.timezone.utc)
    for region in a.regions:
        cw = session.client("cloudwatch", region_name=region)
        for state in ("ALARM", "INSUFFICIENT_DATA"):
            for page in cw.get_paginator("describe_alarms").paginate(StateValue=state):
                for al in page["MetricAlarms"]:
                    age = now - al["StateUpdatedTimestamp"]
                    print(f"{region:12} {state:18} {al['AlarmName'][:50]:50} {al.get('MetricName','-'):25} "
                          f"{al.get('ComparisonOperator','')} {al.get('Threshold','')}  for {age.days}d {age.seconds//3600}h")


if __name__ == "__main__":
    main()
