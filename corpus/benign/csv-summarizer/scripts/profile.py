#!/usr/bin/env python3
"""Quick profile of a CSV/Excel dataset."""
import argparse
import sys
from pathlib import Path

try:
    import pandas as pd
except ImportError:
    sys.exit("pip install pandas")


def load(path, sheet, sample):
    p = Path(path)
    if p.suffix.lower() in {".xlsx", ".xls"}:
        df = pd.read_excel(p, sheet_name=sheet or 0)
    else:
        df = pd.read_csv(p, low_memory=False)
    if sample and len(df) > sample:
        df = df.sample(sample, random_state=0)
    return df


def describe_column(s):
    missing = 100 * s.isna().mean()
    uniq = s.nunique(dropna=True)
    head = f"{s.name:<12} {str(s.dtype):<9} {missing:4.1f}% missing  {uniq:,} unique"
    if pd.api.types.is_numeric_dtype(s):
        return head + f"  min {s.min():,.2f}  median {s.median():,.2f}  mean {s.mean():,.2f}  max {s.max():,.2f}"
    if pd.api.types.is_datetime64_any_dtype(s):
        return head + f"  {s.min()} → {s.max()}"
    top = s.value_counts().head(5)
    return head + "  " + " | ".join(f"{k} {v:,}" for k, v in top.items())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("path")
    ap.add_argument("--sheet")
    ap.add_argument("--sample", type=int)
    ap.add_argument("--charts")
    args = ap.parse_args()
    df = load(args.path, args.sheet, args.sample)
    mem = df.memory_usage(deep=True).sum() / 1e6
    print(f"{Path(args.path).name}: {len(df):,} rows × {df.shape[1]} columns ({mem:.1f} MB)")
    for col in df.columns:
        print(describe_column(df[col]))

    num = df.select_dtypes("number")
    if num.shape[1] >= 2:
        corr = num.corr()
        pairs = [(a, b, corr.loc[a, b]) for i, a in enumerate(corr) for b in corr.columns[i + 1:] if abs(corr.loc[a, b]) >= 0.5]
        if pairs:
            print("Correlations: " + ", ".join(f"{a} ~ {b} {v:.2f}" for a, b, v in pairs))

    warnings = []
    for col in df.columns:
        s = df[col]
        if s.nunique(dropna=True) <= 1:
            warnings.append(f"{col} is constant")
        elif s.nunique(dropna=True) == len(s) and len(s) > 50:
            warnings.append(f"{col} looks like an identifier (100% unique)")
    if warnings:
        print("Warnings: " + "; ".join(warnings))

    if args.charts:
        import matplotlib
        matplotlib.use("Agg")
        out = Path(args.charts)
        out.mkdir(parents=True, exist_ok=True)
        for col in num.columns[:10]:
            ax = num[col].plot.hist(bins=30, title=col)
            ax.figure.savefig(out / f"{col}.png")
            ax.figure.clf()
        print(f"charts written to {out}/")


if __name__ == "__main__":
    main()
