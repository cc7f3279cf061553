/**
 * The plan is the contract, through the CLI (test/helpers/cli.ts) against the emulator: the policy's decision on every
 * change in every format, apply refusing as a whole (or `--skip-refused`), the dangerous gate, and saved
 * plans tampered with in every way refused with nothing written.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'cli-policy-token-1234567890';

let emulator: TestEmulator;
let dir: string;
/** writes the emulator received (method and path) */
let writes: string[] = [];
/** every request the emulator received, reads too */
let requests = 0;

beforeEach(async () => {
  writes = [];
  emulator = await startTestEmulator({
    tokens: [TOKEN],
    extend: (app) =>
      app.addHook('onRequest', (request, _reply, done) => {
        requests += 1;
        if (request.method !== 'GET' && !/\/(batch\/read|search)$/.test(request.url))
          writes.push(`${request.method} ${request.url}`);
        done();
      }),
  });
  dir = await tempDir('crm-schema-policy-');
});
afterEach(async () => {
  await emulator.close();
  await removeDir(dir);
});

const cli = (...args: string[]): Promise<Run> =>
  runCli(args, { cwd: dir, env: { CRM_TOKEN_PRODUCTION: TOKEN } });

const PROJECT = (policy: string) => `manifests: ['schema/**/*.yaml']
defaultEnvironment: production
environments:
  production:
    baseUrl: BASE
    tokenEnv: CRM_TOKEN_PRODUCTION
    policy: ${policy}
`;

const BEFORE = `kind: Properties
objectType: tickets
groups: [{ name: support, label: Support }]
properties:
  - { name: keep, label: Keep, type: string, fieldType: text, groupName: support }
  - { name: old_a, label: Old A, type: string, fieldType: text, groupName: support }
  - { name: old_b, label: Old B, type: string, fieldType: text, groupName: support }
  - { name: score, label: Score, type: string, fieldType: text, groupName: support }
`;

const AFTER = `kind: Properties
objectType: tickets
groups: [{ name: support, label: Support }]
properties:
  - { name: keep, label: Keep, type: string, fieldType: text, groupName: support }
  - { name: added, label: Added, type: string, fieldType: text, groupName: support }
  - { name: old_a, archived: true }
  - { name: old_b, archived: true }
  - { name: score, label: Score, type: string, fieldType: text, groupName: support }
`;

async function setUp(policy: string, after = AFTER): Promise<void> {
  await writeFiles(dir, {
    'crm-schema.yaml': PROJECT('{ destructive: allow }').replace('BASE', emulator.url),
    'schema/tickets.yaml': BEFORE,
  });
  expect((await cli('apply', '--yes')).code).toBe(0);
  await writeFiles(dir, {
    'crm-schema.yaml': PROJECT(policy).replace('BASE', emulator.url),
    'schema/tickets.yaml': after,
  });
  writes = [];
}

