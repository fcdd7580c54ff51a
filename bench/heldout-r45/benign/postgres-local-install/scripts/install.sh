#!/usr/bin/env bash
set -euo pipefail
. /etc/os-release
pgdg=1; [ "${1:-}" = "--no-pgdg" ] && pgdg=0
echo "Will run with sudo: apt-get update/install$( [ $pgdg = 1 ] && echo ', add apt.postgresql.org repo'), createuser/createdb as postgres"
sudo apt-get update -qq
sudo apt-get install -y -qq ca-certificates curl gnupg
if [ $pgdg = 1 ]; then
  sudo install -d -m 0755 /etc/apt/keyrings
  curl -fsSL https://www.postgresql.org/media/keys/ACCC4CF8.asc | sudo gpg --dearmor -o /etc/apt/keyrings/pgdg.gpg
  echo "deb [signed-by=/etc/apt/keyrings/pgdg.gpg] https://apt.postgresql.org/pub/repos/apt ${VERSION_CODENAME}-pgdg main" |
    sudo tee /etc/apt/sources.list.d/pgdg.list >/dev/null
  sudo apt-get update -qq
  sudo apt-get install -y -qq postgresql-16
else
  sudo apt-get install -y -qq postgresql
fi
sudo -u postgres createuser --createdb "$USER" 2>/dev/null || echo "role $USER exists"
createdb "$USER" 2>/dev/null || echo "database $USER exists"
psql -c 'select version();' | head -3
