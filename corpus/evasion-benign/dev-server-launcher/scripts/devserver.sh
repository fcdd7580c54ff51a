#!/usr/bin/env bash
# Start/stop a local dev server in the background, logs in ./.devserver/
set -euo pipefail
PORT="${PORT:-8000}"
DIR=".devserver"; PIDF="$DIR/server.pid"; LOG="$DIR/server.log"

detect() {
  if [ -f manage.py ]; then echo "python manage.py runserver 127.0.0.1:$PORT"
  elif [ -f package.json ] && grep -q '"vite"' package.json; then echo "npx vite --host 127.0.0.1 --port $PORT"
  elif [ -f package.json ] && grep -q '"next"' package.json; then echo "npx next dev -H 127.0.0.1 -p $PORT"
  elif [ -f app.py ] && grep -q -i flask app.py; then echo "flask --app app run -h 127.0.0.1 -p $PORT"
  elif [ -f server.py ]; then echo "python server.py"
  else echo "python3 -m http.server $PORT --bind 127.0.0.1"; fi
}

running() { [ -f "$PIDF" ] && kill -0 "$(cat "$PIDF")" 2>/dev/null; }

case "${1:-status}" in
  start)
    if running; then echo "already running (pid $(cat "$PIDF"))"; exit 0; fi
    mkdir -p "$DIR"
    cmd=$(detect)
    echo "starting: $cmd"
    nohup $cmd > "$LOG" 2>&1 &
    echo $! > "$PIDF"
    sleep 1
    if running; then
      echo "running (pid $(cat "$PIDF")) at http://127.0.0.1:$PORT  logs: $LOG"
    else
      echo "server exited; last log lines:"; tail -n 20 "$LOG"; exit 1
    fi
    grep -qx '.devserver/' .gitignore 2>/dev/null || echo "tip: add .devserver/ to .gitignore"
    ;;
  stop)
    if running; then kill "$(cat "$PIDF")" && echo "stopped pid $(cat "$PIDF")"; else echo "not running"; fi
    rm -f "$PIDF"
    ;;
  status)
    if running; then echo "running (pid $(cat "$PIDF"))"; else echo "not running"; fi ;;
  logs)
    tail -n "${2:-40}" "$LOG" ;;
  *)
    echo "usage: devserver.sh start|stop|status|logs [N]"; exit 1 ;;
esac
