/** The apply renderers on inline reports and events: report, progress (terminal and plain), dry run, stale refusal. */
import { describe, expect, it } from 'vitest';
import type { DryRun } from '../../src/engine/apply/dry-run.js';
import type { ApplyEvent, ApplyReport, ChangeOutcome } from '../../src/engine/apply/types.js';
import { confirmQuestion, isYes, startLine } from '../../src/engine/render/apply/apply-confirm.js';
import { renderDryRunText } from '../../src/engine/render/apply/apply-dry-run.js';
import { createApplyProgress } from '../../src/engine/render/apply/apply-progress.js';
import { renderApplyReport } from '../../src/engine/render/apply/apply-report.js';

function outcome(
  address: string,
  status: ChangeOutcome['status'],
  extra: Partial<ChangeOutcome> = {},
): ChangeOutcome {
  return {
    id: `property.create ${address}`,
    type: 'property.create',
    action: 'create',
    address,
    message: `Create property ${address}`,
    severity: 'safe',
    phase: 'properties.create',
    status,
    ...extra,
  };
}

const REPORT: ApplyReport = {
  ok: false,
  outcomes: [
    outcome('tickets.a', 'applied'),
    outcome('tickets.b', 'applied', { reconciled: true }),
    outcome('tickets.c', 'failed', {
      error: {
        code: 'VALIDATION',
        status: 400,
        category: 'VALIDATION_ERROR',
        message: 'Bad group.',
        correlationId: 'c-1',
      },
    }),
    outcome('tickets.d', 'failed', {
      error: { code: 'CONFLICT', status: 409, category: 'OBJECT_ALREADY_EXISTS', message: 'Exists.' },
      reason: 'conflict: it exists already and differs from the plan in label; run crm-schema plan',
      differences: [{ field: 'label', expected: 'D', actual: 'Other' }],
    }),
    outcome('tickets.e', 'skipped', {
      skipCause: 'dependency',
      reason: 'not sent: it depends on x, which failed',
    }),
    outcome('tickets.f', 'skipped', {
      skipCause: 'policy',
      reason: 'refused: refused by destructive: deny (...)',
    }),
    outcome('tickets.g', 'already-done', { reason: 'it existed already, equal to the plan', resent: 1 }),
  ],
  summary: { total: 7, applied: 2, alreadyDone: 1, failed: 2, skipped: 2, refused: 1 },
  writes: 3,
  readBacks: 1,
  durationMs: 1234,
};

/** A progress writing into `out`, on a terminal or not, its clock set through `clock.t` (or stepping). */
function recordedProgress(tty: boolean, step?: number) {
  const out: string[] = [];
  const clock = { t: 0 };
  const progress = createApplyProgress({
    tty,
    color: false,
    write: (s) => out.push(s),
    now: () => (step === undefined ? clock.t : (clock.t += step)),
  });
  return { out, clock, progress };
}

