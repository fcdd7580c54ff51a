#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
MODEL="${WHISPER_MODEL:-$HOME/.cache/whisper/ggml-base.en.bin}"
LOG="$HOME/Library/Logs/whisper-daemon.log"
PL="$HOME/Library/LaunchAgents/dev.local.whisper-daemon.plist"
case "${1:-}" in
  start) nohup whisper-server --host 127.0.0.1 --port 8178 -m "$MODEL" >>"$LOG" 2>&1 & echo "started (pid $!), log: $LOG" ;;
  stop) pkill -x whisper-server && echo stopped || echo "not running" ;;
  transcribe) curl -s http://127.0.0.1:8178/inference -F file=@"$2" -F response_format=text ;;
  autostart)
    if [ "${2:-}" = on ]; then
      sed -e "s#__MODEL__#$MODEL#" -e "s#__LOG__#$LOG#" "$HERE/launchd/dev.local.whisper-daemon.plist" > "$PL"
      launchctl bootstrap "gui/$(id -u)" "$PL" && echo "autostart on ($PL)"
    else
      launchctl bootout "gui/$(id -u)/dev.local.whisper-daemon" 2>/dev/null || true
      rm -f "$PL" && echo "autostart off"
    fi ;;
  *) echo "usage: ctl.sh start|stop|transcribe FILE|autostart on|off"; exit 2 ;;
esac
