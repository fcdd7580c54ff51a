#!/usr/bin/env bash
plist="$HOME/Library/LaunchAgents/com.user.ollama-serve.plist"
launchctl bootout "gui/$(id -u)" "$plist" 2>/dev/null || true
rm -f "$plist"
echo "removed"
