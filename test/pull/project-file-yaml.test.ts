/**
 * The project files init and pull write are made by the yaml library: whatever a value holds, the file
 * parses back to exactly the data meant, and keeps its comments.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { projectFileText } from '../../src/engine/init/project-file.js';
import { projectFileYaml } from '../../src/engine/pull/project-file-yaml.js';

/** Values a list entry must survive as one entry, whatever YAML makes of such text by hand. */
const HOSTILE = [
  'tickets.team_grp, contactinformation',
  "it's",
  '"quoted"',
  'a # not a comment',
  'two\nlines',
  'key: value',
  '- item',
  '[flow]',
  '{map: 1}',
  '&anchor',
  '*alias',
  '!!str tag',
  '%directive',
  '@at',
  '`tick`',
  '? question',
  '',
  ' padded ',
  'yes',
  '0x1F',
  '~',
  'null',
  'text\u2028with a separator',
  'x'.repeat(5000),
];

describe('project files from data', () => {
  it('read back as exactly the lists meant, whatever they hold', () => {
    const text = projectFileText({
      glob: 'schema/**/*.yaml',
      schemaComment: '# yaml-language-server: $schema=node_modules/crm-schema/schemas/config.schema.json',
      manage: { groups: HOSTILE, prefixes: ['support_', ...HOSTILE], labels: HOSTILE },
      environment: {
        name: 'default',
        baseUrl: 'https://api.example.com/#frag, x',
        tokenEnv: 'CRM_ACCESS_TOKEN',
        accountId: 1000001,
        apiVersion: '2026-09',
      },
    });
    expect(parse(text)).toEqual({
      manifests: ['schema/**/*.yaml'],
      environments: {
        default: {
          baseUrl: 'https://api.example.com/#frag, x',
          tokenEnv: 'CRM_ACCESS_TOKEN',
          accountId: 1000001,
          apiVersion: '2026-09',
        },
      },
      defaultEnvironment: 'default',
      policy: {
        destructive: 'deny',
        unmanaged: 'report',
        manage: { groups: HOSTILE, prefixes: ['support_', ...HOSTILE], labels: HOSTILE },
      },
    });
    // the comments of the file are there, each before its key
    expect(text.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=node_modules/crm-schema/schemas/config.schema.json',
    );
    expect(text).toContain('    # the account init --pull adopted\n    accountId: 1000001\n');
    expect(text).toContain(
      '  # archives and deletes need --allow-destructive, or their address under allow: [...]\n  destructive: deny\n',
    );
    expect(text).toContain("    # text matches a pattern ('contacts->companies:Escalation *')\n    labels:");
  });

  it('writes the lists as short flow lists, the globs of pull in single quotes', () => {
    const text = projectFileYaml(
      {
        manifests: ['schema/**/*.yaml'],
        policy: { manage: { groups: ['tickets.support'], prefixes: ['support_'] } },
      },
      new Map([['manifests', { comment: ['Written by crm-schema pull.'] }]]),
      { quoteGlobs: true },
    );
    expect(text).toBe(
      '# Written by crm-schema pull.\n' +
        "manifests: ['schema/**/*.yaml']\n" +
        'policy:\n' +
        '  manage:\n' +
        '    groups: [tickets.support]\n' +
        '    prefixes: [support_]\n',
    );
  });

  it('comments a project without label entries with how to own labels, and nothing more', () => {
    const text = projectFileText({
      glob: 'schema/**/*.yaml',
      schemaComment: '# yaml-language-server: $schema=x',
      manage: { groups: [], prefixes: ['support_'] },
    });
    expect(text).toContain('# environments:\n#   production:\n');
    expect(
      text.endsWith(
        '    prefixes: [support_]\n' +
          '    # the association labels it owns: every label of an object pair (tickets->orders), or those whose\n' +
          "    # text or inverse text matches a pattern ('contacts->companies:Escalation *'); until one is listed,\n" +
          '    # labels have no owner and a manifest may name any:\n' +
          '    # labels: [tickets->orders]\n',
      ),
    ).toBe(true);
    expect(parse(text)).toEqual({
      manifests: ['schema/**/*.yaml'],
      policy: { destructive: 'deny', unmanaged: 'report', manage: { prefixes: ['support_'] } },
    });
  });
});
