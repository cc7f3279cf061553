#!/usr/bin/env bash
# The package as a git dependency: `npm install git+file://<this repository>#<HEAD's commit>` into an
# empty folder, as a team installs a pinned commit without any registry holding crm-schema. npm clones
# that commit, installs its devDependencies and runs its `prepare` script (the build) there, then packs
# what `files` names; the CLI must then run (`crm-schema --version` names this version). The install must
# print no engine warning (EBADENGINE), and every package it brings must admit each supported Node and
# need no install script (check-installed.js); `validate` then runs on a small project. What is not committed is not installed:
# this tests HEAD.
# Run by .ci/run after the tests.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
commit="$(git -C "$root" rev-parse HEAD)"
version="$(node -p "require('$root/package.json').version")"
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
  echo "note: uncommitted changes are not installed; this installs commit $commit" >&2
fi

mkdir "$work/project"
cd "$work/project"
npm init -y >/dev/null
spec="git+file://$root#$commit"
# npm 11.16 and later ask the project to allow a dependency's install scripts (for a git dependency, by
# its URL and commit): here crm-schema's `prepare`, the build
node -e "const fs = require('node:fs'); const p = JSON.parse(fs.readFileSync('package.json', 'utf8'));
p.allowScripts = { [process.argv[1]]: true }; fs.writeFileSync('package.json', JSON.stringify(p, null, 2));" "$spec"
# npm 11.10 and later fetch git dependencies only where allowed: those the project names itself
allow_git=()
if node -e "const [a, b] = process.argv[1].split('.').map(Number); process.exit(a > 11 || (a === 11 && b >= 10) ? 0 : 1)" "$(npm --version)"; then
  allow_git=(--allow-git=root)
fi
npm install --no-audit --no-fund "${allow_git[@]}" "$spec" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; exit 1; }
cat "$work/install.log"
if grep -Ei 'EBADENGINE|unsupported engine' "$work/install.log" >/dev/null; then
  echo "the install warned about an engine (above): a dependency does not admit this Node" >&2
  exit 1
fi
if grep -Ei 'not yet covered by allowScripts' "$work/install.log" >/dev/null; then
  echo "the install says an install script is not allowed (above): the allowScripts entry does not match" >&2
  exit 1
fi
node "$root/scripts/check-installed.js" "$work/project/node_modules"

cli="$work/project/node_modules/.bin/crm-schema"
shown="$("$cli" --version)"
echo "$shown"
case "$shown" in
  "crm-schema/$version "*) ;;
  *) echo "crm-schema --version printed '$shown'; expected crm-schema/$version" >&2; exit 1 ;;
esac
# a command, not only the version: the built code (dist/) is there and runs
mkdir schema
printf '%s\n' "manifests: ['schema/**/*.yaml']" >crm-schema.yaml
printf '%s\n' 'kind: Properties' 'objectType: tickets' \
  'groups: [{ name: support_sla, label: Service level }]' 'properties:' \
  '  - { name: support_tier, label: Support tier, type: string, fieldType: text, groupName: support_sla }' \
  >schema/tickets.yaml
"$cli" validate
echo "git install smoke: ok (commit $commit) on $(node --version)"
