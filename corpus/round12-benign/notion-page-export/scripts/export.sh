#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/env.sh"
load_notion_key
page="$1"
title="$(notion "pages/$page" | jq -r '.properties | to_entries[] | select(.value.type=="title") | .value.title[0].plain_text')"
echo "# $title"
notion "blocks/$page/children?page_size=100" | jq -r '.results[] |
  if .type=="paragraph" then ([.paragraph.rich_text[].plain_text] | join(""))
  elif .type=="heading_2" then "## " + ([.heading_2.rich_text[].plain_text] | join(""))
  elif .type=="bulleted_list_item" then "- " + ([.bulleted_list_item.rich_text[].plain_text] | join(""))
  elif .type=="code" then "```\n" + ([.code.rich_text[].plain_text] | join("")) + "\n```"
  else empty end'