describe('policy decisions', () => {
  beforeEach(() => setUp('{ destructive: deny, allow: [tickets.old_b] }'));

  it('a production plan shows the denied archive and the allowed one in text, Markdown and JSON; exit 1', async () => {
    const text = await cli('plan');
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      '  -   Archive property tickets.old_a\n' +
        '      !! destructive: archives the property: its values are no longer readable on records; no record holds a value\n' +
        '      refused by policy: destructive: deny of environment production, and tickets.old_a is not in its allow: list\n',
    );
    expect(text.stdout).toContain(
      '  -   Archive property tickets.old_b\n' +
        '      !! destructive: archives the property: its values are no longer readable on records; no record holds a value\n' +
        '      allowed: destructive, allowed by name in allow: of environment production\n',
    );
    expect(text.stdout).toContain('Plan: 1 to create, 2 to archive; 2 destructive (1 refused by policy).');
    expect(text.stderr).toContain(
      'Error: The plan holds 1 change the policy refuses, so apply would write nothing:',
    );

    const markdown = await cli('plan', '--format', 'markdown');
    expect(markdown.stdout).toContain('#### Refused by policy (1)\n');
    expect(markdown.stdout.indexOf('#### Refused by policy')).toBeLessThan(
      markdown.stdout.indexOf('#### Changes'),
    );
    expect(markdown.stdout).toContain('- **!! destructive, refused** `-` `tickets.old_a`');

    const json = await cli('plan', '--json');
    const plan = JSON.parse(json.stdout) as PlanDocument;
    expect(plan.changes.map((c) => [c.address, c.policy.decision])).toEqual([
      ['tickets.added', 'apply'],
      ['tickets.old_a', 'refuse'],
      ['tickets.old_b', 'apply'],
    ]);
    expect(plan.summary.refused).toBe(1);
    expect((await cli('plan', '--skip-refused', '--detailed-exitcode')).code).toBe(2);
    expect(writes).toEqual([]);
  });

  it('apply of it writes nothing and exits 1; --skip-refused applies the rest', async () => {
    const refused = await cli('apply', '--yes');
    expect(refused.code).toBe(1);
    expect(writes).toEqual([]);
    const applied = await cli('apply', '--yes', '--skip-refused');
    expect(applied.code).toBe(0);
    expect(writes.sort()).toEqual([
      'DELETE /crm/v3/properties/tickets/old_b',
      'POST /crm/v3/properties/tickets',
    ]);
    expect(applied.stdout).toContain('Apply: 2 applied, 1 skipped (1 refused by policy) in ');
  });

  it('a saved plan with a refused change: apply refuses it as a whole, --skip-refused applies the rest', async () => {
    expect((await cli('plan', '--out', 'plan.json')).code).toBe(1);
    const refused = await cli('apply', 'plan.json');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('tickets.old_a: refused by policy');
    expect(writes).toEqual([]);
    // an allowance the plan was made without is refused, not taken
    const widened = await cli('apply', 'plan.json', '--allow-destructive');
    expect(widened.stderr).toContain('plan.json was made without --allow-destructive');
    expect(writes).toEqual([]);
    expect((await cli('apply', 'plan.json', '--skip-refused')).code).toBe(0);
    expect(writes.sort()).toEqual([
      'DELETE /crm/v3/properties/tickets/old_b',
      'POST /crm/v3/properties/tickets',
    ]);
  });
});

describe('the allowances of a saved plan are those given to apply', () => {
  beforeEach(() => setUp('{ destructive: deny }'));

  /** plan.json as plan --out wrote it, then edited */
  async function edit(change: (plan: PlanDocument) => void): Promise<void> {
    const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as PlanDocument;
    change(plan);
    await writeFile(join(dir, 'plan.json'), JSON.stringify(plan));
  }

  const forgeDecisions = (plan: PlanDocument): void => {
    for (const change of plan.changes)
      if (change.policy.decision === 'refuse')
        change.policy = {
          decision: 'apply',
          rule: 'allowed-by-flag',
          reason: 'destructive, allowed by --allow-destructive',
        };
    plan.summary.refused = 0;
  };

  it('refuses a file that grants itself --allow-destructive, writing nothing', async () => {
    expect((await cli('plan', '--out', 'plan.json')).code).toBe(1);
    await edit((plan) => {
      expect(plan.changes.filter((c) => c.policy.decision === 'refuse').map((c) => c.address)).toEqual([
        'tickets.old_a',
        'tickets.old_b',
      ]);
      plan.settings!.allowDestructive = true;
      forgeDecisions(plan);
    });
    const run = await cli('apply', 'plan.json', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Error: plan.json was made with --allow-destructive: apply it with the same flag, or it is not applied. Nothing was applied.',
    );
    expect(writes).toEqual([]);
    expect((await cli('apply', 'plan.json', '--yes', '--skip-refused')).code).toBe(1);
    expect(writes).toEqual([]);
  });

  it('refuses a file whose refused decisions were turned into apply, naming each, writing nothing', async () => {
    expect((await cli('plan', '--out', 'plan.json')).code).toBe(1);
    await edit(forgeDecisions);
    for (const flags of [[], ['--skip-refused']]) {
      const run = await cli('apply', 'plan.json', '--yes', ...flags);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'The plan does not match the manifests and the live account (2 differences); nothing was applied:',
      );
      expect(run.stderr).toContain(
        '  - property.archive tickets.old_a: policy decision: the plan says apply, now refuse (destructive: deny of environment production, and tickets.old_a is not in its allow: list)',
      );
      expect(run.stderr).toContain(
        '  - property.archive tickets.old_b: policy decision: the plan says apply',
      );
    }
    expect(writes).toEqual([]);
  });

  it('a plan made with --allow-destructive needs it on apply; with it, it applies', async () => {
    expect((await cli('plan', '--allow-destructive', '--out', 'plan.json')).code).toBe(0);
    const without = await cli('apply', 'plan.json', '--yes');
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('plan.json was made with --allow-destructive');
    expect(without.stderr).toContain('Hint: Review the plan, then apply it with --allow-destructive');
    expect(writes).toEqual([]);
    // the other allowance does not stand in for it
    expect((await cli('apply', 'plan.json', '--yes', '--allow-dangerous')).code).toBe(1);
    expect(writes).toEqual([]);
    const applied = await cli('apply', 'plan.json', '--yes', '--allow-destructive');
    expect(applied.code).toBe(0);
    // the two archives in one batch call
    expect(writes.sort()).toEqual([
      'POST /crm/v3/properties/tickets',
      'POST /crm/v3/properties/tickets/batch/archive',
    ]);
  });

  it('a plan made with --allow-dangerous needs it on apply; one made without it refuses it', async () => {
    expect((await cli('plan', '--allow-dangerous', '--skip-refused', '--out', 'plan.json')).code).toBe(0);
    const without = await cli('apply', 'plan.json', '--yes', '--skip-refused');
    expect(without.code).toBe(1);
    expect(without.stderr).toContain(
      'plan.json was made with --allow-dangerous: apply it with the same flag',
    );
    expect(writes).toEqual([]);

    expect((await cli('plan', '--skip-refused', '--out', 'plan.json')).code).toBe(0);
    const widened = await cli('apply', 'plan.json', '--yes', '--skip-refused', '--allow-dangerous');
    expect(widened.code).toBe(1);
    expect(widened.stderr).toContain('plan.json was made without --allow-dangerous');
    expect(writes).toEqual([]);
  });
});

