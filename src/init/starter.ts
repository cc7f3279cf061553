/**
 * The manifests a project starts with when init pulled none: so that the project validates at once (a
 * project whose globs match no file is an error, which keeps a mistyped glob from planning an empty
 * project). Per object type the scope names by qualifier (`tickets.support_`), a `kind: Properties`
 * document with an empty list and a commented example; a scope of unqualified entries names no object
 * type yet, so its starter holds the example only (validate warns that the file holds no document until
 * one is written).
 */
import { policyObjectTypes } from '../live/managed-scope.js';
import { BUILT_IN_GROUPS } from '../model/built-in-groups.js';
import { scopePolicyOf, type ManageEntries } from '../pull/scope-flags.js';

export interface StarterFile {
  /** the file name, in the manifests folder */
  name: string;
  text: string;
}

export function starterManifests(manage: ManageEntries, schemaComment: string): StarterFile[] {
  const objectTypes = [...policyObjectTypes(scopePolicyOf(manage))].sort();
  if (objectTypes.length === 0) {
    return [
      {
        name: 'example.yaml',
        text: [
          schemaComment,
          '#',
          '# A manifest declares the properties and groups of one object type (kind: Properties), the labels of',
          '# an object pair (kind: Associations) or the properties of a custom event (kind: EventProperties).',
          '# Write your first one here or in another file of this folder, or pull what the account holds:',
          '# crm-schema pull --object-type TYPE. For example:',
          '#',
          ...example('tickets', manage).map((line) => `# ${line}`.trimEnd()),
          '',
        ].join('\n'),
      },
    ];
  }
  return objectTypes.map((objectType) => ({
    name: `${objectType}.yaml`,
    text: [
      schemaComment,
      '#',
      `# The properties of ${objectType} this project owns (policy.manage in crm-schema.yaml). For example:`,
      '#',
      ...example(objectType, manage)
        .slice(2)
        .map((line) => `#${line === '' ? '' : `   ${line}`}`),
      'kind: Properties',
      `objectType: ${objectType}`,
      'properties: []',
      '',
    ].join('\n'),
  }));
}

/** A small Properties document named after the scope: its first prefix and group for the object type. */
function example(objectType: string, manage: ManageEntries): string[] {
  const own = (entries: readonly string[]) =>
    entries
      .filter((e) => !e.includes('.') || e.startsWith(`${objectType}.`))
      .map((e) => e.slice(e.indexOf('.') + 1));
  const prefix = own(manage.prefixes)[0] ?? '';
  const group = own(manage.groups)[0];
  const groupName = group ?? BUILT_IN_GROUPS[objectType]?.[0] ?? 'general';
  return [
    'kind: Properties',
    `objectType: ${objectType}`,
    ...(group === undefined ? [] : ['groups:', `  - name: ${group}`, '    label: My group']),
    'properties:',
    `  - name: ${prefix}level`,
    '    label: Level',
    '    type: enumeration',
    '    fieldType: select',
    `    groupName: ${groupName}`,
    '    options:',
    '      - { label: Low, value: low }',
    '      - { label: High, value: high }',
  ];
}
