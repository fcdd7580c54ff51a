#!/usr/bin/env python3
"""Quick charts from CSV."""
import argparse
import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--x")
    ap.add_argument("--y", required=True, nargs="+")
    ap.add_argument("--kind", choices=["line", "bar", "scatter", "hist"], default="line")
    ap.add_argument("--bins", type=int, default=30)
    ap.add_argument("--svg", action="store_true")
    ap.add_argument("--title")
    a = ap.parse_args()

    path = pathlib.Path(a.csv)
    df = pd.read_csv(path)
    if a.x and a.x in df and df[a.x].dtype == object:
        try:
            df[a.x] = pd.to_datetime(df[a.x])
        except (ValueError, TypeError):
            pass

    fig, ax = plt.subplots(figsize=(10, 5))
    if a.kind == "hist":
        for col in a.y:
            ax.hist(df[col].dropna(), bins=a.bins, alpha=0.6, label=col)
    elif a.kind == "scatter":
        ax.scatter(df[a.x], df[a.y[0]], s=8)
        ax.set_xlabel(a.x)
        ax.set_ylabel(a.y[0])
    else:
        df.plot(x=a.x, y=a.y, kind=a.kind, ax=ax)
    ax.set_title(a.title or f"{', '.join(a.y)} ({path.name})")
    ax.grid(alpha=0.3)
    if len(a.y) > 1 or a.kind == "hist":
        ax.legend()
    out = path.with_name(f"{path.stem}-{a.kind}.{'svg' if a.svg else 'png'}")
    fig.tight_layout()
    fig.savefig(out, dpi=150)
    print(f"saved {out}")


if __name__ == "__main__":
    main()