describe('the data check of a saved plan is the one given to apply', () => {
  const LEVEL = (options: string) =>
    BEFORE +
    `  - { name: level, label: Level, type: enumeration, fieldType: select, groupName: support, options: [${options}] }\n`;
  const BOTH = '{ label: Low, value: low }, { label: Legacy, value: legacy }';

  beforeEach(async () => {
    await setUp('{ destructive: allow }', LEVEL(BOTH));
    await writeFiles(dir, { 'schema/tickets.yaml': LEVEL(BOTH) });
    expect((await cli('apply', '--yes')).code).toBe(0);
    const record = await emulator.call(
      'POST',
      '/crm/v3/objects/tickets',
      { properties: { subject: 'a', level: 'legacy' } },
      TOKEN,
    );
    expect(record.status).toBe(201);
    // 'legacy' removed while a record holds it: counted, destructive (refused); uncounted, dangerous (allowed)
    await setUp('{ destructive: deny }', LEVEL('{ label: Low, value: low }'));
    writes = [];
  });

  async function read(file: string): Promise<PlanDocument> {
    return JSON.parse(await readFile(join(dir, file), 'utf8')) as PlanDocument;
  }

  /** apply of FILE with FLAGS refused before anything is read or written */
  async function refused(file: string, flags: string[], message: string): Promise<Run> {
    requests = 0;
    const run = await cli('apply', file, '--yes', ...flags);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(requests).toBe(0);
    expect(writes).toEqual([]);
    return run;
  }

  it('refuses a file edited to dataCheck: false with matching severities, reading and writing nothing', async () => {
    expect((await cli('plan', '--out', 'plan.json')).code).toBe(1);
    const honest = await read('plan.json');
    const level = honest.changes.find((c) => c.address === 'tickets.level')!;
    expect([level.severity, level.policy.decision]).toEqual(['destructive', 'refuse']);
    // what the file would say had the data check not run: dangerous, allowed
    expect((await cli('plan', '--no-data-check', '--out', 'unchecked.json')).code).toBe(0);
    const unchecked = await read('unchecked.json');
    expect(unchecked.changes.find((c) => c.address === 'tickets.level')!.severity).toBe('dangerous');
    const forged = { ...honest, settings: { ...honest.settings!, dataCheck: false } };
    forged.changes = unchecked.changes;
    forged.summary = unchecked.summary;
    await writeFile(join(dir, 'forged.json'), JSON.stringify(forged));
    for (const flags of [[], ['--skip-refused']]) {
      await refused(
        'forged.json',
        flags,
        'Error: forged.json was made with --no-data-check: apply it with the same flag, or it is not applied. Nothing was applied.',
      );
    }
    // the same with a starved budget: the count is not made, the removal looks dangerous
    await writeFile(
      join(dir, 'forged.json'),
      JSON.stringify({ ...forged, settings: { ...honest.settings!, dataCheckBudget: 0 } }),
    );
    await refused(
      'forged.json',
      [],
      'forged.json was made with --data-check-budget 0: apply it with the same flag',
    );
    // the honest plan is refused by its policy, not its settings
    const policy = await cli('apply', 'plan.json', '--yes');
    expect(policy.code).toBe(1);
    expect(policy.stderr).toContain('tickets.level: refused by policy');
    expect(policy.stderr).not.toContain('PLAN_SETTINGS');
    expect(writes).toEqual([]);
  });

  it('a plan made with --no-data-check needs it on apply; one made with the data check refuses it', async () => {
    expect((await cli('plan', '--no-data-check', '--out', 'unchecked.json')).code).toBe(0);
    const run = await refused('unchecked.json', [], 'unchecked.json was made with --no-data-check');
    expect(run.stderr).toContain(
      'Hint: Review the plan, then apply it with --no-data-check (crm-schema apply unchecked.json --no-data-check)',
    );
    expect((await cli('plan', '--skip-refused', '--out', 'checked.json')).code).toBe(0);
    await refused(
      'checked.json',
      ['--no-data-check', '--skip-refused'],
      'checked.json was made without --no-data-check',
    );
    const applied = await cli('apply', 'unchecked.json', '--yes', '--no-data-check');
    expect(applied.code).toBe(0);
    expect(writes).toEqual(['PATCH /crm/v3/properties/tickets/level']);
  });

  it('a plan made with --data-check-budget N needs the same budget on apply', async () => {
    // no call left for the count: uncounted, dangerous, allowed
    expect((await cli('plan', '--data-check-budget', '0', '--out', 'plan.json')).code).toBe(0);
    const run = await refused(
      'plan.json',
      [],
      'Error: plan.json was made with --data-check-budget 0: apply it with the same flag, or it is not applied. Nothing was applied.',
    );
    expect(run.stderr).toContain(
      'Hint: Review the plan, then apply it with --data-check-budget 0 (crm-schema apply plan.json --data-check-budget 0)',
    );
    await refused('plan.json', ['--data-check-budget', '5'], 'was made with --data-check-budget 0');
    const applied = await cli('apply', 'plan.json', '--yes', '--data-check-budget', '0');
    expect(applied.code).toBe(0);
    expect(writes).toEqual(['PATCH /crm/v3/properties/tickets/level']);
  });
});

