/** fast-check generators of hostile input: text meant to attack terminals, PR comments and parsers. */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { TOKEN } from './harness.js';

/** Strings people (or attackers) put in labels, descriptions, names and messages. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u001b[2J\u001b[H',
      'ok\u001b[8mhidden',
      '\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007',
      'Label\r-   Archive property tickets.customer_id',
      'x\n  -   Archive property tickets.customer_id\n',
      '\u202eredro yraw\u202c',
      'bell\u0007',
      'nul\u0000byte',
      'c1\u009bcontrol',
      '__proto__',
      'constructor',
      'toString',
      '@octocat and @acme/admins',
      '</details><script>alert(1)</script>',
      '```\n- fake diff',
      '${{ secrets.CRM_TOKEN_PRODUCTION }}',
      TOKEN,
      'a'.repeat(3000),
    ),
  },
);

/** Names: mostly plausible, sometimes hostile. */
const name = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/) },
  { weight: 1, arbitrary: nastyString },
);

const option = fc.record({ label: nastyString, value: name }, { requiredKeys: ['label', 'value'] });

const property = fc.record(
  {
    name,
    label: nastyString,
    type: fc.constantFrom('string', 'number', 'enumeration', 'bool', 'date', 'datetime', 'phone_number', 'x'),
    fieldType: fc.constantFrom('text', 'textarea', 'number', 'select', 'checkbox', 'booleancheckbox', 'date'),
    groupName: name,
    description: nastyString,
    options: fc.array(option, { maxLength: 4 }),
    calculationFormula: nastyString,
    archived: fc.boolean(),
  },
  { requiredKeys: ['name'] },
);

const associationType = fc.record(
  {
    label: nastyString,
    inverseLabel: nastyString,
    renamedFrom: nastyString,
    maxToObjectIds: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constant(null)),
    deleted: fc.boolean(),
  },
  { requiredKeys: [] },
);

const manifestObject = fc.oneof(
  fc.record({
    kind: fc.constant('Properties'),
    objectType: fc.constantFrom('tickets', 'orders', '0-5', 'constructor'),
    groups: fc.array(fc.record({ name, label: nastyString }), { maxLength: 2 }),
    properties: fc.array(property, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('Associations'),
    from: fc.constantFrom('tickets', 'orders'),
    to: fc.constantFrom('orders', 'tickets'),
    types: fc.array(associationType, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('EventProperties'),
    eventName: name,
    properties: fc.array(
      fc.record({ name, label: nastyString, type: fc.constantFrom('string', 'number', 'enumeration') }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
);

/** A manifest file: YAML of a hostile document, or hostile text that may not be YAML at all. */
export const manifestText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: manifestObject.map((doc) => stringify(doc)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'a: &a [*a]',
      `${'- '.repeat(2000)}x`,
      'kind: Properties\nobjectType: tickets\nproperties: [{name: a, <<: *x}]',
      '\uFEFFkind: Properties\n\tobjectType: tickets',
      'kind: Properties\nobjectType: tickets\nproperties:\n  - name: a\n    name: b',
      'kind: Properties\nobjectType: tickets\n__proto__: { polluted: true }\nproperties: [{ name: a, constructor: x, toString: y }]',
    ),
  },
);

/** A project file: hostile environments, base URLs pointing elsewhere, odd policies. */
export function projectText(evil: string): fc.Arbitrary<string> {
  return fc
    .record(
      {
        manifests: fc.oneof(fc.constant(['schema/*.yaml']), fc.array(nastyString, { maxLength: 2 })),
        defaultEnvironment: fc.constantFrom('production', 'constructor', '__proto__', 'toString'),
        environments: fc.dictionary(
          fc.constantFrom('production', 'constructor', '__proto__', 'staging', 'a b'),
          fc.record({
            baseUrl: fc.constantFrom(
              evil,
              `${evil}/`,
              'file:///etc/passwd',
              'javascript:alert(1)',
              'http://user:pw@x',
            ),
            tokenEnv: fc.constantFrom('CRM_ACCESS_TOKEN', TOKEN, 'PATH'),
            policy: fc.record({ destructive: fc.constantFrom('allow', 'deny', 'maybe') }),
          }),
          { maxKeys: 3 },
        ),
        policy: fc.record(
          {
            unmanaged: fc.constantFrom('ignore', 'report', 'archive', 'nuke'),
            allow: fc.array(nastyString, { maxLength: 2 }),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['manifests'] },
    )
    .map((doc) => stringify(doc));
}
