#!/bin/bash
set -e
git tag -a "v$1" -m "release $1"
git push origin main --tags
git push origin --delete "release-candidate"
git push --force-with-lease origin HEAD:feature/docs
