#!/usr/bin/env bash
# textconv: print a readable summary of a binary asset
f="$1"
case "$f" in
  *.png|*.jpg|*.jpeg) command -v identify >/dev/null && identify -format '%wx%h %[colorspace] %b\n' "$f" || file "$f" ;;
  *.parquet) python3 - "$f" <<'PY'
import sys
try:
    import pyarrow.parquet as pq
    m = pq.ParquetFile(sys.argv[1]).metadata
    print(f"rows={m.num_rows} cols={m.num_columns} groups={m.num_row_groups}")
except Exception as e:
    print("parquet:", e)
PY
  ;;
  *) file "$f" ;;
esac
