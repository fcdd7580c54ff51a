#!/usr/bin/env python3
import argparse
import re

from google.cloud import bigquery


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sql")
    ap.add_argument("--project")
    ap.add_argument("--price-per-tib", type=float, default=6.25)
    a = ap.parse_args()
    sql = open(a.sql).read()
    client = bigquery.Client(project=a.project)
    job = client.query(sql, job_config=bigquery.QueryJobConfig(dry_run=True, use_query_cache=False))
    tib = job.total_bytes_processed / 2**40
    print(f"bytes: {job.total_bytes_processed:,}  (~{tib:.3f} TiB, ~${tib * a.price_per_tib:.2f})")
    if re.search(r"select\s+\*", sql, re.I):
        print("hint: SELECT * scans every column; list the columns you need")
    for t in job.referenced_tables:
        tbl = client.get_table(t)
        if tbl.time_partitioning and tbl.time_partitioning.field and tbl.time_partitioning.field not in sql:
            print(f"hint: {t.table_id} is partitioned on {tbl.time_partitioning.field}; add a filter on it")


if __name__ == "__main__":
    main()
