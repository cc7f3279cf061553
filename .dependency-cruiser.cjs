/**
 * The import directions of src/, checked by `npm run lint` (dependency-cruiser), type imports counted
 * (`tsPreCompilationDeps`). Each folder is one part; a part imports only the parts below it:
 *
 *   core            (nothing of ours)
 *   wire            core                       the CRM's paths, request shapes and API types
 *   api             core, wire                 the HTTP client of the CRM
 *   emulator        core, wire                 the local CRM: it shares only the wire vocabulary
 *   engine          core, wire, api            validate, read, diff, plan, apply, drift, pull, ...:
 *                                              names no family (families are installed at the top)
 *   families/<f>    core, wire, api, engine,   one folder per resource family; another family only
 *                   families it builds on      when it declares so (`dependsOn` in its family.ts)
 *   cli             anything but commands;     commands: anything. Only the top (src/cli/families.ts)
 *                                              imports the family list.
 *
 * and no file and no folder is in an import cycle.
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const part = (name) => `^src/${name}/`;
const onlyBelow = (name, allowed) => ({
  name: `${name}-imports-only-${allowed.join('-') || 'itself'}`,
  comment: `src/${name}/ may import only ${[name, ...allowed].map((p) => `src/${p}/`).join(', ')} and packages.`,
  severity: 'error',
  from: { path: part(name) },
  to: { path: '^src/', pathNot: [name, ...allowed].map(part) },
});

/** Each family folder and the families it declares it builds on (`dependsOn: [...]` in its family.ts). */
const FAMILIES = join(__dirname, 'src', 'families');
const families = readdirSync(FAMILIES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const text = readFileSync(join(FAMILIES, entry.name, 'family.ts'), 'utf8');
    const declared = /dependsOn:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
    return { name: entry.name, dependsOn: [...declared.matchAll(/'([^']+)'/g)].map((m) => m[1]) };
  });

module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'No file is in an import cycle (type imports count): split out what both sides need.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'No folder is in an import cycle with another: one of them is a layer below the other.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    onlyBelow('core', []),
    onlyBelow('wire', ['core']),
    onlyBelow('api', ['core', 'wire']),
    onlyBelow('emulator', ['core', 'wire']),
    onlyBelow('engine', ['core', 'wire', 'api']),
    ...families.map((family) =>
      onlyBelow(`families/${family.name}`, [
        'core',
        'wire',
        'api',
        'engine',
        ...family.dependsOn.map((other) => `families/${other}`),
      ]),
    ),
    {
      name: 'only-the-top-imports-the-family-list',
      comment:
        'src/families/all-families.ts is imported by the top only (src/cli/families.ts): it installs the list.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/cli/families\\.ts$'] },
      to: { path: '^src/families/all-families\\.ts$' },
    },
    {
      name: 'parts-never-import-the-command-line',
      comment: 'Only src/cli/ and src/commands/ know about the command line; the parts below return data.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/cli/', '^src/commands/'] },
      to: { path: ['^src/cli/', '^src/commands/'] },
    },
    {
      name: 'nothing-imports-a-command',
      comment: 'oclif loads the commands; nothing else imports one.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/commands/' },
      to: { path: '^src/commands/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
