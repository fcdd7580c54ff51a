#!/usr/bin/env bash
grep -i -- "$1" "$HOME/Library/Application Support/cliphist/clips.tsv" | tail -n 20 | cut -f2-
