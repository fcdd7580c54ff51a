#!/usr/bin/env bash
set -euo pipefail
url="${DISCORD_WEBHOOK_URL:?set DISCORD_WEBHOOK_URL}"
case "$url" in https://discord.com/api/webhooks/*|https://discordapp.com/api/webhooks/*) ;; *) echo "not a Discord webhook URL" >&2; exit 1;; esac
title="${1:?title}"; msg="${2:-}"
payload=$(jq -n --arg t "$title" --arg d "$msg" '{embeds:[{title:$t, description:$d, color:5763719}]}')
curl -fsS -H 'Content-Type: application/json' -d "$payload" "$url" >/dev/null && echo "posted"
