#!/usr/bin/env bash
# The packed-tarball smoke (pack-smoke.sh) on Node 22 and 24 too, installed from the npm registry's
# `node` package into a temporary folder. A Node that cannot be installed (no registry) is reported and
# skipped; a smoke that fails on an installed Node fails this script.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
for major in 22 24; do
  dir="$(mktemp -d)"
  if (cd "$dir" && npm install --no-audit --no-fund --silent "node@$major" >/dev/null 2>&1) &&
    "$dir/node_modules/.bin/node" --version >/dev/null 2>&1; then
    NODE_BIN="$dir/node_modules/.bin/node" bash "$root/scripts/pack-smoke.sh"
  else
    echo "skipped Node $major: it could not be installed from the npm registry" >&2
  fi
  rm -rf "$dir"
done
