/**
 * The label scope (`manage.labels`) in the diff: a label pair or limit a manifest names outside it is an
 * error at its manifest entry and gets no change; a relabel needs the old and the new text owned; only
 * live labels inside it are unmanaged; a project with a scope but no label entries is warned once.
 */
import { describe, expect, it } from 'vitest';
import type { DesiredState, Tombstone } from '../../src/engine/model/desired-state.js';
import type { ScopePolicy } from '../../src/engine/model/policy.js';
import type { SchemaState } from '../../src/engine/model/schema-model.js';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { unscopedLabelsWarning } from '../../src/families/association/ownership.js';
import { desired, policy, state } from './fixtures.js';
import { labelAddress, type NormalizedLabel } from '../../src/families/association/label-model.js';
import { limitAddress } from '../../src/families/association/limit-model.js';
import { associationsOf } from '../helpers/families.js';

const U = 'USER_DEFINED';
const SOURCE = { file: 'schema/associations.yaml', line: 5, col: 5 };
const TOMBSTONE = { file: 'schema/associations.yaml', line: 9, col: 5 };

/** finance owns its Billing labels of contacts and companies */
const FINANCE = policy({
  manage: { groups: [], prefixes: ['finance_'], labels: ['contacts->companies:Billing *'] },
});
/** support owns its Escalation labels there, and every label of tickets and orders */
const SUPPORT = policy({
  manage: {
    groups: [],
    prefixes: ['support_'],
    labels: ['companies->contacts:Escalation *', 'tickets->orders'],
  },
});

/** A user label pair of contacts->companies as the account has it (both directions' lists). */
function livePair(label: string, inverse: string, typeId: number): Record<string, NormalizedLabel[]> {
  return {
    'contacts->companies': [{ label, category: U, typeId, inverseLabel: inverse, inverseTypeId: typeId + 1 }],
    'companies->contacts': [
      { label: inverse, category: U, typeId: typeId + 1, inverseLabel: label, inverseTypeId: typeId },
    ],
  };
}

/** The account: support's label and finance's label on the same object pair. */
const ACCOUNT = state({
  labels: {
    'contacts->companies': [
      ...livePair('Escalation lead', 'Escalated company', 101)['contacts->companies']!,
      ...livePair('Billing contact', 'Billed company', 103)['contacts->companies']!,
    ],
    'companies->contacts': [
      ...livePair('Escalation lead', 'Escalated company', 101)['companies->contacts']!,
      ...livePair('Billing contact', 'Billed company', 103)['companies->contacts']!,
    ],
  },
  limits: { 'tickets->orders': [{ category: 'PLATFORM_DEFINED', typeId: 27 }] },
});

/** Label pairs declared in contacts->companies, each with its source, and tombstones. */
function manifest(
  labels: Record<string, NormalizedLabel[]>,
  tombstones: Tombstone[] = [],
  limits: NonNullable<Parameters<typeof state>[0]>['limits'] = {},
): DesiredState {
  const s: SchemaState = state({ labels, limits });
  const sources = new Map<string, typeof SOURCE>();
  for (const [key, list] of Object.entries(labels)) {
    const [from, to] = key.split('->') as [string, string];
    for (const l of list) sources.set(labelAddress(from, to, l.label), SOURCE);
  }
  for (const [key, list] of Object.entries(limits ?? {})) {
    const [from, to] = key.split('->') as [string, string];
    for (const l of list) sources.set(limitAddress(from, to, l), SOURCE);
  }
  return { ...desired(s, tombstones), sources };
}

const label = (text: string, more: Partial<NormalizedLabel> = {}): NormalizedLabel => ({
  label: text,
  category: U,
  ...more,
});

const run = (d: DesiredState, p: ScopePolicy, live: SchemaState = ACCOUNT) => diff(d, live, { policy: p });

