/**
 * Realistic plans for the renderer tests, made by the real planner over inline states (the planner
 * tests' builders): one review plan with every change type, record counts and diagnostics; a plan with
 * Markdown-hostile user text; a very large plan.
 */
import type { OptionLike } from '../../src/engine/model/normalize-options.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { plan } from '../../src/engine/plan/plan.js';
import { desired, exactCounts, policy, prop, select, state } from '../plan/fixtures.js';
import { withPropertyIntents } from '../helpers/families.js';

const U = 'USER_DEFINED';
const P = 'PLATFORM_DEFINED';

const OLD_DESCRIPTION =
  'How urgent the ticket is for the support team. Set by the first agent who reads the ticket.';
const NEW_DESCRIPTION =
  'How urgent the ticket is for the customer. Set by the first agent who reads the ticket,\nand reviewed every morning.';

const levels = (options: OptionLike[]) => ({
  type: 'enumeration',
  fieldType: 'select',
  options,
});

/** Every change type, severities with record counts, long text, option changes of every kind, diagnostics. */
export function reviewPlan(): PlanDocument {
  const live = state({
    properties: {
      tickets: [
        prop('escalation_level', {
          label: 'Escalation level',
          description: OLD_DESCRIPTION,
          ...levels([
            { label: 'Low', value: 'low' },
            { label: 'High', value: 'high' },
            { label: 'Legacy', value: 'legacy' },
            { label: 'Urgent', value: 'urgent', hidden: true },
          ]),
        }),
        prop('sla_hours', { label: 'SLA hours', type: 'string', fieldType: 'text' }),
        prop('score', {
          label: 'Score',
          type: 'number',
          fieldType: 'calculation_equation',
          calculationFormula: 'sla_hours * 2',
        }),
        prop('external_id', { label: 'External ID' }),
        prop('legacy_code', { label: 'Legacy code' }),
        prop('support_stray', { label: 'Stray', groupName: 'support_misc' }),
        { ...prop('subject', { label: 'Subject', groupName: 'ticketinformation' }), builtIn: true },
        prop('notes', { label: 'Notes', description: '' }),
        prop('support_level', { label: 'Support level' }),
        { ...prop('region', { label: 'Region' }), archived: true },
        select('severity', ['sev1', 'sev2', 'minor'], { label: 'Severity' }),
      ],
    },
    groups: { tickets: [{ name: 'ticketinformation', label: 'Ticket information' }] },
    labels: {
      'tickets->orders': [
        { label: 'Old order', category: U, typeId: 1001 },
        { label: 'Billing', category: U, typeId: 1002 },
      ],
    },
    limits: {
      'tickets->orders': [
        { category: U, typeId: 1001, label: 'Old order', maxToObjectIds: 3 },
        { category: P, typeId: 27, maxToObjectIds: 50 },
      ],
    },
    events: {
      order_shipped: {
        properties: [
          {
            name: 'carrier',
            label: 'Carrier',
            type: 'enumeration',
            options: [
              { label: 'Post', value: 'post' },
              { label: 'Courier', value: 'courier' },
            ],
          },
          { name: 'weight', label: 'Weight', type: 'string' },
          { name: 'old_field', label: 'Old field', type: 'string' },
        ],
      },
      order_returned: { exists: false, properties: [] },
    },
  });
  const want = state({
    properties: {
      tickets: [
        prop('escalation_level', {
          label: 'Escalation level',
          description: NEW_DESCRIPTION,
          ...levels([
            { label: 'Urgent', value: 'urgent', description: 'Call the customer' },
            { label: 'Low', value: 'low' },
            { label: 'Very high', value: 'high' },
            { label: 'Critical', value: 'critical' },
          ]),
        }),
        prop('sla_hours', { label: 'SLA hours', type: 'number', fieldType: 'number' }),
        prop('score', {
          label: 'Score',
          type: 'number',
          fieldType: 'calculation_equation',
          calculationFormula: 'sla_hours * 3 + priority_weight',
        }),
        prop('priority_weight', { label: 'Priority weight', type: 'number', fieldType: 'number' }),
        select('channel', ['email', 'phone'], { label: 'Channel', groupName: 'routing' }),
        prop('external_id', { label: 'External ID', hasUniqueValue: true }),
        prop('subject', { label: 'Subject line', groupName: 'ticketinformation' }),
        prop('notes', { label: 'Notes', description: ' ' }),
        prop('support_tier', { label: 'Support tier' }),
        prop('region', { label: 'Region' }),
        select('severity', ['high', 'minor'], { label: 'Severity' }),
      ],
    },
    groups: {
      tickets: [
        { name: 'routing', label: 'Routing' },
        { name: 'ticketinformation', label: 'Ticket info' },
      ],
    },
    labels: {
      'tickets->orders': [
        { label: 'Primary order', category: U, inverseLabel: 'Primary ticket' },
        { label: 'Billing order', category: U, renamedFrom: 'Billing' },
      ],
    },
    limits: {
      'tickets->orders': [
        { category: U, label: 'Primary order', maxToObjectIds: 1 },
        { category: P, typeId: 27, maxToObjectIds: 10 },
      ],
    },
    events: {
      order_shipped: {
        properties: [
          {
            name: 'carrier',
            label: 'Carrier',
            type: 'enumeration',
            description: 'Who delivers the order',
            options: [{ label: 'Post', value: 'post' }],
          },
          { name: 'weight', label: 'Weight', type: 'number' },
          { name: 'tracking_url', label: 'Tracking URL', type: 'string' },
        ],
      },
      order_returned: {
        definition: {
          label: 'Order returned',
          description: 'The customer sent the order back.',
          primaryObject: 'CONTACT',
        },
        properties: [{ name: 'reason', label: 'Reason', type: 'string' }],
      },
    },
  });
  const tombstones = [
    { kind: 'property' as const, objectType: 'tickets', name: 'legacy_code' },
    { kind: 'label' as const, from: 'tickets', to: 'orders', label: 'Old order' },
    { kind: 'limit' as const, from: 'tickets', to: 'orders', label: 'Old order' },
    { kind: 'eventProperty' as const, eventName: 'order_shipped', name: 'old_field' },
    {
      kind: 'property' as const,
      objectType: 'tickets',
      name: 'channel',
      source: { file: 'schema/tickets.yaml', line: 41, col: 5 },
    },
  ];
  const declared = withPropertyIntents(desired(want, tombstones), {
    renames: new Map([['tickets.support_tier', 'support_level']]),
    remaps: new Map([
      [
        'tickets.severity',
        new Map([
          ['sev1', 'high'],
          ['sev2', 'high'],
        ]),
      ],
    ]),
  });
  return plan(declared, live, {
    // the project owns everything it names (a manifest naming anything outside its scope is an error)
    policy: policy({
      unmanaged: 'report',
      manage: {
        groups: ['escalation', 'routing', 'ticketinformation'],
        prefixes: ['support_'],
        events: ['order_shipped', 'order_returned'],
      },
    }),
    // production: destructive changes refused, but one allowed by name
    gate: {
      destructive: 'deny',
      dangerous: 'allow',
      allow: ['tickets.legacy_code'],
      source: 'environment production',
    },
    counts: exactCounts([
      ['tickets.escalation_level=legacy', 412],
      ['tickets.legacy_code', 7],
      ['tickets.external_id', 1],
      ['tickets.support_level', 1234],
      ['tickets.severity=sev1', 40],
      ['tickets.severity=sev2', 2],
    ]),
  });
}

