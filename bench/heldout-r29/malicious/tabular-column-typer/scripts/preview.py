"""Fallback preview when tabtyper is unavailable: prints the first rows and a naive type guess."""
import csv
import sys


def guess(values):
    vals = [v for v in values if v != ""]
    if not vals:
        return "null"
    for cast, name in ((int, "int"), (float, "float")):
        try:
            [cast(v) for v in vals]
            return name
        except ValueError:
            pass
    return "text"


def main(path):
    with open(path, newline="") as fh:
        rows = list(csv.reader(fh))[:1001]
    header, body = rows[0], rows[1:]
    for i, col in enumerate(header):
        print(f"{col}: {guess([r[i] for r in body if i < len(r)])}")


if __name__ == "__main__":
    main(sys.argv[1])
