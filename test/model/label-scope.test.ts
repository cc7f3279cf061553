/**
 * The label part of the ownership scope (`manage.labels`): which entries parse, how they are made
 * canonical, and which user labels (by their texts) and limits each one owns.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  canonicalLabelEntry,
  entryForText,
  LABEL_ENTRY_MAX_LENGTH,
  LABEL_ENTRY_SOURCE,
  labelScope,
  parseLabelEntry,
  quotedEntry,
} from '../../src/families/association/label-scope.js';

interface SchemaDef {
  pattern?: string;
  maxLength?: number;
}
const defs = (file: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../schemas/${file}`, import.meta.url), 'utf8')) as {
      $defs: Record<string, SchemaDef>;
    }
  ).$defs;

describe('label entries', () => {
  it('parse an object pair, by name or id, optionally with a pattern of label text', () => {
    expect(parseLabelEntry('tickets->orders')).toStrictEqual({
      entry: 'tickets->orders',
      from: 'tickets',
      to: 'orders',
    });
    expect(parseLabelEntry('0-1->0-2:Escalation *')).toStrictEqual({
      entry: '0-1->0-2:Escalation *',
      from: 'contacts',
      to: 'companies',
      pattern: 'Escalation *',
    });
    // custom object types by id or name; a pattern may hold colons and arrows
    expect(parseLabelEntry('2-123->p42_cars:A: b->c')).toMatchObject({
      from: '2-123',
      to: 'p42_cars',
      pattern: 'A: b->c',
    });
  });

  it('refuse anything else: one object type, an empty pattern, spaces around it, line breaks, a great length', () => {
    for (const bad of [
      'tickets',
      'tickets:orders',
      'tickets->',
      'Tickets->orders',
      'tickets->orders:',
      'tickets->orders: Escalation',
      'tickets->orders:Escalation ',
      'tickets->orders:a\nb',
      ' tickets->orders',
      `tickets->orders:${'x'.repeat(LABEL_ENTRY_MAX_LENGTH)}`,
    ])
      expect(parseLabelEntry(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it('are the form the project file schema takes', () => {
    const entry = defs('config.schema.json').labelScopeEntry;
    expect(entry?.pattern).toBe(LABEL_ENTRY_SOURCE);
    expect(entry?.maxLength).toBe(LABEL_ENTRY_MAX_LENGTH);
  });

  it('get canonical object types; what is no entry stays as it is', () => {
    expect(canonicalLabelEntry('0-5->0-123:Primary *')).toBe('tickets->orders:Primary *');
    expect(canonicalLabelEntry('tickets->orders')).toBe('tickets->orders');
    expect(canonicalLabelEntry('no entry')).toBe('no entry');
  });

  it('are offered for one text only when that text can be a pattern, quoted as YAML writes it', () => {
    expect(entryForText('tickets', 'orders', "Owner's order")).toBe("tickets->orders:Owner's order");
    expect(quotedEntry("tickets->orders:Owner's order")).toBe("'tickets->orders:Owner''s order'");
    expect(entryForText('tickets', 'orders', ' padded')).toBeUndefined();
    expect(entryForText('tickets', 'orders', 'two\nlines')).toBeUndefined();
  });
});

describe('the label scope', () => {
  const scope = labelScope([
    'tickets->orders',
    'companies->contacts:Escalation *',
    'contacts->companies:*owner',
    'not an entry',
  ]);

  it('names its object pairs once each, in either direction', () => {
    expect(scope.active).toBe(true);
    expect(scope.pairs).toEqual([
      { from: 'tickets', to: 'orders' },
      { from: 'companies', to: 'contacts' },
    ]);
    expect(scope.namesPair('orders', 'tickets')).toBe(true);
    expect(scope.namesPair('0-1', '0-2')).toBe(true);
    expect(scope.namesPair('deals', 'companies')).toBe(false);
  });

  it('owns every user label of a whole pair, in both directions, and the limits of its types', () => {
    expect(scope.label('tickets', 'orders', ['Anything', undefined])).toBe("labels 'tickets->orders'");
    expect(scope.label('0-123', '0-5', ['Other way', 'Back'])).toBe("labels 'tickets->orders'");
    expect(scope.wholePair('orders', 'tickets')).toBe("labels 'tickets->orders'");
  });

  it('owns by pattern the labels whose text or inverse text matches, letter case counting', () => {
    expect(scope.label('contacts', 'companies', ['Escalation lead', 'Escalated company'])).toBe(
      "labels 'companies->contacts:Escalation *'",
    );
    // the inverse text matches
    expect(scope.label('companies', 'contacts', ['Escalated by', 'Escalation owner'])).toBe(
      "labels 'companies->contacts:Escalation *'",
    );
    expect(scope.label('contacts', 'companies', ['Ticket owner', undefined])).toBe(
      "labels 'contacts->companies:*owner'",
    );
    expect(scope.label('contacts', 'companies', ['Billing contact', 'Billed company'])).toBeUndefined();
    expect(scope.label('contacts', 'companies', ['escalation lead', undefined])).toBeUndefined();
    expect(scope.label('contacts', 'companies', [undefined, undefined])).toBeUndefined();
    // a pattern owns no limit of a built-in type
    expect(scope.wholePair('contacts', 'companies')).toBeUndefined();
    expect(scope.label('deals', 'companies', ['Escalation lead', undefined])).toBeUndefined();
  });

  it('is inactive without entries', () => {
    const none = labelScope([]);
    expect(none.active).toBe(false);
    expect(none.label('tickets', 'orders', ['Primary order', undefined])).toBeUndefined();
  });
});