describe('diff: the label scope', () => {
  it('relabels a label the project owns, both texts in scope', () => {
    const result = run(
      manifest({
        'contacts->companies': [
          label('Escalation owner', { inverseLabel: 'Escalated company', renamedFrom: 'Escalation lead' }),
        ],
      }),
      SUPPORT,
    );
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.changes).toStrictEqual([
      {
        type: 'label.update',
        meta: {
          from: 'contacts',
          to: 'companies',
          typeId: 101,
          label: 'Escalation owner',
          inverseLabel: 'Escalated company',
          fields: [{ field: 'label', old: 'Escalation lead', new: 'Escalation owner' }],
        },
      },
    ]);
  });

  it("refuses another team's live label, relabelled or not, at its entry, saying why and how to adopt it", () => {
    // finance names support's label with its old text: the reverse relabel
    const result = run(
      manifest({
        'contacts->companies': [label('Escalation owner', { renamedFrom: 'Escalation lead' })],
      }),
      FINANCE,
    );
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics).toStrictEqual([
      {
        level: 'error',
        code: 'OUTSIDE_MANAGE_SCOPE',
        address: 'contacts->companies:Escalation owner',
        source: SOURCE,
        message:
          "contacts->companies:Escalation owner is outside the policy's manage scope: it is the account's label 'Escalation lead', and neither 'Escalation lead' nor its inverse 'Escalated company' matches a pattern of manage.labels for contacts->companies",
        hint: "To adopt it on purpose, add 'contacts->companies:Escalation lead' and 'contacts->companies:Escalation owner' to policy.manage.labels, or 'contacts->companies' for every label of that object pair; otherwise remove it from the manifest.",
      },
    ]);
    // named with its live text and nothing to change: still not the project's
    const same = run(manifest({ 'contacts->companies': [label('Escalation lead')] }), FINANCE);
    expect(same.changes).toStrictEqual([]);
    expect(same.diagnostics.map((d) => d.code)).toEqual(['OUTSIDE_MANAGE_SCOPE']);
  });

  it('refuses taking a label by relabelling it into the scope, and relabelling one out of it', () => {
    const into = run(
      manifest({ 'contacts->companies': [label('Billing escalation', { renamedFrom: 'Escalation lead' })] }),
      FINANCE,
    );
    expect(into.changes).toStrictEqual([]);
    expect(into.diagnostics[0]?.message).toBe(
      "contacts->companies:Billing escalation is outside the policy's manage scope: it is the account's label 'Escalation lead', and neither 'Escalation lead' nor its inverse 'Escalated company' matches a pattern of manage.labels for contacts->companies; the manifest relabels it to 'Billing escalation', which is managed, but a manifest cannot take a label by relabelling it",
    );
    expect(into.diagnostics[0]?.hint).toBe(
      "To adopt it on purpose, add 'contacts->companies:Escalation lead' to policy.manage.labels, or 'contacts->companies' for every label of that object pair; otherwise remove it from the manifest.",
    );
    const out = run(
      manifest({ 'contacts->companies': [label('Lead', { renamedFrom: 'Escalation lead' })] }),
      SUPPORT,
    );
    expect(out.changes).toStrictEqual([]);
    expect(out.diagnostics[0]?.message).toBe(
      "contacts->companies:Lead is outside the policy's manage scope: the manifest relabels the account's label 'Escalation lead' (managed) to 'Lead', and neither 'Lead' nor its inverse 'Escalated company' matches a pattern of manage.labels for contacts->companies: a relabel cannot take a label out of the scope",
    );
  });

  it('owns a label by the inverse text the account keeps when the manifest leaves it out', () => {
    const byInverse = policy({
      manage: { groups: [], prefixes: [], labels: ['contacts->companies:Escalated *'] },
    });
    const kept = run(
      manifest({ 'contacts->companies': [label('Escalation owner', { renamedFrom: 'Escalation lead' })] }),
      byInverse,
    );
    expect(kept.diagnostics).toStrictEqual([]);
    expect(kept.changes.map((c) => c.type)).toEqual(['label.update']);
    // a new label without inverseLabel gets its own text in both directions: that text must match
    const created = run(manifest({ 'contacts->companies': [label('Escalated twice')] }), byInverse);
    expect(created.diagnostics).toStrictEqual([]);
    expect(created.changes.map((c) => c.type)).toEqual(['label.create']);
  });

  it('creates a label in scope and refuses a new one outside it, by pattern or by pair', () => {
    const inScope = run(
      manifest({ 'contacts->companies': [label('Billing backup', { inverseLabel: 'Billed backup' })] }),
      FINANCE,
    );
    expect(inScope.diagnostics).toStrictEqual([]);
    expect(inScope.changes.map((c) => c.type)).toEqual(['label.create']);

    const byPattern = run(manifest({ 'contacts->companies': [label('Escalation backup')] }), FINANCE);
    expect(byPattern.changes).toStrictEqual([]);
    expect(byPattern.diagnostics[0]?.message).toBe(
      "contacts->companies:Escalation backup is outside the policy's manage scope: it is new, and 'Escalation backup' matches no pattern of manage.labels for contacts->companies",
    );
    const byPair = run(manifest({ 'tickets->orders': [label('Primary order')] }), FINANCE);
    expect(byPair.changes).toStrictEqual([]);
    expect(byPair.diagnostics[0]).toMatchObject({
      address: 'tickets->orders:Primary order',
      source: SOURCE,
      message:
        "tickets->orders:Primary order is outside the policy's manage scope: it is new, and manage.labels has no entry for tickets->orders",
      hint: "To adopt it on purpose, add 'tickets->orders:Primary order' to policy.manage.labels, or 'tickets->orders' for every label of that object pair; otherwise remove it from the manifest.",
    });
  });

  it("leaves the limits of a refused label alone, and a built-in type's limit needs the whole pair", () => {
    const limited = manifest(
      { 'contacts->companies': [label('Escalation lead', { inverseLabel: 'Escalated company' })] },
      [],
      {
        'contacts->companies': [{ category: U, label: 'Escalation lead', maxToObjectIds: 3 }],
        'tickets->orders': [{ category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 50 }],
      },
    );
    const finance = run(limited, FINANCE);
    expect(finance.changes).toStrictEqual([]);
    expect(finance.diagnostics.map((d) => d.address)).toEqual([
      'contacts->companies:Escalation lead',
      'tickets->orders:PLATFORM_DEFINED/27',
    ]);
    expect(finance.diagnostics[1]).toStrictEqual({
      level: 'error',
      code: 'OUTSIDE_MANAGE_SCOPE',
      address: 'tickets->orders:PLATFORM_DEFINED/27',
      source: SOURCE,
      message:
        "tickets->orders:PLATFORM_DEFINED/27 is outside the policy's manage scope: the limit of a type declared by category and typeId is owned only through an entry of manage.labels for the whole object pair, and there is none for tickets->orders",
      hint: "To adopt it on purpose, add 'tickets->orders' to policy.manage.labels (every label of that object pair, and the limits of its types); otherwise remove it from the manifest.",
    });
    // support owns both: the label's limit and the built-in type's are set
    const support = run(limited, SUPPORT);
    expect(support.diagnostics).toStrictEqual([]);
    expect(support.changes.map((c) => c.type).sort()).toEqual(['limit.set', 'limit.set']);
  });

  it('refuses a tombstone of a label outside the scope at the tombstone; deletes one inside it', () => {
    const tombstone = (text: string): Tombstone => ({
      kind: 'label',
      from: 'contacts',
      to: 'companies',
      label: text,
      source: TOMBSTONE,
    });
    const theirs = run(manifest({}, [tombstone('Escalation lead')]), FINANCE);
    expect(theirs.changes).toStrictEqual([]);
    expect(theirs.diagnostics).toStrictEqual([
      {
        level: 'error',
        code: 'OUTSIDE_MANAGE_SCOPE',
        address: 'contacts->companies:Escalation lead',
        source: TOMBSTONE,
        message:
          "contacts->companies:Escalation lead is marked deleted, but it is outside the policy's manage scope: neither 'Escalation lead' nor its inverse 'Escalated company' matches a pattern of manage.labels for contacts->companies",
        hint: "To adopt it on purpose, add 'contacts->companies:Escalation lead' to policy.manage.labels, or 'contacts->companies' for every label of that object pair; otherwise remove the tombstone.",
      },
    ]);
    const own = run(manifest({}, [tombstone('Billing contact')]), FINANCE);
    expect(own.diagnostics).toStrictEqual([]);
    expect(own.changes.map((c) => c.type)).toEqual(['label.delete']);
  });

  it('takes as unmanaged only live labels inside the scope, also of a pair no manifest names', () => {
    const report = run(manifest({ 'contacts->companies': [label('Billing contact')] }), {
      ...FINANCE,
      unmanaged: 'report',
    });
    // support's label on the same pair is neither unmanaged nor edited: it is not finance's
    expect(report.changes).toStrictEqual([]);
    expect(report.diagnostics).toStrictEqual([]);

    const extra = state({
      labels: {
        'contacts->companies': [
          ...associationsOf(ACCOUNT).get('contacts->companies')!.labels.values(),
          { label: 'Billing backup', category: U, typeId: 105 },
        ],
      },
    });
    const found = run(
      manifest({ 'contacts->companies': [label('Billing contact')] }),
      { ...FINANCE, unmanaged: 'report' },
      extra,
    );
    expect(found.diagnostics).toStrictEqual([
      {
        level: 'warning',
        code: 'UNMANAGED_LABEL',
        address: 'contacts->companies:Billing backup',
        message:
          "contacts->companies:Billing backup is a user label in the managed scope (labels 'contacts->companies:Billing *') but in no manifest",
        hint: 'Declare it in an Associations manifest, mark it deleted there, or set policy.unmanaged to archive.',
      },
    ]);
    // a pair the manifests do not name, but an entry does: its labels in scope are unmanaged too
    const archive = run(manifest({}), { ...SUPPORT, unmanaged: 'archive' });
    expect(archive.diagnostics).toStrictEqual([]);
    expect(
      archive.changes.map((c) => `${c.type} ${(c.meta as { label: NormalizedLabel }).label.label}`),
    ).toEqual(['label.delete Escalated company']);
    // the unmanaged policy ignoring them: nothing
    expect(run(manifest({}), SUPPORT).changes).toStrictEqual([]);
  });

  it('leaves labels without owner when the scope has no label entry (as before)', () => {
    const legacy = policy({ manage: { groups: [], prefixes: ['finance_'] }, unmanaged: 'report' });
    const result = run(
      manifest({ 'contacts->companies': [label('Escalation owner', { renamedFrom: 'Escalation lead' })] }),
      legacy,
    );
    expect(result.changes.map((c) => c.type)).toEqual(['label.update']);
    expect(result.diagnostics.map((d) => `${d.code} ${d.address}`)).toEqual([
      'UNMANAGED_LABEL contacts->companies:Billing contact',
    ]);
  });
});

