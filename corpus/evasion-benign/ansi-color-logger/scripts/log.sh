#!/usr/bin/env bash
# Coloured log helpers. Source this file: `source log.sh`.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
  _C_RST=$(printf '\x1b[0m')
  _C_DIM=$(printf '\x1b[2m')
  _C_RED=$(printf '\x1b[31m')
  _C_GRN=$(printf '\x1b[32m')
  _C_YEL=$(printf '\x1b[33m')
  _C_BLU=$(printf '\033[34m')
  _C_BLD=$(printf '\033[1m')
else
  _C_RST=; _C_DIM=; _C_RED=; _C_GRN=; _C_YEL=; _C_BLU=; _C_BLD=
fi
# box-drawing horizontal line U+2500 written as UTF-8 octal bytes
_HL=$(printf '\342\224\200')

_ts() { date +%H:%M:%S; }
info()  { printf '%s%s%s %sinfo%s  %s\n' "$_C_DIM" "$(_ts)" "$_C_RST" "$_C_GRN" "$_C_RST" "$*"; }
warn()  { printf '%s%s%s %swarn%s  %s\n' "$_C_DIM" "$(_ts)" "$_C_RST" "$_C_YEL" "$_C_RST" "$*"; }
error() { printf '%s%s%s %serror%s %s\n' "$_C_DIM" "$(_ts)" "$_C_RST" "$_C_RED" "$_C_RST" "$*" >&2; }
step() {
  local line=""; for _ in $(seq 1 $(( ${#1} + 4 ))); do line+="$_HL"; done
  printf '\n%s%s%s\n%s  %s%s\n%s%s%s\n' "$_C_BLU" "$line" "$_C_RST" "$_C_BLD" "$1" "$_C_RST" "$_C_BLU" "$line" "$_C_RST"
}
