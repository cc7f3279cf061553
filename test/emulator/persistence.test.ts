import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFile,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmulatorContext } from '../../src/emulator/context.js';
import { startEmulator } from '../../src/emulator/index.js';
import {
  journalFileOf,
  loadStateFiles,
  readStateFile,
  StateWriter,
  writeFileAtomically,
} from '../../src/emulator/persistence.js';
import { createInitialState } from '../../src/emulator/seed/initial.js';
import type { EmulatorState } from '../../src/emulator/state/model.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

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

/** The state the data file (and its journal) holds now. */
const readSaved = async (file: string): Promise<EmulatorState> => (await readStateFile(file))!;

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
      const saved = await readSaved(nested);
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
    expect(Object.keys((await readSaved(dataFile)).eventDefinitions)).toEqual(['alpha', 'beta']);
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
      expect(Object.keys((await readSaved(dataFile)).eventDefinitions).sort()).toEqual([...names].sort());
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
    expect((await readSaved(dataFile)).counters.record).toBe(777);
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

    it(
      'refuses a FIFO as the journal next to the data file, without opening it',
      { timeout: 5000 },
      async () => {
        await (await startEmulator({ dataFile })).close();
        execFileSync('mkfifo', [journalFileOf(dataFile)]);
        await expect(startEmulator({ dataFile })).rejects.toMatchObject({
          code: 'EMULATOR_DATA_UNREADABLE',
          message: `The emulator data file's journal ${journalFileOf(dataFile)} is a FIFO (named pipe), not a regular file; it was not read.`,
        });
      },
    );

    it('refuses /dev/zero (a device never ends)', { timeout: 5000 }, async () => {
      await expect(readStateFile('/dev/zero')).rejects.toMatchObject({
        code: 'EMULATOR_DATA_UNREADABLE',
        message:
          'The emulator data file /dev/zero is a character device, not a regular file; it was not read.',
      });
    });
  });
});

/** The state with its record associations in one order (a journal replay may order them by key). */
function comparable(state: EmulatorState): unknown {
  const copy = JSON.parse(JSON.stringify(state)) as EmulatorState;
  const key = (a: EmulatorState['recordAssociations'][number]) =>
    `${a.fromObjectTypeId}:${a.fromId}:${a.toObjectTypeId}:${a.toId}:${a.typeId}`;
  copy.recordAssociations.sort((a, b) => key(a).localeCompare(key(b)));
  return copy;
}

/** Writes of every kind, through the API: records, links, properties, groups, labels, limits, events. */
async function writeSomeOfEverything(emu: TestEmulator, round: number): Promise<void> {
  const ok = <T extends { status: number; text: string }>(res: T): T => {
    expect(res.status, res.text).toBeLessThan(300);
    return res;
  };
  const prop = `journal_prop_${round}`;
  ok(
    await emu.call('POST', '/crm/v3/properties/tickets/groups', {
      name: `journal_group_${round}`,
      label: 'G',
    }),
  );
  ok(
    await emu.call('POST', '/crm/v3/properties/tickets', {
      name: prop,
      label: 'P',
      type: 'string',
      fieldType: 'text',
      groupName: `journal_group_${round}`,
    }),
  );
  const ticket = ok(
    await emu.call('POST', '/crm/v3/objects/tickets', { properties: { subject: `T${round}`, [prop]: 'x' } }),
  );
  const order = ok(await emu.call('POST', '/crm/v3/objects/orders', { properties: {} }));
  ok(
    await emu.call('PATCH', `/crm/v3/objects/tickets/${ticket.body.id}`, {
      properties: { [prop]: 'y', subject: '' },
    }),
  );
  const label = ok(
    await emu.call('POST', '/crm/v4/associations/tickets/orders/labels', {
      name: `lab_${round}`,
      label: `Label ${round}`,
    }),
  );
  const typeId = label.body.results[0].typeId as number;
  ok(
    await emu.call('PUT', `/crm/v4/objects/tickets/${ticket.body.id}/associations/orders/${order.body.id}`, [
      { associationCategory: 'USER_DEFINED', associationTypeId: typeId },
    ]),
  );
  ok(
    await emu.call('POST', '/crm/associations/v4/definitions/configurations/tickets/orders/batch/create', {
      inputs: [{ category: 'USER_DEFINED', typeId, maxToObjectIds: 3 }],
    }),
  );
  ok(
    await emu.call('POST', '/events/v3/event-definitions', {
      label: `Event ${round}`,
      name: `journal_event_${round}`,
      propertyDefinitions: [{ label: 'Carrier', type: 'string' }],
    }),
  );
  ok(
    await emu.call('POST', `/events/v3/event-definitions/journal_event_${round}/property`, {
      label: 'Weight',
      type: 'number',
    }),
  );
  if (round % 2 === 1) {
    // removals: the label (and its links), the event definition, a record
    ok(await emu.call('DELETE', `/crm/v4/associations/tickets/orders/labels/${typeId}`));
    ok(await emu.call('DELETE', `/events/v3/event-definitions/journal_event_${round}`));
    ok(await emu.call('DELETE', `/crm/v3/objects/orders/${order.body.id}`));
    ok(await emu.call('DELETE', `/crm/v3/properties/tickets/${prop}`));
  }
}

