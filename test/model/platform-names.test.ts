/** The platform's name rules, by which pull and init check names read from the account. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPlatformName, NAME_MAX_LENGTH, type NameKind } from '../../src/model/platform-names.js';

const manifest = (
  JSON.parse(readFileSync(new URL('../../schemas/manifest.schema.json', import.meta.url), 'utf8')) as {
    $defs: Record<string, { pattern?: string; maxLength?: number }>;
  }
).$defs;

describe('the platform name rules', () => {
  it('are the rules the manifest schema gives names', () => {
    const kinds: [NameKind, string][] = [
      ['property', 'propertyName'],
      ['group', 'groupName'],
      ['eventProperty', 'eventPropertyName'],
      ['event', 'eventName'],
    ];
    for (const [kind, def] of kinds) {
      expect(manifest[def]?.pattern, def).toBe('^[a-z][a-z0-9_]*$');
      expect(manifest[def]?.maxLength, def).toBe(NAME_MAX_LENGTH[kind]);
    }
  });

  it('take lowercase names and refuse what would read back as something else', () => {
    expect(isPlatformName('group', 'team_grp')).toBe(true);
    expect(isPlatformName('group', 'x'.repeat(100))).toBe(true);
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
      expect(isPlatformName('group', bad), JSON.stringify(bad)).toBe(false);
    expect(isPlatformName('eventProperty', 'x'.repeat(51))).toBe(false);
  });
});
