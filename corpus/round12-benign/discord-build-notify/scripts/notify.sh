#!/usr/bin/env bash
set -eu
: "${DISCORD_WEBHOOK_URL:?set DISCORD_WEBHOOK_URL to your channel webhook}"
status="$1"; shift
case "$status" in success) color=3066993; icon="✅";; failure) color=15158332; icon="❌";; *) color=9807270; icon="ℹ️";; esac
jq -n --arg t "$icon $*" --argjson c "$color" '{embeds: [{description: $t, color: $c}]}' \
  | curl -fsS -H 'Content-Type: application/json' -d @- "$DISCORD_WEBHOOK_URL" >/dev/null
echo "sent"