describe('the journal next to the data file', () => {
  let dir: string;
  let dataFile: string;
  let journal: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-emu-journal-'));
    dataFile = join(dir, 'state.json');
    journal = journalFileOf(dataFile);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The files as a crash now would leave them (replies are sent only once the write is on disk). */
  async function crashCopy(name: string): Promise<string> {
    const copy = join(dir, name);
    await copyFile(dataFile, copy);
    await copyFile(journal, journalFileOf(copy)).catch(() => undefined);
    return copy;
  }

  it('appends each write as one journal line, leaves the snapshot alone, and replays it at start', async () => {
    const emu = await startTestEmulator({ dataFile });
    try {
      const snapshot = await readFile(dataFile);
      for (let round = 0; round < 3; round++) await writeSomeOfEverything(emu, round);
      expect(await readFile(dataFile)).toEqual(snapshot);
      const lines = (await readFile(journal, 'utf8')).trimEnd().split('\n');
      expect(lines[0]).toMatch(/^\{"crmSchemaJournal":1,"storeId":"[\w-]+"\}$/);
      expect(lines.length).toBeGreaterThan(30);
      const stored = await loadStateFiles(await crashCopy('crashed.json'));
      expect(stored!.journalEntries).toBe(lines.length - 1);
      expect(comparable(stored!.state)).toEqual(comparable(emu.state));
    } finally {
      await emu.close();
    }
    // the close writes a snapshot and removes the journal
    expect((await readdir(dir)).sort()).toEqual(['crashed.json', 'crashed.json.journal', 'state.json']);
    const again = await startTestEmulator({ dataFile });
    try {
      expect(again.loadedFromDataFile).toBe(true);
      expect(comparable(again.state)).toEqual(comparable((await readStateFile(join(dir, 'crashed.json')))!));
    } finally {
      await again.close();
    }
  });

  it('ignores a last line cut short by a crash, and cuts it off before appending', async () => {
    const emu = await startTestEmulator({ dataFile });
    let copy: string;
    let expected: unknown;
    try {
      await writeSomeOfEverything(emu, 0);
      copy = await crashCopy('crashed.json');
      expected = comparable(emu.state);
    } finally {
      await emu.close();
    }
    const torn = '{"seq":999,"changes":[["counters",{"record":12';
    await appendFile(journalFileOf(copy), torn);
    const stored = await loadStateFiles(copy);
    expect(comparable(stored!.state)).toEqual(expected);

    const resumed = await startTestEmulator({ dataFile: copy });
    try {
      const res = await resumed.call('POST', '/crm/v3/objects/tickets', {
        properties: { subject: 'after the crash' },
      });
      expect(res.status).toBe(201);
      const text = await readFile(journalFileOf(copy), 'utf8');
      expect(text).not.toContain(torn);
      expect(text.endsWith('\n')).toBe(true);
      const reloaded = await readStateFile(copy);
      expect(reloaded!.objectTypes['0-5']!.records[res.body.id]!.properties.subject).toBe('after the crash');
    } finally {
      await resumed.close();
    }
  });

  it('rewrites the snapshot when the journal outgrows its limit, losing nothing, at any point', async () => {
    const emu = await startTestEmulator({ dataFile, journalLimitBytes: 4000 });
    try {
      let compactions = 0;
      let inode = (await stat(dataFile)).ino;
      for (let round = 0; round < 6; round++) {
        await writeSomeOfEverything(emu, round);
        const now = (await stat(dataFile)).ino;
        if (now !== inode) compactions++;
        inode = now;
        // after every round, the files hold exactly the live state
        expect(comparable((await readStateFile(dataFile))!)).toEqual(comparable(emu.state));
      }
      expect(compactions).toBeGreaterThanOrEqual(3);
      expect((await stat(journal).catch(() => ({ size: 0 }))).size).toBeLessThan(4000 + 20_000);
    } finally {
      await emu.close();
    }
  });

  it('after a restart, rewrites the records that changed and copies the others as they were read', async () => {
    const first = await startTestEmulator({ dataFile });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await first.call('POST', '/crm/v3/objects/tickets', { properties: { subject: `t${i}` } });
      ids.push(res.body.id as string);
    }
    await first.close();
    const second = await startTestEmulator({ dataFile, journalLimitBytes: 3000 });
    try {
      let inode = (await stat(dataFile)).ino;
      let compactions = 0;
      for (let i = 0; i < 30; i += 3) {
        const id = ids[i]!;
        await second.call('PATCH', `/crm/v3/objects/tickets/${id}`, {
          properties: { subject: `changed ${i}` },
        });
        if (i % 2 === 0) await second.call('DELETE', `/crm/v3/objects/tickets/${ids[i + 1]!}`);
        await second.call('POST', '/crm/v3/objects/tickets', { properties: { subject: `new ${i}` } });
        const now = (await stat(dataFile)).ino;
        if (now !== inode) compactions++;
        inode = now;
        expect(comparable((await readStateFile(dataFile))!)).toEqual(comparable(second.state));
      }
      expect(compactions).toBeGreaterThanOrEqual(2);
    } finally {
      await second.close();
    }
    const third = await startTestEmulator({ dataFile });
    try {
      const records = third.state.objectTypes['0-5']!.records;
      expect(records[ids[0]!]!.properties.subject).toBe('changed 0');
      expect(records[ids[1]!]!.archived).toBe(true);
      expect(records[ids[2]!]!.properties.subject).toBe('t2');
    } finally {
      await third.close();
    }
  });

  it('skips the entries a snapshot already holds (a crash between the snapshot and the journal removal)', async () => {
    const emu = await startTestEmulator({ dataFile });
    let copy: string;
    try {
      await writeSomeOfEverything(emu, 0);
      const old = await readFile(journal);
      // a change that does not say what it changed is saved as a snapshot: the journal goes
      await emu.save();
      await expect(stat(journal)).rejects.toMatchObject({ code: 'ENOENT' });
      // as if the process had been killed before removing it
      copy = await crashCopy('crashed.json');
      await writeFile(journalFileOf(copy), old);
    } finally {
      await emu.close();
    }
    const stored = await loadStateFiles(copy);
    expect(stored!.journalEntries).toBe(0);
    expect(comparable(stored!.state)).toEqual(comparable((await readStateFile(dataFile))!));
    // a restart continues the journal after those entries
    const resumed = await startTestEmulator({ dataFile: copy });
    try {
      const res = await resumed.call('POST', '/crm/v3/objects/tickets', { properties: { subject: 'next' } });
      expect(res.status).toBe(201);
      const reloaded = await loadStateFiles(copy);
      expect(reloaded!.journalEntries).toBe(1);
      expect(comparable(reloaded!.state)).toEqual(comparable(resumed.state));
    } finally {
      await resumed.close();
    }
  });

  describe('a damaged journal is refused, and both files are left unchanged', () => {
    const cases: [string, (lines: string[]) => string, RegExp][] = [
      [
        'a damaged line before the last',
        (lines) => [lines[0], lines[1]!.slice(0, 40), ...lines.slice(2)].join('\n'),
        /has a damaged journal .*crashed\.json\.journal: line 2 is not valid JSON \(/,
      ],
      [
        'a missing entry',
        (lines) => [lines[0], lines[1], ...lines.slice(3)].join('\n'),
        /line 3 is entry 3 after entry 1/,
      ],
      [
        'the journal of another data file',
        (lines) =>
          [lines[0]!.replace(/"storeId":"[^"]*"/, '"storeId":"another"'), ...lines.slice(1)].join('\n'),
        /line 1 names another data file/,
      ],
      [
        'a change that does not fit',
        (lines) =>
          [
            lines[0],
            lines[1]!.replace('"counters",{"record":', '"counters",{"record":"x","was":'),
            ...lines.slice(2),
          ].join('\n'),
        /line 2 \(entry 1\) the counters\.record should be a number but is a string/,
      ],
    ];
    for (const [what, damage, message] of cases) {
      it(`refuses ${what}`, async () => {
        const emu = await startTestEmulator({ dataFile });
        let copy: string;
        try {
          for (let i = 0; i < 3; i++)
            await emu.call('POST', '/crm/v3/objects/tickets', { properties: { subject: `t${i}` } });
          copy = await crashCopy('crashed.json');
        } finally {
          await emu.close();
        }
        const lines = (await readFile(journalFileOf(copy), 'utf8')).split('\n');
        const damaged = damage(lines);
        await writeFile(journalFileOf(copy), damaged);
        const snapshot = await readFile(copy);
        const error = await startEmulator({ dataFile: copy }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ code: 'EMULATOR_DATA_CORRUPT' });
        expect((error as Error).message).toContain(`The emulator data file ${copy} `);
        expect((error as Error).message).toMatch(message);
        expect((error as { hint: string }).hint).toMatch(/left unchanged/);
        expect(await readFile(copy)).toEqual(snapshot);
        expect(await readFile(journalFileOf(copy), 'utf8')).toBe(damaged);
      });
    }

    it('refuses a journal without its data file', async () => {
      await writeFile(journal, '{"crmSchemaJournal":1,"storeId":"x"}\n');
      await expect(startEmulator({ dataFile })).rejects.toMatchObject({
        code: 'EMULATOR_DATA_CORRUPT',
        message: `The emulator data file ${dataFile} is missing, but its journal ${journal} is there.`,
      });
      expect(await readdir(dir)).toEqual(['state.json.journal']);
    });

    it('refuses a snapshot whose bytes changed after it was written', async () => {
      await (await startEmulator({ dataFile })).close();
      const text = await readFile(dataFile, 'utf8');
      const damaged = text.replace('"label":"Ticket name"', '"label":"Ticket nane"');
      expect(damaged).not.toBe(text);
      await writeFile(dataFile, damaged);
      await expect(startEmulator({ dataFile })).rejects.toMatchObject({
        code: 'EMULATOR_DATA_CORRUPT',
        message: `The emulator data file ${dataFile} is damaged: its check sum does not match its content.`,
      });
      await writeFile(dataFile, text.slice(0, text.lastIndexOf('{"end"')));
      await expect(startEmulator({ dataFile })).rejects.toMatchObject({
        message: `The emulator data file ${dataFile} is incomplete: it does not end with its end line.`,
      });
    });
  });

  it('reads a data file of an earlier version (one JSON document) and rewrites it as a snapshot', async () => {
    const state = createInitialState(31, new Date().toISOString());
    state.counters.record = 41;
    await writeFile(dataFile, JSON.stringify(state));
    const emu = await startTestEmulator({ dataFile });
    try {
      expect(emu.loadedFromDataFile).toBe(true);
      expect(emu.state.counters.record).toBe(41);
      expect((await readFile(dataFile, 'utf8')).startsWith('{"crmSchemaSnapshot":1,')).toBe(true);
      expect(comparable((await readStateFile(dataFile))!)).toEqual(comparable(state));
    } finally {
      await emu.close();
    }
  });

  it('keeps record histories that were never read through a restart and a rewrite', async () => {
    const first = await startTestEmulator({ dataFile });
    const created = await first.call('POST', '/crm/v3/objects/tickets', { properties: { subject: 'one' } });
    await first.call('PATCH', `/crm/v3/objects/tickets/${created.body.id}`, {
      properties: { subject: 'two' },
    });
    await first.close();
    // loaded, untouched (its history still packed), written again as a snapshot
    const second = await startTestEmulator({ dataFile });
    await second.call('POST', '/crm/v3/objects/tickets', { properties: { subject: 'other' } });
    await second.save();
    await second.close();
    const third = await startTestEmulator({ dataFile });
    try {
      const read = await third.call(
        'GET',
        `/crm/v3/objects/tickets/${created.body.id}?propertiesWithHistory=subject`,
      );
      expect(read.body.propertiesWithHistory.subject.map((h: { value: string }) => h.value)).toEqual([
        'two',
        'one',
      ]);
      expect(Object.keys(third.state.objectTypes['0-5']!.records[created.body.id]!)).toContain('history');
    } finally {
      await third.close();
    }
  });
});