describe('the apply report', () => {
  it('marks each change with its own symbol, as the plan does: + create, ~ update, -/+ replace, - remove', () => {
    const report: ApplyReport = {
      ...REPORT,
      ok: true,
      outcomes: [
        outcome('tickets.a', 'applied'),
        outcome('tickets.b', 'applied', { action: 'update', message: 'Update property tickets.b: label' }),
        outcome('tickets.c', 'applied', { action: 'replace', message: 'Replace property tickets.c' }),
        outcome('tickets.d', 'applied', { action: 'remove', message: 'Archive property tickets.d' }),
      ],
    };
    const lines = renderApplyReport(report, { color: false }).split('\n');
    expect(lines.slice(1, 5)).toEqual([
      '  +   Create property tickets.a',
      '  ~   Update property tickets.b: label',
      '  -/+ Replace property tickets.c',
      '  -   Archive property tickets.d',
    ]);
  });

  it('lists failures with the API category and message, then skipped, already done and applied', () => {
    expect(renderApplyReport(REPORT, { color: false })).toBe(
      [
        'Failed (2):',
        '  +   Create property tickets.c',
        '      VALIDATION_ERROR (400): Bad group. (correlationId c-1)',
        '  +   Create property tickets.d',
        '      OBJECT_ALREADY_EXISTS (409): Exists.',
        '      conflict: it exists already and differs from the plan in label; run crm-schema plan',
        '        label: "D" -> "Other"',
        '',
        'Skipped (2):',
        '  +   Create property tickets.e',
        '      not sent: it depends on x, which failed',
        '  +   Create property tickets.f',
        '      refused: refused by destructive: deny (...)',
        '',
        'Already done (1):',
        '  +   Create property tickets.g',
        '      it existed already, equal to the plan',
        '      sent again 1 time after read-backs showed it was not applied',
        '',
        'Applied (2):',
        '  +   Create property tickets.a',
        '  +   Create property tickets.b',
        '      its answer was lost; a read-back found it applied',
        '',
        'Apply: 2 applied, 1 already done, 2 failed, 2 skipped (1 refused by policy) in 1.2 s. 3 write calls, 1 read-back call.',
        'Some changes failed (see above); the others were applied. Fix what each failure says, then run crm-schema apply again: what is done is found done and never sent twice.',
        'Changes the policy refuses were skipped (--skip-refused); each says above how to allow it. The account is not yet as declared: the next plan shows them again.',
      ].join('\n'),
    );
  });

  it('counts many applied changes per phase instead of listing them', () => {
    const many: ApplyReport = {
      ...REPORT,
      ok: true,
      outcomes: Array.from({ length: 3 }, (_, i) => outcome(`tickets.p${i}`, 'applied')),
      summary: { total: 3, applied: 3, alreadyDone: 0, failed: 0, skipped: 0, refused: 0 },
      readBacks: 0,
    };
    expect(renderApplyReport(many, { color: false, maxListed: 2 })).toBe(
      'Applied (3):\n  properties.create: 3 changes\n  (--json lists every change)\n\nApply: 3 applied in 1.2 s. 3 write calls.',
    );
  });
});

describe('apply progress', () => {
  const events = (): ApplyEvent[] => [
    { kind: 'phase-start', phase: 'properties.create', index: 1, count: 3, total: 3 },
    { kind: 'outcome', outcome: outcome('tickets.a', 'applied') },
    { kind: 'outcome', outcome: REPORT.outcomes[2]! },
    { kind: 'outcome', outcome: outcome('tickets.b', 'applied') },
    {
      kind: 'phase-end',
      phase: 'properties.create',
      counts: { applied: 2, 'already-done': 0, failed: 1, skipped: 0 },
    },
  ];

  it('prints plain lines when not on a terminal', () => {
    const { out, progress } = recordedProgress(false, 100);
    events().forEach((e) => {
      progress.onEvent(e);
    });
    expect(out.join('')).toBe(
      'properties.create: 3 changes\n' +
        '  failed: tickets.c: VALIDATION_ERROR (400): Bad group. (correlationId c-1)\n' +
        'properties.create: 2 applied, 1 failed (100 ms)\n',
    );
  });

  it('rewrites one line per phase on a terminal, at most every 100 ms', () => {
    const { out, clock, progress } = recordedProgress(true);
    const times = [0, 50, 80, 150, 400];
    events().forEach((e, i) => {
      clock.t = times[i]!;
      progress.onEvent(e);
    });
    expect(out).toEqual([
      '\r\x1b[K[2/3] properties.create  0/3',
      '\r\x1b[K[2/3] properties.create  3/3  (1 failed)',
      '\r\x1b[K[2/3] properties.create  3/3  2 applied, 1 failed  400 ms\n',
    ]);
  });
});

