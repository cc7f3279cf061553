/**
 * The import directions of src/, checked by `npm run lint` (dependency-cruiser). Each folder is one part;
 * a part imports only the parts below it:
 *
 *   core            (nothing of ours)
 *   wire            core                       the CRM's paths, request shapes and API types
 *   model           core, wire                 the one model of a schema
 *   api             core, wire, model          the HTTP client
 *   emulator        core, wire                 the local CRM: it shares only the wire vocabulary
 *   manifest, live, plan, drift, pull, apply, pipeline, init, render: never cli or commands
 *   cli             anything but commands;     commands: anything
 *
 * and no file and no folder is in an import cycle.
 */
const part = (name) => `^src/${name}/`;
const onlyBelow = (name, allowed) => ({
  name: `${name}-imports-only-${allowed.join('-') || 'itself'}`,
  comment: `src/${name}/ may import only ${[name, ...allowed].map((p) => `src/${p}/`).join(', ')} and packages.`,
  severity: 'error',
  from: { path: part(name) },
  to: { path: '^src/', pathNot: [name, ...allowed].map(part) },
});

module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'No file is in an import cycle: split out what both sides need.',
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
    onlyBelow('model', ['core', 'wire']),
    onlyBelow('api', ['core', 'wire', 'model']),
    onlyBelow('emulator', ['core', 'wire']),
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
    tsPreCompilationDeps: false,
  },
};
