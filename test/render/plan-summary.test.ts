import { describe, expect, it } from 'vitest';
import type { PlanDiagnostic } from '../../src/engine/plan/diagnostics.js';
import type { PlannedChange } from '../../src/engine/plan/plan-document.js';
import { countPlan, planErrorLine, summaryLine, verbOf } from '../../src/engine/render/plan/plan-summary.js';
import { reviewPlan } from './plans.js';

const change = (
  type: PlannedChange['type'],
  action: PlannedChange['action'],
  severity = 'safe',
  decision: 'apply' | 'refuse' = 'apply',
) => ({ type, action, severity, policy: { decision, rule: 'safe', reason: '' } }) as PlannedChange;
const error: PlanDiagnostic = { level: 'error', code: 'UNKNOWN_GROUP', message: 'x' };

describe('the summary line', () => {
  it('has the shape "Plan: 3 to create, 2 to update, 1 to archive; 1 destructive."', () => {
    const changes = [
      change('property.create', 'create'),
      change('group.create', 'create'),
      change('label.create', 'create'),
      change('property.update', 'update'),
      change('limit.set', 'update'),
      change('property.archive', 'remove', 'destructive'),
    ];
    expect(summaryLine(countPlan(changes, []))).toBe(
      'Plan: 3 to create, 2 to update, 1 to archive; 1 destructive.',
    );
  });

  it('names each removal for its kind and leaves out zero counts, always in one order', () => {
    const changes = [
      change('limit.purge', 'remove'),
      change('eventProperty.delete', 'remove', 'destructive'),
      change('label.delete', 'remove', 'destructive'),
      change('group.archive', 'remove', 'destructive'),
      change('property.replace', 'replace', 'destructive'),
      change('property.update', 'update', 'dangerous'),
    ];
    expect(changes.map(verbOf)).toStrictEqual(['remove', 'delete', 'delete', 'archive', 'replace', 'update']);
    expect(summaryLine(countPlan(changes, []))).toBe(
      'Plan: 1 to update, 1 to replace, 1 to archive, 2 to delete, 1 to remove; 4 destructive, 1 dangerous.',
    );
    expect(summaryLine(countPlan([change('property.create', 'create')], []))).toBe('Plan: 1 to create.');
  });

  it('counts the refused changes with their severity', () => {
    const archive = change('property.archive', 'remove', 'destructive', 'refuse');
    expect(summaryLine(countPlan([change('property.create', 'create'), archive], []))).toBe(
      'Plan: 1 to create, 1 to archive; 1 destructive, refused by policy.',
    );
    const allowed = change('property.archive', 'remove', 'destructive');
    const dependant = change('property.create', 'create', 'safe', 'refuse');
    expect(
      summaryLine(
        countPlan([archive, allowed, dependant, change('property.update', 'update', 'dangerous')], []),
      ),
    ).toBe(
      'Plan: 1 to create, 1 to update, 2 to archive; 2 destructive (1 refused by policy), 1 dangerous, 1 refused with a change they depend on.',
    );
  });

  it('says there is nothing to do, unless errors kept the planner from knowing', () => {
    expect(summaryLine(countPlan([], []))).toBe('No changes. The live account matches the manifests.');
    expect(summaryLine(countPlan([], [error]))).toBe('No changes planned.');
    expect(planErrorLine(countPlan([], []))).toBeUndefined();
    expect(planErrorLine(countPlan([], [error]))).toBe('1 error: fix it before applying this plan.');
    expect(planErrorLine(countPlan([], [error, error]))).toBe(
      '2 errors: fix them before applying this plan.',
    );
  });

  it('does not say the account matches when live resources in the managed scope are in no manifest', () => {
    const unmanaged: PlanDiagnostic = { level: 'warning', code: 'UNMANAGED_PROPERTY', message: 'x' };
    const other: PlanDiagnostic = { level: 'warning', code: 'BUILTIN_PROPERTY', message: 'y' };
    expect(summaryLine(countPlan([], [unmanaged, other, unmanaged]))).toBe(
      'No changes to apply; the account holds 2 resources in the managed scope that no manifest names (see Warnings).',
    );
    expect(summaryLine(countPlan([], [{ ...unmanaged, code: 'UNMANAGED_LABEL' }]))).toBe(
      'No changes to apply; the account holds 1 resource in the managed scope that no manifest names (see Warnings).',
    );
    expect(summaryLine(countPlan([], [other]))).toBe('No changes. The live account matches the manifests.');
    expect(summaryLine(countPlan([], [unmanaged, error]))).toBe('No changes planned.');
    expect(summaryLine(countPlan([change('property.create', 'create')], [unmanaged]))).toBe(
      'Plan: 1 to create.',
    );
  });

  it('agrees with the counts of the plan document', () => {
    const doc = reviewPlan();
    const counts = countPlan(doc.changes, doc.diagnostics);
    const removals = counts.byVerb.archive.total + counts.byVerb.delete.total + counts.byVerb.remove.total;
    expect([
      counts.changes,
      counts.byVerb.create.total,
      counts.byVerb.update.total,
      counts.byVerb.replace.total,
      removals,
    ]).toStrictEqual([
      doc.summary.changes,
      doc.summary.create,
      doc.summary.update,
      doc.summary.replace,
      doc.summary.remove,
    ]);
    expect(counts.bySeverity).toStrictEqual({
      safe: doc.summary.safe,
      dangerous: doc.summary.dangerous,
      destructive: doc.summary.destructive,
    });
    expect(
      summaryLine(
        countPlan(
          doc.changes.map((c) => ({ ...c })),
          [],
        ),
      ),
    ).toBe(summaryLine(counts));
  });
});
