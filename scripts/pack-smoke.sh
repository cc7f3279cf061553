#!/usr/bin/env bash
# The package as users install it: `npm pack`, the tarball installed into an empty folder, then
# `crm-schema --version`, `validate` and `plan --local` (the built-in emulator) run from there. The
# install runs no install script (--ignore-scripts, as the CI recipes install), must print no engine
# warning (EBADENGINE), and every package it brings must admit each supported Node and need no install
# script (check-installed.js).
# Run by .ci/run after the tests; `NODE_BIN=/path/to/node scripts/pack-smoke.sh` tries another Node.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node_bin="${NODE_BIN:-node}"

cd "$root"
tarball="$(npm pack --silent --pack-destination "$work" | tail -n 1)"
echo "packed $tarball"

mkdir "$work/project"
cd "$work/project"
npm init -y >/dev/null
npm install --no-audit --no-fund --ignore-scripts "$work/$tarball" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; exit 1; }
if grep -Ei 'EBADENGINE|unsupported engine' "$work/install.log" >&2; then
  echo "the install warned about an engine (above): a dependency does not admit this Node" >&2
  exit 1
fi
node "$root/scripts/check-installed.js" "$work/project/node_modules"
cli="$work/project/node_modules/.bin/crm-schema"

mkdir schema
cat > crm-schema.yaml <<'YAML'
manifests: ['schema/**/*.yaml']
YAML
cat > schema/tickets.yaml <<'YAML'
# yaml-language-server: $schema=../node_modules/crm-schema/schemas/manifest.schema.json
kind: Properties
objectType: tickets
groups:
  - { name: support_sla, label: Service level }
properties:
  - { name: support_tier, label: Support tier, type: string, fieldType: text, groupName: support_sla }
YAML

"$node_bin" "$cli" --version
"$node_bin" "$cli" validate
"$node_bin" "$cli" plan --local --detailed-exitcode && code=0 || code=$?
if [ "$code" != 2 ]; then
  echo "plan --local exited $code; expected 2 (changes present)" >&2
  exit 1
fi
"$node_bin" "$cli" apply --local --yes >/dev/null
"$node_bin" "$cli" plan --local --detailed-exitcode
echo "pack smoke: ok on $("$node_bin" --version)"
