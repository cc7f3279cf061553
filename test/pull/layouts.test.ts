/**
 * Pull never rewrites a line it does not need to change, whatever the layout of the file: a table of
 * layouts (flow lists with and without padding, comments, quoting styles, long and folded lines, block
 * scalars, `replaces`, `renamedFrom`, four-space indentation, lists not indented under their key,
 * several documents). For each, against the emulator over HTTP: a pull of an account that matches the
 * manifests leaves every file byte for byte as it was, and a pull after one label was changed in the
 * account changes exactly that one line, and only the label on it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveFixture, removeDir, sendPlan, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';
import { planOf, pullInto } from './helpers.js';

const PROJECT = `manifests: ['schema/**/*.yaml']
policy:
  manage: { prefixes: [support_], groups: [tickets.support] }
`;

interface Layout {
  name: string;
  text: string;
  /** the property whose label is changed in the account */
  property: string;
  label: [before: string, after: string];
  /** the line holding that label, before and after the pull */
  line: [before: string, after: string];
}

const LONG = `A description long enough to pass any line width a formatter would fold at, ${'word '.repeat(30).trim()}.`;

const LAYOUTS: Layout[] = [
  {
    name: 'flow lists and mappings without padding, replaces on an option',
    text: `kind: Properties
objectType: tickets
groups: [{name: support, label: Support}]
properties:
  - {name: support_note, label: Note, type: string, fieldType: text, groupName: support}
  - name: support_terms
    label: Terms
    type: enumeration
    fieldType: select
    groupName: support
    options:
      - {label: Net 30, value: net_30, replaces: [net_45]}
      - {label: Net 60, value: net_60}
`,
    property: 'support_note',
    label: ['Note', 'Agent note'],
    line: [
      '  - {name: support_note, label: Note, type: string, fieldType: text, groupName: support}',
      '  - {name: support_note, label: Agent note, type: string, fieldType: text, groupName: support}',
    ],
  },
  {
    name: 'the label on the line of replaces: [net_45]',
    text: `kind: Properties
objectType: tickets
properties:
  - name: support_terms
    label: Terms
    type: enumeration
    fieldType: select
    groupName: ticketinformation
    options:
      - {label: Net 30, value: net_30, replaces: [net_45]}
      - { label: Net 60, value: net_60 }
`,
    property: 'support_terms',
    label: ['Terms', 'Payment terms'],
    line: ['    label: Terms', '    label: Payment terms'],
  },
  {
    name: 'comments: aligned, full-line, between entries and at the end; blank lines',
    text: `# Support's fields.


kind: Properties   # the kind
objectType: tickets
properties:
  # the note agents write
  - name: support_note
    label: Note          # aligned comment
    type: string         # text
    fieldType: textarea  # several lines
    groupName: ticketinformation


  - name: support_code # the code
    label: Code
    type: string
    fieldType: text
    groupName: ticketinformation
# the end
`,
    property: 'support_note',
    label: ['Note', 'Agent note'],
    line: ['    label: Note          # aligned comment', '    label: Agent note          # aligned comment'],
  },
  {
    name: 'quoting styles, block scalars and long lines',
    text: `kind: Properties
objectType: tickets
properties:
  - name: support_note
    label: "Note"
    type: "string"
    fieldType: 'textarea'
    groupName: ticketinformation
    description: ${LONG}
  - name: support_code
    label: 'Code'
    type: string
    fieldType: text
    groupName: ticketinformation
    description: >-
      Folded text
      over two lines.
  - name: support_hint
    label: Hint
    type: string
    fieldType: text
    groupName: ticketinformation
    description: |
      Literal text.
  - name: support_plain
    label: Plain
    type: string
    fieldType: text
    groupName: ticketinformation
    description: a plain scalar
      continued on the next line
`,
    property: 'support_code',
    label: ['Code', 'Reference code'],
    line: ["    label: 'Code'", "    label: 'Reference code'"],
  },
  {
    name: 'a rename already applied (renamedFrom)',
    text: `kind: Properties
objectType: tickets
properties:
  - name: support_reference
    renamedFrom: support_ref
    label: Reference
    type: string
    fieldType: text
    groupName: ticketinformation
`,
    property: 'support_reference',
    label: ['Reference', 'Ticket reference'],
    line: ['    label: Reference', '    label: Ticket reference'],
  },
  {
    name: 'four-space indentation, lists not indented under their key, two documents',
    text: `kind: Properties
objectType: tickets
groups:
-   name: support
    label: Support
---
kind: Properties
objectType: tickets
properties:
-   name: support_level
    label: Level
    type: enumeration
    fieldType: select
    groupName: support
    options:
    -   label: Low
        value: low
    -   label: High
        value: high
`,
    property: 'support_level',
    label: ['Level', 'Escalation level'],
    line: ['    label: Level', '    label: Escalation level'],
  },
];

describe('pull keeps every line it does not change', () => {
  let fx: LiveFixture;
  let dir: string;
  beforeEach(async () => {
    fx = await liveFixture();
    dir = await tempDir('crm-schema-pull-layout-');
  });
  afterEach(async () => {
    await fx.close();
    await removeDir(dir);
  });

  it.each(LAYOUTS)('$name', async (layout) => {
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': layout.text });
    // the account as the manifests describe it (a rename or remap applied earlier leaves no trace)
    await sendPlan(fx.emulator, await planOf(fx.client, dir));
    expect((await planOf(fx.client, dir)).changes).toEqual([]);
    const read = () => readFile(join(dir, 'schema/tickets.yaml'), 'utf8');

    const idle = await pullInto(fx.client, dir);
    expect(idle.files).toEqual([]);
    expect(await read()).toBe(layout.text);

    expect(layout.text.split('\n')).toContain(layout.line[0]);
    await fx.client.properties.update('tickets', layout.property, { label: layout.label[1] });
    const pulled = await pullInto(fx.client, dir);
    expect(pulled.updated).toEqual([`tickets.${layout.property}`]);
    const lines = layout.text.split('\n');
    lines[lines.indexOf(layout.line[0])] = layout.line[1];
    expect(await read()).toBe(lines.join('\n'));
    expect((await planOf(fx.client, dir)).changes).toEqual([]);
  });
});
