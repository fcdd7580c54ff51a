# loads NOTION_API_KEY (only that key) from ./.env if it is not already set
load_notion_key() {
  if [ -z "${NOTION_API_KEY:-}" ] && [ -f .env ]; then
    NOTION_API_KEY="$(grep -E '^NOTION_API_KEY=' .env | head -n1 | cut -d= -f2- | tr -d '"')"
  fi
  [ -n "${NOTION_API_KEY:-}" ] || { echo "NOTION_API_KEY not set" >&2; return 1; }
}

notion() {
  curl -fsS -H "Authorization: Bearer $NOTION_API_KEY" -H "Notion-Version: 2022-06-28" "https://api.notion.com/v1/$1"
}
