#!/bin/sh
# Checks skillscan's SARIF with the clients GitHub users run it through:
# github/codeql-action's own upload-sarif processing (schema, fingerprints,
# category; only the HTTP upload is stubbed), Microsoft's SARIF multitool
# with the GitHub rule set, and markdown-it on every rule's help.
#
#   tests/github/run.sh [WORK]        (default WORK: /tmp/skillscan-github)
#
# Needs the network: npm (markdown-it, @microsoft/sarif-multitool) and, unless
# CODEQL_ACTION_DIR names a checkout already, a shallow git clone of
# github/codeql-action at the tag action.yml pins. Not part of `cargo test`.
# Env: SKILLSCAN (default target/release/skillscan), CODEQL_ACTION_DIR,
# CODEQL_ACTION_TAG (default: the version in action.yml's pin comment).
# Exit 0 when every check holds. See docs/clients.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${1:-/tmp/skillscan-github}
bin=${SKILLSCAN:-$repo/target/release/skillscan}
[ -x "$bin" ] || { echo "no skillscan binary at $bin: run cargo build --release or set SKILLSCAN" >&2; exit 2; }
mkdir -p "$work"
tag=${CODEQL_ACTION_TAG:-$(sed -n 's/.*codeql-action\/upload-sarif@[0-9a-f]* # \(v[0-9.]*\).*/\1/p' "$repo/action.yml" | head -n 1)}
action=${CODEQL_ACTION_DIR:-$work/codeql-action}
if [ ! -f "$action/lib/upload-lib.js" ]; then
  git clone -q --depth 1 --branch "$tag" https://github.com/github/codeql-action "$action"
fi
echo "codeql-action: $(sed -n 's/.*"version": "\(.*\)".*/\1/p' "$action/package.json" | head -n 1) ($action)"
if [ ! -d "$work/npm/node_modules/markdown-it" ]; then
  mkdir -p "$work/npm" && (cd "$work/npm" && npm init -y >/dev/null && npm i --no-audit --no-fund markdown-it @microsoft/sarif-multitool >/dev/null 2>&1)
fi

# SARIF: the committed samples and fresh scans of corpus/ from the
# repository root, from a subfolder and from outside the repository.
out=$work/sarif && rm -rf "$out" && mkdir -p "$out"
(cd "$repo" && "$bin" audit corpus --format sarif --no-progress -o "$out/corpus.sarif" 2>/dev/null) || true
(cd "$repo/corpus" && "$bin" audit malicious --format sarif --sarif-category skills/sub --no-progress -o "$out/from-subfolder.sarif" 2>/dev/null) || true
(cd / && "$bin" audit "$repo/corpus/evasion" --format sarif --no-progress -o "$out/from-outside.sarif" 2>/dev/null) || true
cp "$repo"/sarif-samples/*.sarif "$out/"

status=0
# codeql-action's upload-lib on the files; its workflow commands (`::`) left out.
upload() {
  rc=0
  node "$here/upload-sarif.cjs" --lib "$action/lib/upload-lib.js" --checkout "$repo" "$@" > "$work/upload.txt" || rc=$?
  grep -v '^::' "$work/upload.txt" || true
  return $rc
}
echo "== upload-sarif (codeql-action's lib/upload-lib.js)"
upload "$out"/*.sarif || status=1
echo "== two uses of the action in one job (default categories, as action.yml computes them)"
sum=sha256sum; command -v sha256sum >/dev/null 2>&1 || sum="shasum -a 256"
cat_for() { printf 'skillscan/scan/%s' "$(printf '%s\n%s' "null" "$1" | $sum | cut -c1-8)"; }
upload --same-job "$out/evasion.sarif=$(cat_for skills/a)" "$out/malicious-hook.sarif=$(cat_for skills/b)" || status=1
echo "   (control: the same path twice in one job must be refused)"
if upload --same-job "$out/evasion.sarif=$(cat_for skills/a)" "$out/benign.sarif=$(cat_for skills/a)"; then
  echo "   FAIL: a repeated category was accepted"; status=1
fi
echo "== rule help rendered by markdown-it"
node "$here/render-help.cjs" --markdown-it "$work/npm/node_modules/markdown-it" "$out"/*.sarif || status=1
echo "== SARIF multitool, GitHub rules (Gh) and SARIF rules"
mt=$(ls "$work"/npm/node_modules/@microsoft/sarif-multitool-*/Sarif.Multitool 2>/dev/null | head -n 1)
if [ -n "$mt" ]; then
  chmod u+x "$mt"
  for f in "$out"/*.sarif; do
    rm -f "$f.mt.json"
    "$mt" validate --rule-kind "Gh;Sarif" --level "Error;Warning" -o "$f.mt.json" "$f" >/dev/null 2>&1 || true
    node -e '
      const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const r = d.runs.flatMap((x) => x.results ?? []);
      console.log(`${process.argv[2]}: ${r.length} errors or warnings${r.length ? ": " + [...new Set(r.map((x) => x.ruleId))].join(", ") : ""}`);
      process.exit(r.length ? 1 : 0);' "$f.mt.json" "$(basename "$f")" || status=1
  done
else
  echo "no SARIF multitool binary for this platform" && status=1
fi
exit $status
