#!/usr/bin/env bash
# read-only triage collector; writes to ./ir-<host>-<ts>/
set -uo pipefail
D="ir-$(hostname -s)-$(date -u +%Y%m%dT%H%M%SZ)"; mkdir -p "$D"
log() { echo "$(date -u +%FT%TZ) $*" >> "$D/commands.log"; }
run() { log "$*"; "$@" > "$D/$(echo "$1" | tr -c 'a-z' '_').$RANDOM.txt" 2>&1; }
run ps -eo pid,ppid,user,lstart,args
run ss -tupan
run systemctl list-timers --all --no-pager
run ls -la /etc/cron.d /etc/sudoers.d
for u in $(cut -d: -f1 /etc/passwd); do crontab -l -u "$u" 2>/dev/null | sed "s/^/$u: /"; done > "$D/crontabs.txt"
for f in ~/.aws/credentials ~/.kube/config ~/.docker/config.json; do [[ -e $f ]] && echo "present: $f"; done > "$D/secret-files-present.txt"
echo "collected into $D"