describe('the warning of a scope without labels', () => {
  const names = manifest({ 'tickets->orders': [label('Primary order')] });
  it('is one warning when the manifests name labels and the scope has no label entry', () => {
    expect(unscopedLabelsWarning(FINANCE, names)).toBeUndefined();
    expect(unscopedLabelsWarning(policy(), names)).toBeUndefined(); // NO_MANAGE_SCOPE says it
    const legacy = policy({ manage: { groups: [], prefixes: ['finance_'] } });
    expect(unscopedLabelsWarning(legacy, manifest({}))).toBeUndefined();
    expect(unscopedLabelsWarning(legacy, names)).toStrictEqual({
      level: 'warning',
      code: 'NO_LABEL_SCOPE',
      message:
        "The policy's manage scope has no labels entry: this project may change every association label and limit its manifests name, including other teams'.",
      hint: "Add the labels the project owns to policy.manage.labels in crm-schema.yaml, for example labels: [tickets->orders] (every label of that object pair) or labels: ['contacts->companies:Escalation *']; a manifest naming a label outside them is then refused.",
    });
    // a tombstone or a limit alone names labels too
    const tombstoneOnly = manifest({}, [{ kind: 'label', from: 'tickets', to: 'orders', label: 'Old' }]);
    expect(unscopedLabelsWarning(legacy, tombstoneOnly)?.code).toBe('NO_LABEL_SCOPE');
  });
});
