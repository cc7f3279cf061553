/** The property family's lint rules: team conventions over property and group entries. */
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import type { LintRule } from '../../../engine/manifest/lint/rules.js';
import { groupItems, propertyItems } from './declarations.js';

/** Words of a label that look like Title Case after the first (`Support Tier`); acronyms are fine. */
function titleCased(label: string): string[] {
  return label
    .split(/\s+/)
    .slice(1)
    .filter((word) => /^[A-Z][a-z]+$/.test(word));
}

const PERSONAL =
  /(^|_)(email|phone|mobile|birth|dob|ssn|passport|address|street|postcode|zip|salary|iban|national_id|tax_id|gender)(_|$)/;

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

export const PROPERTY_LINT_RULES: readonly LintRule[] = [
  {
    id: 'property-name-prefix',
    severity: 'error',
    summary: 'custom property names start with a prefix of their object type (`lint.prefixes`)',
    check: (items, settings) =>
      propertyItems(items).flatMap(({ objectType, entry, ref }) => {
        if (entry.archived === true) return [];
        const prefixes = settings.prefixes[canonicalObjectType(objectType)] ?? [];
        if (prefixes.length === 0 || prefixes.some((p) => entry.name.startsWith(p))) return [];
        return [
          {
            ref,
            keys: ['name'],
            message: `'${entry.name}' does not start with ${prefixes.map((p) => `'${p}'`).join(' or ')}`,
            hint: `name it ${prefixes[0] ?? ''}${entry.name} (renamedFrom: ${entry.name} keeps its values)`,
          },
        ];
      }),
  },
  {
    id: 'snake-case-names',
    severity: 'warning',
    summary: 'property and group names are snake_case: no double, leading or trailing underscore',
    check: (items) => [
      ...propertyItems(items).flatMap(({ entry, ref }) =>
        entry.archived === true || SNAKE.test(entry.name)
          ? []
          : [
              {
                ref,
                keys: ['name'],
                message: `'${entry.name}' is not snake_case`,
                hint: 'words in lowercase, joined by one underscore',
              },
            ],
      ),
      ...groupItems(items).flatMap(({ entry, ref }) =>
        entry.archived === true || SNAKE.test(entry.name)
          ? []
          : [
              {
                ref,
                keys: ['name'],
                message: `group '${entry.name}' is not snake_case`,
                hint: 'words in lowercase, joined by one underscore',
              },
            ],
      ),
    ],
  },
  {
    id: 'label-sentence-case',
    severity: 'warning',
    summary: 'labels in sentence case: `Support tier`, not `Support Tier`',
    check: (items) =>
      propertyItems(items).flatMap(({ entry, ref }) => {
        const words = entry.label === undefined ? [] : titleCased(entry.label);
        if (words.length === 0) return [];
        const fixed = words.reduce((text, word) => text.replace(word, word.toLowerCase()), entry.label ?? '');
        return [
          {
            ref,
            keys: ['label'],
            message: `label '${entry.label ?? ''}' is in Title Case`,
            hint: `write it '${fixed}'`,
          },
        ];
      }),
  },
  {
    id: 'description-required',
    severity: 'warning',
    summary: 'every property has a description',
    check: (items) =>
      propertyItems(items).flatMap(({ entry, ref }) =>
        entry.archived === true || (entry.description ?? '').trim() !== ''
          ? []
          : [
              {
                ref,
                keys: [],
                message: `'${entry.name}' has no description`,
                hint: 'say what the property holds and who fills it in',
              },
            ],
      ),
  },
  {
    id: 'option-display-order',
    severity: 'warning',
    summary: 'options give displayOrder 1, 2, 3... without gaps, or none of them does',
    check: (items) =>
      propertyItems(items).flatMap(({ entry, ref }) => {
        const options = entry.options ?? [];
        const orders = options.map((o) => o.displayOrder);
        if (orders.every((o) => o === undefined)) return [];
        const contiguous = orders.every((o, i) => o === i + 1);
        return contiguous
          ? []
          : [
              {
                ref,
                keys: ['options'],
                message: `the options of '${entry.name}' are not numbered 1 to ${options.length} in order`,
                hint: 'number them 1, 2, 3... in the order listed, or leave displayOrder out',
              },
            ];
      }),
  },
  {
    id: 'personal-data-sensitivity',
    severity: 'warning',
    summary:
      'a property whose name suggests personal data (email, phone, birth, address...) sets `dataSensitivity`',
    check: (items) =>
      propertyItems(items).flatMap(({ entry, ref }) =>
        entry.archived === true ||
        !PERSONAL.test(entry.name) ||
        (entry.dataSensitivity ?? 'non_sensitive') !== 'non_sensitive'
          ? []
          : [
              {
                ref,
                keys: ['name'],
                message: `'${entry.name}' looks like personal data, and is non_sensitive`,
                hint: 'set dataSensitivity: sensitive (or highly_sensitive); it cannot change after creation',
              },
            ],
      ),
  },
];
