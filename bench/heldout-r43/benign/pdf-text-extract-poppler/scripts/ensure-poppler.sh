#!/usr/bin/env bash
# Install poppler-utils using the system package manager (asks sudo for apt/dnf/pacman).
set -euo pipefail
command -v pdftotext >/dev/null && { echo "poppler already installed: $(pdftotext -v 2>&1 | head -1)"; exit 0; }
if command -v brew >/dev/null; then brew install poppler
elif command -v apt-get >/dev/null; then sudo apt-get update -qq && sudo apt-get install -y poppler-utils
elif command -v dnf >/dev/null; then sudo dnf install -y poppler-utils
elif command -v pacman >/dev/null; then sudo pacman -S --needed --noconfirm poppler
else echo "no supported package manager found; install poppler manually"; exit 1
fi
pdftotext -v 2>&1 | head -1
