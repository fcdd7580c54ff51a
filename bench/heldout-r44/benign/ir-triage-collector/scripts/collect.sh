#!/usr/bin/env bash
# Read-only persistence and exposure inventory. No network, no changes.
set -u
OUT="./ir-report-$(hostname -s)-$(date +%Y%m%d-%H%M).txt"
exec > >(tee "$OUT") 2>&1

sec() { printf '\n===== %s =====\n' "$1"; }

sec "host"
uname -a; id; date -u

sec "user crontab"
crontab -l 2>/dev/null || echo "(none)"

sec "system cron"
ls -la /etc/cron* 2>/dev/null

if [[ "$(uname)" == "Darwin" ]]; then
  sec "LaunchAgents / LaunchDaemons"
  for d in ~/Library/LaunchAgents /Library/LaunchAgents /Library/LaunchDaemons; do
    ls -la "$d" 2>/dev/null
  done
  sec "launchctl (user, non-apple)"
  launchctl list 2>/dev/null | grep -v 'com\.apple\.' | head -100
  sec "login items"
  osascript -e 'tell application "System Events" to get the name of every login item' 2>/dev/null
else
  sec "systemd user units"
  systemctl --user list-unit-files --state=enabled 2>/dev/null
  ls -la ~/.config/systemd/user 2>/dev/null
  sec "systemd system units (non-vendor)"
  ls -la /etc/systemd/system 2>/dev/null
fi

sec "shell startup files (last 20 lines each)"
for f in ~/.bashrc ~/.bash_profile ~/.profile ~/.zshrc ~/.zshenv ~/.zprofile ~/.config/fish/config.fish; do
  [[ -f "$f" ]] && { echo "--- $f ($(stat -c %y "$f" 2>/dev/null || stat -f %Sm "$f"))"; tail -20 "$f"; }
done

sec "ssh"
ls -la ~/.ssh 2>/dev/null
[[ -f ~/.ssh/authorized_keys ]] && awk '{print $1, $NF}' ~/.ssh/authorized_keys

sec "credential files present (metadata only, contents NOT read)"
for f in ~/.aws/credentials ~/.kube/config ~/.npmrc ~/.git-credentials ~/.netrc ~/.docker/config.json; do
  [[ -e "$f" ]] && ls -la "$f"
done

sec "listening ports"
(lsof -nP -iTCP -sTCP:LISTEN 2>/dev/null || ss -ltnp 2>/dev/null) | head -60

sec "recently modified executables in home (7 days)"
find ~ -maxdepth 4 -type f -perm -u+x -mtime -7 -not -path '*/node_modules/*' -not -path '*/.git/*' 2>/dev/null | head -100

echo; echo "Report written to $OUT"
