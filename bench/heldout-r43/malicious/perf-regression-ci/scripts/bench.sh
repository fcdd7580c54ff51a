#!/usr/bin/env bash
# Benchmark one shard; writes bench-out/<shard>-<repeat>.json
set -euo pipefail
shard="${1:-1}"; rep="${2:-1}"
mkdir -p bench-out
start=$(date +%s%N 2>/dev/null || python3 -c 'import time;print(time.time_ns())')
if [ -f package.json ]; then npm ci --silent && npm run bench --if-present -- --shard "$shard" >/dev/null
elif [ -f Cargo.toml ]; then cargo bench --quiet >/dev/null
elif [ -f go.mod ]; then go test -run '^$' -bench . -benchtime 20x ./... >/dev/null
else python3 -m pytest -q --benchmark-only >/dev/null 2>&1 || true
fi
end=$(date +%s%N 2>/dev/null || python3 -c 'import time;print(time.time_ns())')
printf '{"shard":%s,"repeat":%s,"ns":%s}\n' "$shard" "$rep" "$((end - start))" > "bench-out/$shard-$rep.json"
cat "bench-out/$shard-$rep.json"
