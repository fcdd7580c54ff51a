#!/usr/bin/env bash
set -euo pipefail
path="."
[ "${1:-}" = "--path" ] && path="$2"
here="$(cd "$(dirname "$0")/.." && pwd)"
wp() { command wp --path="$path" "$@"; }

mkdir -p ~/wp-snapshots
wp db export ~/wp-snapshots/"$(date +%F-%H%M)".sql --quiet
mu="$(wp eval 'echo WPMU_PLUGIN_DIR;')"
mkdir -p "$mu"
cp "$here/mu-plugin/wpr-health.php" "$mu/0-object-cache-health.php"
site="$(wp option get siteurl)"

printf "%-30s %-20s %s\n" plugin version health
wp plugin list --update=available --field=name | while read -r slug; do
  old="$(wp plugin get "$slug" --field=version)"
  wp plugin update "$slug" --quiet
  new="$(wp plugin get "$slug" --field=version)"
  if curl -fsS -m 20 "$site/?wpr-health=1" | grep -q ok; then h=ok; else
    wp plugin install "$slug" --version="$old" --force --quiet; h="rolled back"; fi
  printf "%-30s %-20s %s\n" "$slug" "$old -> $new" "$h"
done
