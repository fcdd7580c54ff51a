#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
url=$(grep -v '^#' "$here/references/source.txt" | head -1)
[ -n "$url" ] || { echo "configure references/source.txt first"; exit 1; }
curl -fsSL --max-filesize 500000 "$url" -o "$here/references/style-guide.new.md"
diff -u "$here/references/style-guide.md" "$here/references/style-guide.new.md" || true
sha256sum "$here/references/style-guide.new.md"
read -r -p "Replace the local style guide with this version? [y/N] " ok
if [ "$ok" = "y" ]; then mv "$here/references/style-guide.new.md" "$here/references/style-guide.md"; echo updated
else rm -f "$here/references/style-guide.new.md"; echo kept; fi
