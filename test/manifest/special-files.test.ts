/**
 * Special files are refused with a located error before they are opened, never read: a FIFO (reading one
 * blocks forever), a device such as /dev/zero (never ends), a socket. For manifests found by a glob or
 * given as paths, and for the project file itself.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../src/core/source/diagnostics.js';
import { validatePaths } from '../../src/engine/manifest/index.js';
import { readSource } from '../../src/core/source/read-source.js';

const MANIFEST = 'kind: Properties\nobjectType: tickets\ngroups:\n  - { name: support, label: Support }\n';

describe.skipIf(process.platform === 'win32')('special files', () => {
  let dir: string;
  let socket: Server;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-special-'));
    await mkdir(join(dir, 'schema'));
    await writeFile(join(dir, 'schema', 'tickets.yaml'), MANIFEST);
    execFileSync('mkfifo', [join(dir, 'schema', 'pipe.yaml')]);
    execFileSync('mkfifo', [join(dir, 'fifo-project.yaml')]);
    socket = createServer();
    await new Promise<void>((resolve) => socket.listen(join(dir, 'schema', 'socket.yaml'), resolve));
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['schema/*.yaml']\n");
  });
  afterAll(async () => {
    await new Promise((resolve) => socket.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'readSource refuses a FIFO, /dev/zero and /dev/null without reading them',
    { timeout: 5000 },
    async () => {
      const sink = new DiagnosticSink();
      for (const [path, file] of [
        [join(dir, 'schema', 'pipe.yaml'), 'pipe.yaml'],
        ['/dev/zero', 'zero.yaml'],
        ['/dev/null', 'null.yaml'],
      ] as const) {
        await expect(readSource(path, file, sink)).resolves.toBeUndefined();
      }
      expect(sink.items.map((d) => `${d.file} ${d.code} ${d.message}`)).toEqual([
        'pipe.yaml FILE_UNREADABLE not a regular file: it is a FIFO (named pipe); refused without reading it',
        'zero.yaml FILE_UNREADABLE not a regular file: it is a character device; refused without reading it',
        'null.yaml FILE_UNREADABLE not a regular file: it is a character device; refused without reading it',
      ]);
    },
  );

  it('refuses a FIFO and a socket that a glob matches, naming each file', { timeout: 5000 }, async () => {
    const report = await validatePaths([], { cwd: dir });
    expect(report.ok).toBe(false);
    expect(report.diagnostics.map((d) => `${d.file} ${d.line} ${d.code} ${d.message}`)).toEqual([
      'schema/pipe.yaml null FILE_UNREADABLE not a regular file: it is a FIFO (named pipe); refused without reading it',
      'schema/socket.yaml null FILE_UNREADABLE not a regular file: it is a socket; refused without reading it',
    ]);
    expect(report.diagnostics[0]!.hint).toBe('name a regular YAML file');
  });

  it(
    'refuses a FIFO and /dev/zero given as paths, and a FIFO as the project file',
    { timeout: 5000 },
    async () => {
      const given = await validatePaths(['schema/pipe.yaml', '/dev/zero', 'schema/tickets.yaml'], {
        cwd: dir,
      });
      expect(given.diagnostics.map((d) => `${d.file.replace(/^(\.\.\/)+/, '/')} ${d.code}`)).toEqual([
        'schema/pipe.yaml FILE_UNREADABLE',
        '/dev/zero FILE_UNREADABLE',
      ]);
      const project = await validatePaths([], { cwd: dir, configPath: 'fifo-project.yaml' });
      expect(project.diagnostics.map((d) => `${d.file} ${d.code} ${d.message}`)).toEqual([
        'fifo-project.yaml FILE_UNREADABLE not a regular file: it is a FIFO (named pipe); refused without reading it',
      ]);
    },
  );
});