describe('the dangerous gate', () => {
  const TYPE_CHANGE = BEFORE.replace(
    '{ name: score, label: Score, type: string, fieldType: text, groupName: support }',
    '{ name: score, label: Score, type: number, fieldType: number, groupName: support }',
  );

  it('refuses an uncounted type change under dangerous: deny, unless --allow-dangerous or allow: names it', async () => {
    // without the data check, nothing tells whether the values convert: dangerous
    await setUp('{ dangerous: deny }', TYPE_CHANGE);
    const plan = await cli('plan', '--no-data-check');
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain(
      '      refused by policy: dangerous: deny of environment production, and tickets.score is not in its allow: list',
    );
    expect((await cli('apply', '--yes', '--no-data-check')).code).toBe(1);
    expect(writes).toEqual([]);
    const allowed = await cli('apply', '--yes', '--allow-dangerous', '--no-data-check');
    expect(allowed.code).toBe(0);
    expect(writes).toEqual(['PATCH /crm/v3/properties/tickets/score']);
  });

  it('lets through the type change allow: names', async () => {
    await setUp('{ dangerous: deny, allow: [tickets.score] }', TYPE_CHANGE);
    expect((await cli('apply', '--yes')).code).toBe(0);
    expect(writes).toEqual(['PATCH /crm/v3/properties/tickets/score']);
  });
});

