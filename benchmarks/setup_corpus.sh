#!/usr/bin/env bash
# Fetch the benchmark corpus: real published JavaScript and TypeScript from npm (~115 MB).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus
cd corpus
[ -f package.json ] || npm init -y >/dev/null
npm install --no-audit --no-fund --ignore-scripts \
  react-dom@19 vue@3 lodash-es@4 three@0.170 jquery@3 preact@10 svelte@5 @angular/core@20 typescript@5
