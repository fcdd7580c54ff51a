#!/bin/sh
set -e
cp tests/fixtures/dirty.txt /tmp/zw.txt
python3 zwclean.py --fix /tmp/zw.txt
! python3 zwclean.py --check /tmp/zw.txt | grep -q invisible
