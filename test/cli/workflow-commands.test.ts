/**
 * Live labels that read as CI workflow commands (`::error::`, `::add-mask::`, `::stop-commands::` at a
 * line's start, `##[group]` anywhere), planted in the account and read by plan and drift over HTTP: in
 * every output, text, Markdown and JSON, on stdout and stderr, a runner finds no command (by the same
 * model of a runner as test/core/output-gate.test.ts); the JSON still parses to the labels as they are,
 * and the text still shows them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import {
  cliAgainst,
  liveFixture,
  removeDir,
  tempDir,
  writeFiles,
  type LiveFixture,
} from '../live/helpers.js';

const LABEL = '::error title=Deploy::the account is on fire ##[add-mask]x';
const DESCRIPTION = 'first\n::stop-commands::t0ken\n  ::warning::second ##[group]g\n##vso[task.complete]done';
const DECLARED = 'first\n::stop-commands::t0ken\n  ::warning::second\nend';

/** The lines a CI runner would take as commands. */
function runnerCommands(log: string): string[] {
  return log.split(/\r\n|\r|\n/).filter((line) => /^[\s\u0085]*::/u.test(line) || /##(?:vso)?\[/.test(line));
}

let fx: LiveFixture;
let dir: string;
let cli: ReturnType<typeof cliAgainst>;

beforeEach(async () => {
  fx = await liveFixture();
  dir = await tempDir('crm-schema-workflow-commands-');
  cli = cliAgainst(fx, dir);
  await fx.client.properties.create('tickets', {
    name: 'support_tier',
    label: LABEL,
    type: 'string',
    fieldType: 'text',
    groupName: 'ticketinformation',
    description: DESCRIPTION,
  });
  await writeFiles(dir, {
    'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { prefixes: [support_] }\n`,
    'schema/tickets.yaml': `kind: Properties
objectType: tickets
properties:
  - name: support_tier
    label: Support tier
    type: string
    fieldType: text
    groupName: ticketinformation
    description: ${JSON.stringify(DECLARED)}
`,
  });
});
afterEach(async () => {
  await fx.close();
  await removeDir(dir);
});

describe('workflow commands in live labels', () => {
  it.each([
    ['plan', []],
    ['plan', ['--format', 'markdown']],
    ['plan', ['--json']],
    ['drift', []],
    ['drift', ['--format', 'markdown']],
    ['drift', ['--json']],
  ])('%s %j: no command reaches the log', async (command, flags) => {
    const run = await cli([command, ...flags]);
    expect(run.code, run.stderr).toBe(command === 'drift' ? 2 : 0);
    expect(runnerCommands(run.stdout)).toEqual([]);
    expect(runnerCommands(run.stderr)).toEqual([]);
    if (flags.includes('--json')) {
      // the values as they are, once parsed
      expect(run.stdout).toContain(LABEL.replace('##[', '#\\u0023['));
      const text = JSON.stringify(JSON.parse(run.stdout));
      expect(text).toContain(JSON.stringify(LABEL).slice(1, -1));
      expect(text).toContain(JSON.stringify(DESCRIPTION).slice(1, -1));
    } else {
      // still readable: the label's words are there
      expect(run.stdout).toContain('the account is on fire');
    }
  });

  it('the labels as they are in the plan document, and the word diff of the description keeps its lines', async () => {
    const json = await cli(['plan', '--json']);
    const plan = JSON.parse(json.stdout) as PlanDocument;
    expect(JSON.stringify(plan.changes[0]?.meta)).toContain(JSON.stringify(LABEL));
    const text = await cli(['plan']);
    // the unchanged second line of the description starts a line of the word diff: broken there
    expect(text.stdout).toMatch(/^\s*\\::stop-commands::t0ken$/m);
    expect(text.stdout).toContain('#\\#[group]');
  });
});
