/** The same declaration twice is an error at the second place, naming the first, across files too. */
import { describe, expect, it } from 'vitest';
import { check, tickets } from './helpers.js';

describe('duplicates', () => {
  it('finds a property declared in two files, tickets and 0-5 being one object type', () => {
    const report = check({
      'a.yaml': tickets('  - { name: p, label: P, type: string, fieldType: text, groupName: g }\n'),
      'b.yaml': "kind: Properties\nobjectType: '0-5'\nproperties:\n  - { name: p, archived: true }\n",
    });
    expect(report.diagnostics).toEqual([
      {
        file: 'b.yaml',
        line: 4,
        col: 13,
        severity: 'error',
        code: 'DUPLICATE_PROPERTY',
        message: "property 'p' of tickets is declared twice; the first is at a.yaml:6:13",
        hint: 'keep one declaration (merge the two, or rename one)',
        path: 'properties[0].name',
      },
    ]);
  });

  it('lets two object types have the same property name', () => {
    const report = check({
      'a.yaml': tickets('  - { name: p, label: P, type: string, fieldType: text, groupName: g }\n'),
      'b.yaml':
        'kind: Properties\nobjectType: orders\ngroups: [{ name: g, label: G }]\nproperties:\n  - { name: p, label: P, type: string, fieldType: text, groupName: g }\n',
    });
    expect(report.diagnostics).toEqual([]);
  });

  it('finds duplicate groups, labels, label names, built-in types and event properties', () => {
    const report = check(`kind: Properties
objectType: tickets
groups: [{ name: g, label: G }, { name: g, archived: true }]
---
kind: Associations
from: tickets
to: orders
types:
  - { label: Primary order }
  - { label: Primary order, deleted: true }
  - { label: Primary Order }
  - { category: WORK, typeId: 3, maxToObjectIds: 1 }
  - { category: WORK, typeId: 3, maxToObjectIds: 2 }
---
kind: Associations
from: orders
to: tickets
types:
  - { label: Primary order }
---
kind: EventProperties
eventName: e
properties: [{ name: a, label: A, type: string }, { name: a, deleted: true }]
`);
    expect(report.diagnostics.map((d) => `${d.line}:${d.col} ${d.code} ${d.message}`)).toEqual([
      "3:41 DUPLICATE_GROUP group 'g' of tickets is declared twice; the first is at m.yaml:3:18",
      "10:14 DUPLICATE_LABEL label 'Primary order' of tickets->orders is declared twice; the first is at m.yaml:9:14",
      "11:14 DUPLICATE_LABEL label name 'primary_order' (derived from the label) of orders<->tickets is also the name of the label 'Primary order' at m.yaml:9:5",
      '13:31 DUPLICATE_ASSOCIATION_TYPE association type WORK 3 of tickets->orders is declared twice; the first is at m.yaml:12:31',
      "23:59 DUPLICATE_EVENT_PROPERTY event property 'a' of event e is declared twice; the first is at m.yaml:23:22",
    ]);
  });
});
