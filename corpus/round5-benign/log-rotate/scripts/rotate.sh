#!/bin/bash
LOG_DIR="$HOME/.local/share/log-rotate/logs"
find "$LOG_DIR" -name '*.log' -mtime +7 -delete
wevtutil qe Application /c:5 /f:text
