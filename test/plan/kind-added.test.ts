/**
 * Adding a change kind is one module and its line in its family's list of kinds: a kind crm-schema does
 * not have (`group.relabel`, test/plan/added-kind/group-relabel.ts) is added to the property family's list
 * here (the families installed with it), and nothing else changes. It is planned (from a change made by hand: its diff is the only other part a real kind adds),
 * rendered as text, Markdown and JSON, saved and read back (checked against the plan's JSON Schema, its
 * meta included), verified as a saved plan, applied against the emulator over HTTP, and read as drift.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/engine/apply/executor.js';
import { readBack } from '../../src/engine/apply/read-back.js';
import { classifyDrift } from '../../src/engine/drift/classify.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';
import { readSavedPlan } from '../../src/engine/pipeline/plan-file.js';
import { planShapeProblems } from '../../src/engine/pipeline/plan-schema.js';
import { savedPlan } from '../../src/engine/pipeline/saved-plan.js';
import { verifySavedPlan } from '../../src/engine/pipeline/verify-saved.js';
import { type Change } from '../../src/engine/plan/change-types.js';
import { changeTypes } from '../../src/engine/plan/kinds/registry.js';
import { installFamilies } from '../../src/engine/installed.js';
import { ALL_FAMILIES } from '../../src/families/all-families.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { buildPlan } from '../../src/engine/plan/plan.js';
import { metaDefName, planJsonSchema } from '../../src/engine/plan/plan-json-schema.js';
import { renderPlanJson } from '../../src/engine/render/plan/plan-json.js';
import { renderPlanMarkdown } from '../../src/engine/render/plan/plan-markdown.js';
import { renderPlanText } from '../../src/engine/render/plan/plan-text.js';
import { applyFixture, writeCalls, type ApplyFixture } from '../apply/helpers.js';
import { groupRelabel, GroupRelabelMeta } from './added-kind/group-relabel.js';

// the one line a new kind adds to its family's list of kinds (src/families/property/family.ts)
beforeAll(() => {
  installFamilies(
    ALL_FAMILIES.map((family) =>
      family.name === 'property' ? { ...family, kinds: [...family.kinds, groupRelabel] } : family,
    ),
  );
});
afterAll(() => {
  installFamilies(ALL_FAMILIES);
});

const relabel = {
  type: 'group.relabel',
  meta: { objectType: 'tickets', name: 'escalation', old: 'Escalation', label: 'Escalations' },
} as unknown as Change;

let fx: ApplyFixture;
beforeEach(async () => {
  fx = await applyFixture();
  await fx.client.groups.create('tickets', { name: 'escalation', label: 'Escalation', displayOrder: -1 });
});
afterEach(async () => {
  await fx.close();
});

/** The plan of the change made by hand against the account as it is now. */
async function planNow(): Promise<{
  plan: PlanDocument;
  live: Awaited<ReturnType<typeof readBack>>['live'];
}> {
  const { live } = await readBack(fx.client, [relabel]);
  return { plan: buildPlan({ changes: [relabel], diagnostics: [] }, live), live };
}

describe('a change kind added as one module', () => {
  it('is a change type, with its meta in the plan schema, declared once', () => {
    expect(changeTypes()).toContain('group.relabel');
    const defs = planJsonSchema().$defs as Record<string, unknown>;
    expect(defs[metaDefName('group.relabel')]).toStrictEqual(JSON.parse(JSON.stringify(GroupRelabelMeta)));
    const change = defs.change as { properties: { type: { enum: string[] } }; oneOf: unknown[] };
    expect(change.properties.type.enum).toContain('group.relabel');
    expect(change.oneOf).toHaveLength(changeTypes().length);
  });

  it('is planned, rendered, saved, read back, verified, applied and read as drift', async () => {
    const { plan, live } = await planNow();
    expect(plan.changes.map((c) => [c.id, c.action, c.severity, c.phase, c.policy.decision])).toStrictEqual([
      ['group.relabel tickets.group:escalation', 'update', 'safe', 'groups.update', 'apply'],
    ]);
    expect(plan.changes[0]!.requests).toStrictEqual([
      {
        method: 'PATCH',
        path: '/crm/v3/properties/tickets/groups/escalation',
        body: { label: 'Escalations' },
      },
    ]);
    expect(plan.summary).toMatchObject({ changes: 1, update: 1, safe: 1 });

    // rendered
    expect(renderPlanText(plan, { color: false })).toContain(
      [
        'tickets (1 change)',
        '  ~   Relabel group tickets.group:escalation: "Escalation" -> "Escalations"',
        '      label: "Escalation" -> "Escalations"',
        '',
        'Plan: 1 to update.',
      ].join('\n'),
    );
    expect(renderPlanMarkdown(plan)).toContain(
      [
        '- `~` Relabel group `tickets.group:escalation`: "Escalation" -> "Escalations"',
        '  ```diff',
        '  - label: "Escalation"',
        '  + label: "Escalations"',
        '  ```',
      ].join('\n'),
    );
    const json = JSON.parse(renderPlanJson(plan)) as PlanDocument;
    expect(json.changes[0]).toMatchObject({ type: 'group.relabel', meta: relabel.meta });

    // saved and read back: the schema knows its meta, and an edited meta is refused
    const saved = savedPlan(plan, {
      target: { baseUrl: fx.emulator.url },
      digest: 'sha256:0',
      settings: { allowDestructive: false, allowDangerous: false, dataCheck: false, dataCheckBudget: 0 },
    });
    expect(planShapeProblems(JSON.parse(renderPlanJson(saved)))).toStrictEqual([]);
    const broken = JSON.parse(renderPlanJson(saved)) as { changes: { meta: Record<string, unknown> }[] };
    broken.changes[0]!.meta.label = 5;
    broken.changes[0]!.meta.color = 'red';
    expect(planShapeProblems(broken, 5)).toStrictEqual(
      expect.arrayContaining([
        'changes[0].meta.label: must be string',
        "changes[0].meta: has an unknown key 'color'",
      ]),
    );
    await writeFile(join(fx.dir, 'plan.json'), renderPlanJson(saved));
    const read = await readSavedPlan(fx.dir, 'plan.json');
    expect(read.changes).toStrictEqual(plan.changes);

    // verified against the plan made again, then applied over HTTP
    const verified = await verifySavedPlan(fx.client, read, (await planNow()).plan, live);
    expect(verified.changes.map((c) => c.id)).toStrictEqual(['group.relabel tickets.group:escalation']);
    fx.calls.length = 0;
    const report = await applyPlan(verified, fx.client);
    expect(report.summary).toMatchObject({ applied: 1, failed: 0 });
    expect(writeCalls(fx.calls)).toStrictEqual(['PATCH /crm/v3/properties/tickets/groups/escalation']);
    expect((await fx.client.groups.get('tickets', 'escalation')).label).toBe('Escalations');

    // done: read back at its end state, so a saved plan of it finishes as already done
    const again = await verifySavedPlan(fx.client, read, { changes: [] }, live);
    expect([...again.alreadyDone.keys()]).toStrictEqual(['group.relabel tickets.group:escalation']);

    // as drift (live -> manifests): the group is edited, field by field
    const drift = classifyDrift(plan, { policy: DEFAULT_POLICY });
    expect(drift.edited).toStrictEqual([
      {
        address: 'tickets.group:escalation',
        kind: 'group',
        fields: [{ field: 'label', live: 'Escalation', declared: 'Escalations' }],
        fix: 'update',
      },
    ]);
  });
});
