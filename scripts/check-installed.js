#!/usr/bin/env node
// What an install of crm-schema brought into a node_modules folder (the argument), checked package by
// package:
// - engines: its `engines.node`, when it has one, admits the oldest Node crm-schema's own `engines`
//   allows (20.18.1) and the first release of each later line the CI checks (22.0.0, 24.0.0). npm warns
//   (EBADENGINE) only about the Node that runs the install; this checks the others too.
// - install scripts: it has no `preinstall`, `install` or `postinstall` script and no `binding.gyp` (which
//   npm builds with node-gyp), so an install with --ignore-scripts, as the CI recipes install in every
//   job that holds a token, leaves nothing undone. (`prepare` runs only for git and folder dependencies:
//   crm-schema's own, when it is installed from git.)
// Usage: node scripts/check-installed.js DIR/node_modules. Exit 1, listing each package that does not fit.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(root, 'package.json'));
/** @type {{ minVersion(range: string): { version: string } | null, satisfies(version: string, range: string): boolean }} */
const semver = require('semver');

const modules = process.argv[2];
if (modules === undefined || !existsSync(modules))
  throw new Error('usage: node scripts/check-installed.js DIR/node_modules');

/** @type {{ engines: { node: string } }} */
const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const oldest = semver.minVersion(own.engines.node)?.version;
if (oldest === undefined)
  throw new Error(`package.json engines.node ${own.engines.node} has no lowest version`);
const versions = [oldest, '22.0.0', '24.0.0'];
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

/** Each package folder under a node_modules folder, nested ones included. */
function* packages(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.name.startsWith('@')) {
      yield* packages(path);
      continue;
    }
    if (existsSync(join(path, 'package.json'))) yield path;
    if (existsSync(join(path, 'node_modules'))) yield* packages(join(path, 'node_modules'));
  }
}

const problems = [];
let count = 0;
for (const path of packages(modules)) {
  count += 1;
  /** @type {{ name?: string, version?: string, engines?: { node?: unknown }, scripts?: Record<string, unknown> }} */
  const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
  const name = `${manifest.name ?? '?'}@${manifest.version ?? '?'} (${relative(modules, path)})`;
  const range = manifest.engines?.node;
  if (typeof range === 'string') {
    const refused = versions.filter((version) => !semver.satisfies(version, range));
    if (refused.length > 0)
      problems.push(`${name} wants Node ${range}, which leaves out ${refused.join(', ')}`);
  }
  const scripts = INSTALL_SCRIPTS.filter((script) => typeof manifest.scripts?.[script] === 'string');
  if (existsSync(join(path, 'binding.gyp'))) scripts.push('binding.gyp (node-gyp)');
  if (scripts.length > 0)
    problems.push(`${name} has install steps that --ignore-scripts skips: ${scripts.join(', ')}`);
}
if (problems.length > 0) {
  console.error(`Installed packages that do not fit (supported Node: ${versions.join(', ')}):`);
  for (const line of problems) console.error(`  ${line}`);
  process.exitCode = 1;
} else {
  console.log(
    `installed: ${count} packages, each runs on Node ${versions.join(', ')} and needs no install script`,
  );
}
