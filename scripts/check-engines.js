#!/usr/bin/env node
// Every package installed in a node_modules folder (the argument) runs on every Node that crm-schema
// supports: its `engines.node`, when it has one, admits the oldest version crm-schema's own `engines`
// allows (20.18.1) and the first release of each later line the CI checks (22.0.0, 24.0.0). npm warns
// (EBADENGINE) only about the Node that runs the install; this checks the others too.
// Usage: node scripts/check-engines.js DIR/node_modules. Exit 1, listing each package that does not fit.
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
  throw new Error('usage: node scripts/check-engines.js DIR/node_modules');

/** @type {{ engines: { node: string } }} */
const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const oldest = semver.minVersion(own.engines.node)?.version;
if (oldest === undefined)
  throw new Error(`package.json engines.node ${own.engines.node} has no lowest version`);
const versions = [oldest, '22.0.0', '24.0.0'];

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

const misfits = [];
let count = 0;
for (const path of packages(modules)) {
  count += 1;
  /** @type {{ name?: string, version?: string, engines?: { node?: unknown } }} */
  const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
  const range = manifest.engines?.node;
  if (typeof range !== 'string') continue;
  const refused = versions.filter((version) => !semver.satisfies(version, range));
  if (refused.length > 0)
    misfits.push(
      `${manifest.name ?? relative(modules, path)}@${manifest.version ?? '?'} (${relative(modules, path)}) ` +
        `wants Node ${range}, which leaves out ${refused.join(', ')}`,
    );
}
if (misfits.length > 0) {
  console.error(`Packages that do not run on every supported Node (${versions.join(', ')}):`);
  for (const line of misfits) console.error(`  ${line}`);
  process.exitCode = 1;
} else {
  console.log(`engines: ${count} packages, each runs on Node ${versions.join(', ')}`);
}
