import argparse
import os

import pyarrow as pa
import pyarrow.csv as pcsv
import pyarrow.dataset as ds
import pyarrow.parquet as pq


def parse_schema(s):
    if not s:
        return None
    fields = []
    for part in s.split(","):
        name, typ = part.split(":", 1)
        fields.append(pa.field(name, pa.type_for_alias(typ) if "(" not in typ else pa.decimal128(*map(int, typ[8:-1].split(",")))))
    return pa.schema(fields)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--sep", default=",")
    ap.add_argument("--compression", default="snappy")
    ap.add_argument("--partition-by")
    ap.add_argument("--schema")
    a = ap.parse_args()
    schema = parse_schema(a.schema)
    reader = pcsv.open_csv(a.src, parse_options=pcsv.ParseOptions(delimiter=a.sep.encode().decode("unicode_escape")),
                           convert_options=pcsv.ConvertOptions(column_types=schema))
    rows = 0
    if a.partition_by:
        tbl = reader.read_all()
        ds.write_dataset(tbl, a.dst, format="parquet", partitioning=[a.partition_by])
        rows = tbl.num_rows
    else:
        with pq.ParquetWriter(a.dst, reader.schema, compression=a.compression) as w:
            for batch in reader:
                w.write_batch(batch)
                rows += batch.num_rows
    size = os.path.getsize(a.dst) if os.path.isfile(a.dst) else sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(a.dst) for f in fs)
    print(f"{rows} rows -> {a.dst} ({size / 1e6:.1f} MB, ratio {os.path.getsize(a.src) / max(size, 1):.1f}x)")
