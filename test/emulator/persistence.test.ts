import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmulatorContext } from '../../src/emulator/context.js';
import { startEmulator } from '../../src/emulator/index.js';
import { readStateFile, StateWriter, writeFileAtomically } from '../../src/emulator/persistence.js';
import { createInitialState } from '../../src/emulator/state/initial.js';
import type { EmulatorState } from '../../src/emulator/state/model.js';
import { startTestEmulator } from '../helpers/emulator.js';

/**
 * POST /test/notes/:name stores a note in the state (in an event definition slot, as any domain write
 * would change the state) and marks it dirty; GET /test/notes lists them.
 */
function notesRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post<{ Params: { name: string } }>('/test/notes/:name', (request) => {
    const { name } = request.params;
    ctx.state.eventDefinitions[name] = { name } as never;
    ctx.markDirty();
    return { name };
  });
  app.get('/test/notes', () => Object.keys(ctx.state.eventDefinitions));
}

const readJson = async (file: string): Promise<EmulatorState> => JSON.parse(await readFile(file, 'utf8'));

describe('persistence with a data file', () => {
  let dir: string;
  let dataFile: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-emu-data-'));
    dataFile = join(dir, 'state.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts fresh when the file is missing, writes it at once, and creates its directory', async () => {
    const nested = join(dir, 'a', 'b', 'state.json');
    const emu = await startTestEmulator({ dataFile: nested, accountId: 4242 });
    try {
      expect(emu.loadedFromDataFile).toBe(false);
      expect(emu.dataFile).toBe(nested);
      const saved = await readJson(nested);
      expect(saved.formatVersion).toBe(1);
      expect(saved.accountId).toBe(4242);
      expect(Object.keys(saved.objectTypes)).toEqual(Object.keys(emu.state.objectTypes));
    } finally {
      await emu.close();
    }
  });

  it('keeps every acknowledged change across a restart', async () => {
    const first = await startTestEmulator({ dataFile, extend: notesRoutes });
    for (const name of ['alpha', 'beta'])
      expect((await first.call('POST', `/test/notes/${name}`)).status).toBe(200);
    // the reply came after the save: the file already holds both notes, before any close
    expect(Object.keys((await readJson(dataFile)).eventDefinitions)).toEqual(['alpha', 'beta']);
    await first.close();

    const second = await startTestEmulator({ dataFile, extend: notesRoutes });
    try {
      expect(second.loadedFromDataFile).toBe(true);
      expect((await second.call('GET', '/test/notes')).body).toEqual(['alpha', 'beta']);
      expect(second.state).toEqual(first.state);
    } finally {
      await second.close();
    }
  });

  it('coalesces a burst of writes into a few file writes and loses none', async () => {
    const emu = await startTestEmulator({ dataFile, extend: notesRoutes });
    try {
      const before = emu.dataFileWrites();
      const names = Array.from({ length: 60 }, (_, i) => `note_${i}`);
      const replies = await Promise.all(names.map((name) => emu.call('POST', `/test/notes/${name}`)));
      expect(replies.every((r) => r.status === 200)).toBe(true);
      const writes = emu.dataFileWrites() - before;
      expect(writes).toBeGreaterThanOrEqual(1);
      expect(writes).toBeLessThan(20);
      expect(Object.keys((await readJson(dataFile)).eventDefinitions).sort()).toEqual([...names].sort());
    } finally {
      await emu.close();
    }
  });

  it('does not write the file for requests that change nothing', async () => {
    const emu = await startTestEmulator({ dataFile, extend: notesRoutes });
    try {
      const before = emu.dataFileWrites();
      for (let i = 0; i < 5; i++) await emu.call('GET', '/test/notes');
      expect(emu.dataFileWrites()).toBe(before);
    } finally {
      await emu.close();
    }
  });

  it('writes atomically: a new file replaces the old one, and no temp file is left', async () => {
    const emu = await startTestEmulator({ dataFile, extend: notesRoutes });
    try {
      const inodeBefore = (await stat(dataFile)).ino;
      await emu.call('POST', '/test/notes/gamma');
      expect((await stat(dataFile)).ino).not.toBe(inodeBefore);
      expect(await readdir(dir)).toEqual(['state.json']);
    } finally {
      await emu.close();
    }
  });

  it('saves on close, including changes made directly to the state', async () => {
    const emu = await startTestEmulator({ dataFile });
    emu.state.counters.record = 777;
    await emu.close();
    expect((await readJson(dataFile)).counters.record).toBe(777);
  });

  it('answers 500 when the state cannot be saved, and stays up', async () => {
    const nested = join(dir, 'gone', 'state.json');
    const lines: string[] = [];
    const emu = await startTestEmulator({ dataFile: nested, extend: notesRoutes, log: (l) => lines.push(l) });
    try {
      await rm(join(dir, 'gone'), { recursive: true });
      const res = await emu.call('POST', '/test/notes/lost');
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({
        status: 'error',
        category: 'INTERNAL_ERROR',
        message: 'The emulator could not save its state; the change may be lost on restart.',
      });
      expect(lines[0]).toContain(`could not save the state to ${nested}`);
      expect((await emu.call('GET', '/test/notes')).status).toBe(500);
    } finally {
      await emu.close().catch(() => undefined);
    }
  });

  describe('a corrupt data file is refused and left unchanged', () => {
    const cases: [string, string, RegExp][] = [
      ['not JSON', '{"formatVersion": 1,', /is not valid JSON \(/],
      ['empty', '', /is empty\.$/],
      [
        'another formatVersion',
        JSON.stringify({ formatVersion: 7 }),
        /its formatVersion is 7; this version of crm-schema reads formatVersion 1/,
      ],
      [
        'a wrong shape',
        JSON.stringify({ ...createInitialState(1, 'x'), objectTypes: [] }),
        /state\.objectTypes should be an object but is an array/,
      ],
      [
        'a bad nested entry',
        JSON.stringify({
          ...createInitialState(1, 'x'),
          objectTypes: {
            '0-5': {
              objectTypeId: '0-5',
              name: 'tickets',
              properties: {},
              groups: {},
              records: { '1': { id: 1 } },
            },
          },
        }),
        /state\.objectTypes\["0-5"\]\.records\["1"\]\.id should be a string but is a number/,
      ],
    ];
    for (const [what, content, message] of cases) {
      it(`refuses ${what}`, async () => {
        await writeFile(dataFile, content);
        const error = await startEmulator({ dataFile }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ code: 'EMULATOR_DATA_CORRUPT' });
        expect((error as Error).message).toContain(`The emulator data file ${dataFile} `);
        expect((error as Error).message).toMatch(message);
        expect((error as { hint: string }).hint).toMatch(/left unchanged/);
        expect(await readFile(dataFile, 'utf8')).toBe(content);
        expect(await readdir(dir)).toEqual(['state.json']);
      });
    }
  });

  it('refuses an --account-id that differs from the data file', async () => {
    await (await startEmulator({ dataFile, accountId: 5 })).close();
    await expect(startEmulator({ dataFile, accountId: 6 })).rejects.toMatchObject({
      code: 'EMULATOR_ACCOUNT_MISMATCH',
      message: `The data file ${dataFile} holds account 5, not 6.`,
    });
  });

  // how fast (well under a second each): `npm run bench` (timing)
  it('saves a large state and loads it back whole', async () => {
    const state = createInitialState(1, new Date().toISOString());
    const tickets = state.objectTypes['0-5']!;
    for (let i = 0; i < 10_000; i++) {
      const name = `prop_${i}`;
      tickets.properties[name] = {
        name,
        label: `Property ${i}`,
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'ticketinformation',
        description: 'A property of a large account.',
        options: [
          { label: 'One', value: 'one', displayOrder: 0, hidden: false, description: '' },
          { label: 'Two', value: 'two', displayOrder: 1, hidden: false, description: '' },
        ],
        displayOrder: -1,
        archived: false,
      };
    }
    const writer = new StateWriter(dataFile, () => state);
    await writer.save();
    const loaded = await readStateFile(dataFile);
    expect(Object.keys(loaded!.objectTypes['0-5']!.properties)).toHaveLength(
      Object.keys(tickets.properties).length,
    );
  });

  describe('the atomic writer', () => {
    const names = (...parts: string[]) => {
      let i = 0;
      return () => parts[i++] ?? `spare${i}`;
    };

    it('never follows a symbolic link planted at the temporary name: it takes another random name', async () => {
      const victim = join(dir, 'victim.json');
      await writeFile(victim, 'precious');
      const planted = join(dir, '.state.json.guessed.tmp');
      await symlink(victim, planted);
      await writeFileAtomically(dataFile, '{"saved":true}', { randomPart: names('guessed', 'fresh') });
      expect(await readFile(dataFile, 'utf8')).toBe('{"saved":true}');
      expect(await readFile(victim, 'utf8')).toBe('precious');
      expect(await readlink(planted)).toBe(victim);
      expect((await readdir(dir)).sort()).toEqual(['.state.json.guessed.tmp', 'state.json', 'victim.json']);
    });

    it('uses a different random name for every write by default', async () => {
      const parts: string[] = [];
      const spy = () => {
        const part = randomBytes(6).toString('hex');
        parts.push(part);
        return part;
      };
      await writeFileAtomically(dataFile, '1', { randomPart: spy });
      await writeFileAtomically(dataFile, '2', { randomPart: spy });
      expect(new Set(parts).size).toBe(2);
      await writeFileAtomically(dataFile, '3');
      expect(await readdir(dir)).toEqual(['state.json']);
    });

    it('removes its temporary file when the rename fails, and touches no planted file', async () => {
      await mkdir(dataFile);
      await writeFile(join(dataFile, 'inside'), '');
      await expect(writeFileAtomically(dataFile, 'x')).rejects.toThrow();
      expect(await readdir(dir)).toEqual(['state.json']);
    });
  });

  describe.skipIf(process.platform === 'win32')('a data file that is not a regular file', () => {
    it('refuses a FIFO without opening it (reading one would block forever)', { timeout: 5000 }, async () => {
      execFileSync('mkfifo', [dataFile]);
      await expect(startEmulator({ dataFile })).rejects.toMatchObject({
        code: 'EMULATOR_DATA_UNREADABLE',
        message: `The emulator data file ${dataFile} is a FIFO (named pipe), not a regular file; it was not read.`,
      });
      expect((await stat(dataFile)).isFIFO()).toBe(true);
    });

    it('refuses /dev/zero (a device never ends)', { timeout: 5000 }, async () => {
      await expect(readStateFile('/dev/zero')).rejects.toMatchObject({
        code: 'EMULATOR_DATA_UNREADABLE',
        message:
          'The emulator data file /dev/zero is a character device, not a regular file; it was not read.',
      });
    });
  });
});