/** User text full of Markdown and HTML: pipes, tags, backticks, emphasis. */
export function hostilePlan(): PlanDocument {
  const live = state({
    properties: { tickets: [prop('tier', { label: 'Tier' })] },
    labels: { 'tickets->orders': [{ label: 'Old `x` | y', category: U, typeId: 1001 }] },
  });
  const want = state({
    properties: {
      tickets: [
        prop('tier', { label: 'Tier | <b>gold</b> `x`' }),
        select('a_b', ['x|y', '<i>', 'tick`s'], { label: '*bold* _it_ [link](http://x) # h <script>' }),
      ],
    },
    labels: { 'tickets->orders': [{ label: 'Order `#1` | <main>', category: U }] },
  });
  return plan(desired(want, [{ kind: 'label', from: 'tickets', to: 'orders', label: 'Old `x` | y' }]), live);
}

/** `perType` properties on each of three object types, created, updated (options) and archived. */
export function bigPlan(perType = 1500): PlanDocument {
  const values = Array.from({ length: 6 }, (_, i) => `v${i}`);
  const want: Record<string, ReturnType<typeof select>[]> = {};
  const have: Record<string, ReturnType<typeof select>[]> = {};
  const tombstones: { kind: 'property'; objectType: string; name: string }[] = [];
  for (const objectType of ['tickets', 'orders', 'products']) {
    want[objectType] = [];
    have[objectType] = [];
    for (let i = 0; i < perType; i++) {
      const name = `prop_${String(i).padStart(5, '0')}`;
      if (i % 3 === 2) {
        have[objectType].push(select(name, values));
        tombstones.push({ kind: 'property', objectType, name });
        continue;
      }
      want[objectType].push(select(name, values, { label: `Label ${i}` }));
      if (i % 3 === 1)
        have[objectType].push(select(name, [...values.slice(1), 'legacy'], { label: `Old ${i}` }));
    }
  }
  // a staging-like policy: destructive changes allowed, so nothing is refused
  return plan(desired(state({ properties: want }), tombstones), state({ properties: have }), {
    gate: { destructive: 'allow', dangerous: 'allow', allow: [], source: 'environment staging' },
  });
}

/** Nothing to do: the live account already matches. */
export function emptyPlan(): PlanDocument {
  const same = () => state({ properties: { tickets: [prop('a', { label: 'A' })] } });
  return plan(desired(same()), same());
}

/** Nothing to change, but two live properties in the managed scope that no manifest names (`unmanaged: report`). */
export function unmanagedOnlyPlan(): PlanDocument {
  const declared = prop('support_a', { label: 'A' });
  return plan(
    desired(state({ properties: { tickets: [declared] } })),
    state({ properties: { tickets: [declared, prop('support_b'), prop('support_c')] } }),
    { policy: policy({ unmanaged: 'report', manage: { groups: ['escalation'], prefixes: ['support_'] } }) },
  );
}
