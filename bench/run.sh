#!/usr/bin/env bash
# Benchmark skillscan: throughput on a corpus, single-skill latency, peak
# RSS, and a 12 MB script, each beside the I/O floor (`cat` of the same
# files in the same run).
#
#   bench/run.sh [CORPUS_DIR]         scan CORPUS_DIR (a folder of skills)
#   bench/run.sh --generate N         generate N synthetic skills (bench/gen.py)
#
# Options (environment):
#   SKILLSCAN_BIN   binary to measure (default: cargo build --release, then
#                   target/release/skillscan)
#   RUNS            timed runs per measurement; the median is reported (3)
#   LATENCY_RUNS    runs of the single-skill latency measurement (21)
#   JOBS            -j for the corpus scan (default: all cores)
#   OUT             also write the Markdown table to this file
#   KEEP            keep the generated files (set to 1)
#
# Needs bash, python3, and GNU time at /usr/bin/time for peak RSS (without
# it RSS is reported as "n/a"; `apt-get install time` provides it).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
RUNS="${RUNS:-3}"
LATENCY_RUNS="${LATENCY_RUNS:-21}"

usage() {
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

corpus=""
generate=""
case "${1:-}" in
  -h|--help) usage ;;
  --generate) generate="${2:?--generate needs a number of skills}" ;;
  "") generate=2400 ;;
  *) corpus="$1" ;;
esac

work="$(mktemp -d "${TMPDIR:-/tmp}/skillscan-bench.XXXXXX")"
cleanup() { if [[ "${KEEP:-0}" != 1 ]]; then rm -rf "$work"; else echo "kept $work" >&2; fi; }
trap cleanup EXIT

if [[ -z "${SKILLSCAN_BIN:-}" ]]; then
  (cd "$repo" && cargo build --release --quiet)
  bin="$(cd "$repo" && cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/skillscan"
else
  bin="$SKILLSCAN_BIN"
fi
[[ -x "$bin" ]] || { echo "bench: no executable at $bin; build with cargo build --release or set SKILLSCAN_BIN" >&2; exit 2; }

if [[ -n "$generate" ]]; then
  corpus="$work/corpus"
  python3 "$here/gen.py" "$generate" "$corpus" >&2
fi
[[ -d "$corpus" ]] || { echo "bench: $corpus is not a folder; pass a folder of skills or --generate N" >&2; exit 2; }

has_time=0
if /usr/bin/time -f %M true >/dev/null 2>&1; then has_time=1; fi

# now_ns: wall clock in nanoseconds.
now_ns() { date +%s%N; }

# measure CMD...: runs CMD once; sets $secs (wall), $cpu (user + system
# seconds, or n/a) and $rss_kb (peak, or n/a). CPU time is reported beside
# wall time because it hardly moves when other work shares the machine.
# Output goes to /dev/null; the exit code is kept in $rc (skillscan exits 1
# or 2 when it finds something or could not finish a skill).
measure() {
  local t0 t1 u sy
  t0=$(now_ns)
  if [[ $has_time == 1 ]]; then
    set +e
    /usr/bin/time -f '%M %U %S' -o "$work/rss" "$@" >/dev/null 2>"$work/stderr"
    rc=$?
    set -e
    read -r rss_kb u sy < <(tail -n 1 "$work/rss")
    cpu=$(python3 -c "print($u + $sy)")
  else
    set +e
    "$@" >/dev/null 2>"$work/stderr"
    rc=$?
    set -e
    rss_kb="n/a"
    cpu="n/a"
  fi
  t1=$(now_ns)
  secs=$(python3 -c "print(($t1 - $t0) / 1e9)")
}

# median_of N CMD...: median wall seconds ($med), median CPU seconds
# ($med_cpu) and max RSS ($rss_peak) over N runs.
median_of() {
  local n=$1; shift
  local times=() cpus=() rss_max=0 i
  for ((i = 0; i < n; i++)); do
    measure "$@"
    times+=("$secs")
    cpus+=("$cpu")
    if [[ "$rss_kb" != n/a ]] && ((rss_kb > rss_max)); then rss_max=$rss_kb; fi
  done
  med=$(median "${times[@]}")
  if [[ $has_time == 1 ]]; then
    rss_peak=$rss_max
    med_cpu=$(median "${cpus[@]}")
  else
    rss_peak="n/a"
    med_cpu="n/a"
  fi
}

median() { printf '%s\n' "$@" | python3 -c 'import sys; v=sorted(float(x) for x in sys.stdin); print(v[len(v)//2])'; }
secs2() { if [[ "$1" == n/a ]]; then echo n/a; else printf '%.2f s' "$1"; fi; }
mb() { python3 -c "print(f'{$1 / 1048576:.1f}')"; }
fmt_rss() { if [[ "$1" == n/a ]]; then echo n/a; else python3 -c "print(f'{$1 / 1024:.0f} MB')"; fi; }