describe('the progress of a migration', () => {
  const start: ApplyEvent = {
    kind: 'phase-start',
    phase: 'properties.migrate',
    index: 3,
    count: 5,
    total: 1,
  };
  const records = (read: number, written: number, pass = 1): ApplyEvent => ({
    kind: 'records',
    id: 'property.rename tickets.support_tier',
    pass,
    read,
    written,
    total: 1_000,
  });

  it('on a terminal: records read and written against the plan, the rate and the time left', () => {
    const { out, clock, progress } = recordedProgress(true);
    progress.onEvent(start);
    progress.onEvent(records(100, 100)); // starts the clock
    clock.t = 2_000;
    progress.onEvent(records(500, 250));
    expect(out.at(-1)).toBe(
      '\r\x1b[K[4/5] properties.migrate  0/1  tickets.support_tier: pass 1, 500 records read, 250/1,000 written (250/s), about 6 s left',
    );
  });

  it('in CI logs: a plain line at most every 10 s', () => {
    const { out, clock, progress } = recordedProgress(false);
    progress.onEvent(start);
    for (const [at, read] of [
      [0, 100],
      [4_000, 300],
      [10_000, 900],
      [12_000, 1_000],
    ] as const) {
      clock.t = at;
      progress.onEvent(records(read, read));
    }
    expect(out.filter((line) => line.includes('records read'))).toEqual([
      '  tickets.support_tier: pass 1, 100 records read, 100/1,000 written\n',
      '  tickets.support_tier: pass 1, 900 records read, 900/1,000 written (90/s), about 2 s left\n',
    ]);
  });
});

describe('dry run, stale refusal and confirmation texts', () => {
  it('numbers the requests with their bodies and notes refs and changes not sent', () => {
    const dry: DryRun = {
      dryRun: true,
      changes: 1,
      dataWork: [],
      requests: [
        {
          method: 'POST',
          path: '/crm/associations/v4/definitions/configurations/tickets/orders/batch/create',
          batch: true,
          body: {
            inputs: [
              { category: 'USER_DEFINED', typeId: { ref: 'tickets->orders:Primary' }, maxToObjectIds: 1 },
            ],
          },
          phase: 'limits.set',
          changeIds: ['limit.set tickets->orders:Primary'],
        },
      ],
      notSent: [
        outcome('tickets.f', 'skipped', { skipCause: 'policy', reason: 'refused by destructive: deny' }),
      ],
    };
    expect(renderDryRunText(dry)).toBe(
      [
        'Dry run: 1 request for 1 change, in the order apply would send them. Nothing was sent.',
        '',
        '1. POST /crm/associations/v4/definitions/configurations/tickets/orders/batch/create  (limits.set, 1 change)',
        '   {',
        '     "inputs": [',
        '       {',
        '         "category": "USER_DEFINED",',
        '         "typeId": {',
        '           "ref": "tickets->orders:Primary"',
        '         },',
        '         "maxToObjectIds": 1',
        '       }',
        '     ]',
        '   }',
        '',
        '{ "ref": ADDRESS } stands for the typeId of that label, created by an earlier request.',
        '',
        'Not sent (1):',
        '  - tickets.f (property.create): refused by destructive: deny',
      ].join('\n'),
    );
  });

  it('asks a y/N question that says what is skipped, and accepts only y or yes', () => {
    const question = confirmQuestion(
      { changes: 3, notSent: [outcome('tickets.f', 'skipped', { skipCause: 'policy' })] },
      'https://crm.example.com',
    );
    expect(question).toBe(
      '1 change the policy refuses will be skipped (--skip-refused).\n' +
        "Apply 3 changes to https://crm.example.com? Only 'y' or 'yes' applies. [y/N] ",
    );
    expect(['y', 'YES', ' yes\n'].map(isYes)).toEqual([true, true, true]);
    expect(['', 'n', 'yep', 'no'].map(isYes)).toEqual([false, false, false, false]);
    expect(startLine(2, 'X', 'plan.json', 1)).toBe(
      'Applying 2 changes of plan.json to X (1 change is already done).',
    );
  });
});
