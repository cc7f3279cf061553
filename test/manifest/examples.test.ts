/** The examples: valid, and their editor `$schema` lines point at the published schemas. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('examples', () => {
  const files = readdirSync(join(root, 'examples'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('github-actions'))
    .map((f) => join('examples', f));

  it('carry a yaml-language-server line that resolves to the right schema', () => {
    const checked: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'latin1');
      const match = /^# yaml-language-server: \$schema=(\S+)$/m.exec(text);
      if (!match) continue;
      const target = resolve(root, dirname(file), match[1]!);
      expect(existsSync(target), `${file} -> ${match[1]}`).toBe(true);
      const expected = file.endsWith('crm-schema.yaml') ? 'config.schema.json' : 'manifest.schema.json';
      expect(target.endsWith(join('schemas', expected)), file).toBe(true);
      checked.push(file);
    }
    // every file of the example project carries one
    expect(checked).toEqual(
      expect.arrayContaining([
        'examples/crm-schema.yaml',
        'examples/schema/tickets.yaml',
        'examples/schema/events.yaml',
      ]),
    );
    expect(checked.filter((f) => f.startsWith('examples/schema/'))).toHaveLength(6);
  });
});
