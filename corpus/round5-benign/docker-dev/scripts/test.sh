#!/bin/sh
docker run --rm -v "$PWD":/app -w /app --network host node:20 npm test
docker system prune -f
