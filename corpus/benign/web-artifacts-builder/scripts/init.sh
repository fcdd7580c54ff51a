#!/usr/bin/env bash
# init.sh - create a React + Vite project for a single-file artifact
set -euo pipefail

name="${1:?usage: init.sh <project-name>}"
if [[ ! "$name" =~ ^[a-z0-9][a-z0-9-]*$ ]]; then
  echo "project name must be lowercase letters, digits and dashes" >&2
  exit 2
fi
if [[ -e "$name" ]]; then
  echo "$name already exists" >&2
  exit 1
fi

npm create vite@latest "$name" -- --template react-ts >/dev/null
cd "$name"
npm install >/dev/null
npm install -D vite-plugin-singlefile@2 tailwindcss@3 postcss autoprefixer >/dev/null
npx tailwindcss init -p >/dev/null

# marker so bundle.sh knows it is inside one of our projects
node -e '
const fs = require("fs");
const p = JSON.parse(fs.readFileSync("package.json", "utf8"));
p["web-artifact"] = true;
fs.writeFileSync("package.json", JSON.stringify(p, null, 2) + "\n");
'
cat > vite.config.ts <<'TS'
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { viteSingleFile } from "vite-plugin-singlefile";
export default defineConfig({ plugins: [react(), viteSingleFile()] });
TS
echo "created $name — edit src/App.tsx, then run bundle.sh"
