/** The platform's name rules, by which pull and init check names read from the account. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPlatformName, type NameRule } from '../../src/engine/model/platform-names.js';
import { GROUP_NAME, PROPERTY_NAME } from '../../src/families/property/names.js';
import { EVENT_NAME, EVENT_PROPERTY_NAME } from '../../src/families/event/names.js';

const manifest = (
  JSON.parse(readFileSync(new URL('../../schemas/manifest.schema.json', import.meta.url), 'utf8')) as {
    $defs: Record<string, { pattern?: string; maxLength?: number }>;
  }
).$defs;

describe('the platform name rules', () => {
  it('are the rules the manifest schema gives names', () => {
    const rules: [NameRule, string][] = [
      [PROPERTY_NAME, 'propertyName'],
      [GROUP_NAME, 'groupName'],
      [EVENT_PROPERTY_NAME, 'eventPropertyName'],
      [EVENT_NAME, 'eventName'],
    ];
    for (const [rule, def] of rules) {
      expect(manifest[def]?.pattern, def).toBe('^[a-z][a-z0-9_]*$');
      expect(manifest[def]?.maxLength, def).toBe(rule.maxLength);
    }
  });

  it('take lowercase names and refuse what would read back as something else', () => {
    expect(isPlatformName(GROUP_NAME, 'team_grp')).toBe(true);
    expect(isPlatformName(GROUP_NAME, 'x'.repeat(100))).toBe(true);
    for (const bad of [
      'team_grp, contactinformation',
      "team'grp",
      'team"grp',
      'team # grp',
      'team\ngrp',
      '{a: b}',
      '- item',
      '*alias',
      '&anchor',
      '!!str x',
      'Team',
      '9team',
      '',
      'x'.repeat(101),
    ])
      expect(isPlatformName(GROUP_NAME, bad), JSON.stringify(bad)).toBe(false);
    expect(isPlatformName(EVENT_PROPERTY_NAME, 'x'.repeat(51))).toBe(false);
  });
});