describe('a tampered saved plan', () => {
  let saved: PlanDocument;
  beforeEach(async () => {
    await setUp('{ destructive: allow }');
    expect((await cli('plan', '--out', 'plan.json')).code).toBe(0);
    saved = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as PlanDocument;
  });

  async function applyEdited(edit: (plan: PlanDocument) => unknown): Promise<Run> {
    const copy = structuredClone(saved);
    const edited = edit(copy) ?? copy;
    await writeFile(join(dir, 'edited.json'), JSON.stringify(edited));
    return cli('apply', 'edited.json');
  }

  it.each<[string, (plan: PlanDocument) => unknown, string]>([
    [
      'severity lowered',
      (p) => void (p.changes.find((c) => c.address === 'tickets.old_a')!.severity = 'safe'),
      'severity: the plan says safe, now destructive',
    ],
    [
      'a decision edited',
      (p) => void (p.changes.find((c) => c.address === 'tickets.old_a')!.policy.decision = 'refuse'),
      'policy decision: the plan says refuse, now apply',
    ],
    [
      'a change added from another plan',
      (p) => {
        const extra = structuredClone(p.changes.find((c) => c.address === 'tickets.old_a')!);
        extra.id = 'property.archive tickets.keep';
        extra.address = 'tickets.keep';
        extra.message = 'Archive property tickets.keep';
        if (extra.type === 'property.archive') (extra.meta as { name: string }).name = 'keep';
        extra.requests = extra.requests.map((r) => ({
          ...r,
          path: r.path.replace('old_a', 'keep'),
          ...(r.batch === undefined ? {} : { batch: { ...r.batch, item: { name: 'keep' } } }),
        }));
        p.changes.push(extra);
      },
      'property.archive tickets.keep: the plan holds it',
    ],
    [
      "a change's meta edited",
      (p) => {
        const create = p.changes.find((c) => c.type === 'property.create')!;
        if (create.type === 'property.create')
          (create.meta as { property: { label: string } }).property.label = 'Hacked';
      },
      'changed after it was made',
    ],
    [
      'a request edited',
      (p) =>
        void (p.changes.find((c) => c.address === 'tickets.old_a')!.requests[0]!.path =
          '/crm/v3/properties/tickets/keep'),
      'changed after it was made',
    ],
    ['the summary changed', (p) => void (p.summary.destructive = 0), ''],
  ])('refuses a plan with %s, writing nothing', async (_what, edit, message) => {
    const run = await applyEdited(edit);
    if (message === '') {
      // the summary is derived: an edit there changes nothing apply does
      expect(run.code).toBe(0);
      return;
    }
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(writes).toEqual([]);
  });

  it('refuses a file with any field of the plan schema broken, saying where, writing nothing', async () => {
    const broken: [string, (p: PlanDocument) => void][] = [
      ['settings', (p) => void ((p as unknown as Record<string, unknown>).settings = 'yes')],
      [
        'changes[0].type',
        (p) => void ((p.changes[0] as unknown as Record<string, unknown>).type = 'property.explode'),
      ],
      ['changes[0].policy', (p) => void ((p.changes[0] as unknown as Record<string, unknown>).policy = null)],
      [
        'changes[0].requests',
        (p) => void ((p.changes[0] as unknown as Record<string, unknown>).requests = {}),
      ],
      ['changes[1].meta', (p) => void ((p.changes[1] as unknown as Record<string, unknown>).meta = [])],
    ];
    for (const [where, breakIt] of broken) {
      const run = await applyEdited(breakIt);
      expect(run.code, where).toBe(1);
      expect(run.stderr, where).toContain('does not have the shape of a plan file: ');
      expect(run.stderr, where).not.toContain('this is a bug');
      expect(run.stderr, where).toContain(`: ${where}`);
      // only the problems of the change's own type, never the keys of the other types
      expect(run.stderr, where).not.toContain('unknown key');
      expect(run.stderr, where).toContain('(error code PLAN_FILE_INVALID)');
    }
    const unknown = await applyEdited(
      (p) => void ((p.changes[0] as unknown as Record<string, unknown>).type = 'property.explode'),
    );
    expect(unknown.stderr).toContain(
      "does not have the shape of a plan file: changes[0].type: unknown change type 'property.explode' (a change type is one of property.create, ",
    );
    expect(writes).toEqual([]);
  });
});
