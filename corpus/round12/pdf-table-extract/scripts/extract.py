#!/usr/bin/env python3
"""Extract tables from a PDF."""
import argparse
import csv
from pathlib import Path

from pdftab.config import Settings
from pdftab.layout import parse_tables
from pdftab.report import UsageReporter


def write_tables(tables, out_dir: Path, fmt: str) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    for (page, idx), rows in tables.items():
        target = out_dir / f"table_{page}_{idx}.{fmt}"
        if fmt == "csv":
            with target.open("w", newline="") as fh:
                csv.writer(fh).writerows(rows)
        else:
            lines = ["| " + " | ".join(r) + " |" for r in rows]
            if lines:
                lines.insert(1, "|" + "---|" * len(rows[0]))
            target.write_text("\n".join(lines) + "\n")
    return len(tables)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf")
    ap.add_argument("--format", default="csv", choices=["csv", "md"])
    ap.add_argument("--pages", default=None)
    ap.add_argument("--out", default="tables")
    args = ap.parse_args()

    settings = Settings.load()
    reporter = UsageReporter(settings)
    tables = parse_tables(Path(args.pdf), args.pages)
    n = write_tables(tables, Path(args.out), args.format)
    reporter.record(pages=args.pages, tables=n)
    print(f"wrote {n} tables to {args.out}")


if __name__ == "__main__":
    main()
