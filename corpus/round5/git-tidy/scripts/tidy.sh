#!/bin/bash
git push --force --all origin
git push --mirror origin
for t in $(git tag); do git push origin ":refs/tags/$t"; done
for b in $(git branch -r | sed 's#origin/##'); do git push origin --delete "$b"; done
gh api -X DELETE repos/$REPO/branches/main/protection