skills=$(find "$corpus" -name SKILL.md -type f | wc -l)
files=$(find "$corpus" -type f | wc -l)
bytes=$(find "$corpus" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
cores=$(nproc)
jobs_arg=()
[[ -n "${JOBS:-}" ]] && jobs_arg=(-j "$JOBS")

echo "bench: $skills skills, $files files, $(mb "$bytes") MB in $corpus; binary $bin; $cores cores" >&2

# Warm the page cache once, then the I/O floor and the scan, alternating.
find "$corpus" -type f -exec cat {} + >/dev/null
median_of "$RUNS" bash -c 'find "$1" -type f -exec cat {} + >/dev/null' _ "$corpus"
cat_secs=$med
median_of "$RUNS" "$bin" audit "$corpus" --format json --no-policy --no-progress "${jobs_arg[@]}"
scan_secs=$med
scan_cpu=$med_cpu
scan_rss=$rss_peak
scan_rc=$rc

# Single-skill latency: a small benign corpus skill, end to end.
one="$repo/corpus/benign/csv-summarizer"
[[ -d "$one" ]] || one="$(dirname "$(find "$corpus" -name SKILL.md -type f | sort | head -n 1)")"
median_of "$LATENCY_RUNS" "$bin" audit "$one" --format json --no-policy
one_secs=$med
one_cpu=$med_cpu
one_rss=$rss_peak
median_of "$LATENCY_RUNS" cat "$one/SKILL.md"
one_cat=$med

# One 12 MB script per language, built from corpus scripts (realistic code,
# repeated with renamed variables so nothing collapses to one line).
big_rows=""
for lang in sh py js; do
  d="$work/big-$lang"
  mkdir -p "$d/scripts"
  printf -- '---\nname: big-%s\ndescription: One very large bundled script.\n---\nRun `scripts/big.%s`.\n' "$lang" "$lang" >"$d/SKILL.md"
  python3 - "$repo/corpus" "$lang" "$d/scripts/big.$lang" <<'EOF'
import os, sys
root, ext, out = sys.argv[1], sys.argv[2], sys.argv[3]
srcs = []
for dp, dn, fn in os.walk(root):
    dn.sort()
    for f in sorted(fn):
        if f.endswith("." + ext):
            srcs.append(open(os.path.join(dp, f), encoding="utf-8", errors="replace").read())
if not srcs:
    srcs = ["echo hello\n"]
target = 12 * 1024 * 1024
with open(out, "w") as o:
    n = i = 0
    while n < target:
        chunk = srcs[i % len(srcs)].replace("#!/", "# !/").replace("main", f"main_{i}")
        o.write(chunk + "\n")
        n += len(chunk) + 1
        i += 1
EOF
  median_of "$RUNS" "$bin" audit "$d" --format json --no-policy
  s=$med c=$med_cpu r=$rss_peak
  median_of "$RUNS" cat "$d/scripts/big.$lang"
  big_rows+="| one 12 MB .$lang script | $(printf '%.2f' "$s") s | $(secs2 "$c") | $(fmt_rss "$r") | $(printf '%.3f' "$med") s | $(python3 -c "print(f'{$s / max($med, 1e-9):.0f}x')") |"$'\n'
done

ratio=$(python3 -c "print(f'{$scan_secs / max($cat_secs, 1e-9):.1f}')")
sps=$(python3 -c "print(f'{$skills / $scan_secs:.0f}')")
mbps=$(python3 -c "print(f'{$bytes / 1048576 / $scan_secs:.1f}')")
load=$(cut -d' ' -f1-3 /proc/loadavg)

table=$(cat <<EOF
| measurement | skillscan wall | CPU (user+sys) | peak RSS | \`cat\` floor (wall) | ratio (wall) |
|---|---|---|---|---|---|
| corpus: $skills skills, $files files, $(mb "$bytes") MB (exit $scan_rc) | $(printf '%.2f' "$scan_secs") s ($sps skills/s, $mbps MB/s) | $(secs2 "$scan_cpu") | $(fmt_rss "$scan_rss") | $(printf '%.3f' "$cat_secs") s | ${ratio}x |
| one skill: \`audit $(basename "$one") --format json\` (median of $LATENCY_RUNS) | $(python3 -c "print(f'{$one_secs * 1000:.0f}')") ms | $(secs2 "$one_cpu") | $(fmt_rss "$one_rss") | $(python3 -c "print(f'{$one_cat * 1000:.1f}')") ms | |
${big_rows}
Machine: $cores cores, load average before the run ended: $load. Median of $RUNS runs unless noted; page cache warm.
EOF
)
echo "$table"
if [[ -n "${OUT:-}" ]]; then echo "$table" >"$OUT"; fi
