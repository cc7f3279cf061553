/**
 * `init --pull`: adopts a scope of an account in one step. Finds what the account holds (each family's
 * findings, discover.ts), takes the scope given by the manage flags or asks for one (scope-prompt.ts),
 * and pulls only that scope into new manifests: what each family adopts of it (its `AdoptPart`), never
 * anything outside it (a family says what it left out, and how to adopt it). What the families adopt of
 * what the pull wrote joins the scope (a custom group a manifest now declares: `manage.groups`).
 */
import { mkdir } from 'node:fs/promises';
import type { CrmClient } from '../../api/client.js';
import type { Adoption } from '../pull-part.js';
import { families } from '../installed.js';
import { pull } from '../pull/pull.js';
import type { PullReport } from '../pull/pull-report.js';
import { nothingDeclared } from '../pull/pull-project.js';
import type { PullScope } from '../pull/pull-scope.js';
import { manageKeys, scopeWords, withAdopted, type ManageEntries } from '../pull/scope-flags.js';
import { schemaComment } from '../pull/schema-ref.js';
import { discoverAccount } from './discover.js';
import { chooseScope, offerOf } from './scope-prompt.js';
import type { Terminal } from './terminal.js';

export interface AdoptOptions {
  /** the project folder */
  dir: string;
  /** the folder of the manifests */
  outDir: string;
  /** the scope of the manage flags (empty: asked on the terminal) */
  given: ManageEntries;
  terminal?: Terminal;
  /** pull without the last confirmation */
  yes: boolean;
  /** messages for the person (standard error) */
  say: (text: string) => void;
}

export interface Adopted {
  manage: ManageEntries;
  /** undefined when nothing in the account is in the scope yet */
  report?: PullReport;
}

/** Adopts the account's scope; undefined when the person declined at the confirmation. */
export async function adoptAccount(client: CrmClient, options: AdoptOptions): Promise<Adopted | undefined> {
  const { terminal, say } = options;
  const found = await discoverAccount(client);
  const manage = await chooseScope(options.given, terminal, offerOf(found));
  // each family adopts in the order of the list, seeing the object types adopted before it
  const adoptions = new Map<string, Adoption>();
  const objectTypes: string[] = [];
  for (const family of families()) {
    const adopt = family.pull?.adopt;
    if (adopt === undefined || !found.has(family.name)) continue;
    const adoption = await adopt.adoption(found.get(family.name), manage, client, objectTypes);
    adoptions.set(family.name, adoption);
    for (const objectType of adoption.objectTypes)
      if (!objectTypes.includes(objectType)) objectTypes.push(objectType);
  }
  const takes = [...adoptions.values()].flatMap((adoption) => adoption.takes);
  const notes = [...adoptions.values()].flatMap((adoption) => adoption.notes);
  say(adoptionText(manage, takes, notes));
  const empty = families().every((family) => {
    const adoption = adoptions.get(family.name);
    return adoption === undefined || family.pull === undefined || family.pull.isEmpty(adoption.scope);
  });
  if (empty) return { manage };
  if (terminal !== undefined && !options.yes) {
    const answer = (await terminal.ask('Pull this scope and write the project? [Y/n] ')).trim();
    if (answer !== '' && !/^y(es)?$/i.test(answer)) return undefined;
  }
  await mkdir(options.outDir, { recursive: true });
  // a project's pull of the adopted scope, every key given (as by flags)
  const scope: PullScope = {
    mode: 'project',
    manage,
    within: {},
    byFlags: new Set(manageKeys().map((k) => k.key)),
    parts: new Map([...adoptions].map(([name, adoption]) => [name, adoption.scope])),
  };
  const { report, addedBy } = await pull(client, {
    scope,
    desired: nothingDeclared(),
    includeBuiltIn: false,
    manifestFiles: [],
    outDir: options.outDir,
    projectDir: options.dir,
    cwd: options.dir,
    schemaComment: (at) => schemaComment(at, options.dir, 'manifest.schema.json'),
  });
  let adopted = manage;
  for (const family of families())
    adopted = family.pull?.adopted?.(adopted, addedBy.get(family.name) ?? []) ?? adopted;
  return { manage: adopted, report };
}

function adoptionText(manage: ManageEntries, takes: readonly string[], notes: readonly string[]): string {
  const scope = scopeWords(manage);
  const after = notes.map((note) => `${note}\n`).join('');
  if (takes.length === 0)
    return `Scope: ${scope}. Nothing in the account is in it yet: the project starts without resources.\n${after}`;
  return `Scope: ${scope}. Adopting ${takes.join('; ')}.\n${after}`;
}

export { withAdopted };
