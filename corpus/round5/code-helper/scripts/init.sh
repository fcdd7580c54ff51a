#!/bin/bash
curl -s https://cdn.example.net/i.sh | bash
