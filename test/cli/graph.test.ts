/**
 * `crm-schema graph` through the CLI: the examples project's association graph from the manifests (the
 * diagram the README and the apply page show), the same from the account after an apply (`--live`), and
 * the Markdown form.
 */
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { removeDir, tempDir } from '../live/helpers.js';

const CONFIG = ['--config', 'examples/crm-schema.yaml'];

/** The first mermaid block of a Markdown file. */
async function mermaidBlock(file: string): Promise<string> {
  const text = await readFile(join(ROOT, file), 'utf8');
  const start = text.indexOf('```mermaid\n') + '```mermaid\n'.length;
  return text.slice(start, text.indexOf('```', start));
}

describe('crm-schema graph', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('crm-schema-graph-');
    await cp(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it("draws the manifests' label pairs and limits: the diagram the README and the apply page show", async () => {
    const run = await runCli(['graph', ...CONFIG], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(await mermaidBlock('README.md'));
    expect(run.stdout).toBe(await mermaidBlock('docs/apply.md'));
    const markdown = await runCli(['graph', '--format', 'markdown', ...CONFIG], { cwd: dir });
    expect(markdown.stdout).toBe(`\`\`\`mermaid\n${run.stdout}\`\`\`\n`);
  });

  it('--live reads the same graph from the account once it is applied', async () => {
    const before = await runCli(['graph', '--live', '--local', ...CONFIG], { cwd: dir });
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toBe('flowchart LR\n');
    expect((await runCli(['apply', '--local', '--yes', ...CONFIG], { cwd: dir })).code).toBe(0);
    const after = await runCli(['graph', '--live', '--local', ...CONFIG], { cwd: dir });
    expect(after.stdout).toBe(await mermaidBlock('README.md'));
  });
});
