/**
 * `actions/github-script` for workflow-runner.ts: the step's script run by Node in a process of its own
 * (so `process.env` is the step's), in the workspace, as the action runs it: an async function of
 * `require`, `github`, `context` and `core`. `github` answers from a list of pull request comments and
 * records each comment the script creates or updates.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ActionHandler } from './workflow-runner.js';
import { run } from './workflow-runner.js';

export interface Comment {
  id: number;
  user: { login: string };
  body: string;
}

export interface CommentCall {
  method: 'createComment' | 'updateComment';
  owner: string;
  repo: string;
  issue_number?: number;
  comment_id?: number;
  body: string;
}

const WRAPPER = `
const fs = require('node:fs');
const script = fs.readFileSync(process.env.HARNESS_SCRIPT, 'utf8');
const comments = JSON.parse(fs.readFileSync(process.env.HARNESS_COMMENTS, 'utf8'));
const calls = [];
const github = {
  rest: {
    issues: {
      listComments: async () => ({ data: comments }),
      createComment: async (params) => { calls.push({ method: 'createComment', ...params }); },
      updateComment: async (params) => { calls.push({ method: 'updateComment', ...params }); },
    },
  },
  paginate: async (method, params) => (await method(params)).data,
};
const [owner, repo] = process.env.GITHUB_REPOSITORY.split('/');
const context = {
  repo: { owner, repo },
  issue: { owner, repo, number: Number(process.env.HARNESS_ISSUE) },
  runId: Number(process.env.GITHUB_RUN_ID),
};
const core = { setFailed: (message) => { console.error(message); process.exitCode = 1; } };
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
new AsyncFunction('require', 'github', 'context', 'core', script)(require, github, context, core).then(
  () => fs.writeFileSync(process.env.HARNESS_CALLS, JSON.stringify(calls)),
  (error) => { console.error(error); process.exitCode = 1; },
);
`;

/** A handler for `actions/github-script` on pull request `issue`, with these comments; `calls` collects. */
export function githubScript(issue: number, comments: Comment[], calls: CommentCall[]): ActionHandler {
  return async ({ with: withs, env, workspace, runnerTemp }) => {
    const dir = await mkdtemp(join(runnerTemp, 'github-script-'));
    const files = {
      HARNESS_SCRIPT: join(dir, 'script.js'),
      HARNESS_COMMENTS: join(dir, 'comments.json'),
      HARNESS_CALLS: join(dir, 'calls.json'),
    };
    await writeFile(files.HARNESS_SCRIPT, withs.script ?? '');
    await writeFile(files.HARNESS_COMMENTS, JSON.stringify(comments));
    await writeFile(files.HARNESS_CALLS, '[]');
    await writeFile(join(dir, 'wrapper.cjs'), WRAPPER);
    const result = await run([process.execPath, join(dir, 'wrapper.cjs')], workspace, {
      ...env,
      ...files,
      HARNESS_ISSUE: String(issue),
    });
    calls.push(...(JSON.parse(await readFile(files.HARNESS_CALLS, 'utf8')) as CommentCall[]));
    return result;
  };
}
