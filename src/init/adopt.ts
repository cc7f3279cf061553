/**
 * `init --pull`: adopts a scope of an account in one step. Finds what the account holds (discover.ts),
 * takes the scope given by `--prefix` / `--group` or asks for one (scope-prompt.ts), and pulls only that
 * scope into new manifests: the custom properties with a chosen prefix or in a chosen group, the custom
 * groups they use (and those chosen), the custom event properties with a chosen (unqualified) prefix, and
 * the user labels of the label entries given (`--label`): labels have owners, so none is adopted
 * unasked, and the person is told which object pairs between the object types adopted hold labels that
 * were left out. A custom group the pull writes joins the scope (`manage.groups`): a manifest declaring a
 * group owns it. A built-in group is never put under management unless it was chosen by name.
 */
import { mkdir } from 'node:fs/promises';
import type { CrmClient } from '../api/client.js';
import { managedScope } from '../plan/diff/diff-context.js';
import { pull } from '../pull/pull.js';
import type { PullReport } from '../pull/pull-report.js';
import { nothingDeclared } from '../pull/pull-project.js';
import { adoptionScope } from '../pull/pull-scope.js';
import { scopePolicyOf, scopeWords, withWrittenGroups, type ManageEntries } from '../pull/scope-flags.js';
import { schemaComment } from '../pull/schema-ref.js';
import { discoverAccount, labelledPairs, type AccountFindings } from './discover.js';
import { labelScope } from '../model/label-scope.js';
import { chooseScope, offerOf } from './scope-prompt.js';
import type { Terminal } from './terminal.js';

export interface AdoptOptions {
  /** the project folder */
  dir: string;
  /** the folder of the manifests */
  outDir: string;
  /** the scope of `--prefix` / `--group` (empty: asked on the terminal) */
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

/** What is adopted for a scope: the object types and event definitions holding something in it. */
export interface Adoption {
  objectTypes: string[];
  events: string[];
  properties: number;
  eventProperties: number;
}

export function adoptionOf(found: AccountFindings, manage: ManageEntries): Adoption {
  const adoption: Adoption = { objectTypes: [], events: [], properties: 0, eventProperties: 0 };
  for (const { objectType, properties, groups } of found.objectTypes) {
    const inScope = managedScope(scopePolicyOf(manage), objectType);
    const matched = properties.filter((p) => inScope(p.name, p.groupName) !== undefined).length;
    const ownGroup = groups.some((g) => !g.builtIn && inScope('', g.name) !== undefined);
    if (matched > 0 || ownGroup) adoption.objectTypes.push(objectType);
    adoption.properties += matched;
  }
  // event properties see only unqualified prefixes (as the planner's scope does)
  const inEventScope = managedScope(scopePolicyOf(manage));
  for (const event of found.events) {
    const matched = event.properties.filter((name) => inEventScope(name) !== undefined).length;
    if (matched > 0) adoption.events.push(event.name);
    adoption.eventProperties += matched;
  }
  return adoption;
}

/** Adopts the account's scope; undefined when the person declined at the confirmation. */
export async function adoptAccount(client: CrmClient, options: AdoptOptions): Promise<Adopted | undefined> {
  const { terminal, say } = options;
  const found = await discoverAccount(client);
  const manage = await chooseScope(options.given, terminal, offerOf(found));
  const adoption = adoptionOf(found, manage);
  const labels = labelScope(manage.labels ?? []);
  // the object pairs between the object types adopted that hold user labels and no label entry names
  const left = (await labelledPairs(client, adoption.objectTypes)).filter(
    ([from, to]) => !labels.namesPair(from, to),
  );
  say(adoptionText(manage, adoption, left));
  if (adoption.objectTypes.length + adoption.events.length + labels.pairs.length === 0) return { manage };
  if (terminal !== undefined && !options.yes) {
    const answer = (await terminal.ask('Pull this scope and write the project? [Y/n] ')).trim();
    if (answer !== '' && !/^y(es)?$/i.test(answer)) return undefined;
  }
  await mkdir(options.outDir, { recursive: true });
  const report = await pull(client, {
    scope: adoptionScope(adoption.objectTypes, adoption.events, manage),
    desired: nothingDeclared(),
    includeBuiltIn: false,
    manifestFiles: [],
    outDir: options.outDir,
    projectDir: options.dir,
    cwd: options.dir,
    schemaComment: (at) => schemaComment(at, options.dir, 'manifest.schema.json'),
  });
  return { manage: withWrittenGroups(manage, report.added), report };
}

function adoptionText(manage: ManageEntries, adoption: Adoption, left: [string, string][]): string {
  const scope = scopeWords(manage);
  const labels = manage.labels ?? [];
  // a label pair is one resource with two directions: each object pair once
  const between = [
    ...new Set(left.map(([from, to]) => (from < to ? `${from} and ${to}` : `${to} and ${from}`))),
  ];
  const notAdopted =
    between.length === 0
      ? ''
      : `Not adopted: the user labels between ${between.join(', ')}, which may be another team's. Labels have ` +
        `owners: name this project's with --label (--label '${first(left)}' for every label of that object pair, ` +
        `--label '${first(left)}:Escalation *' for those whose text or inverse text matches).\n`;
  if (adoption.objectTypes.length + adoption.events.length + labels.length === 0)
    return `Scope: ${scope}. Nothing in the account is in it yet: the project starts without resources.\n${notAdopted}`;
  const parts =
    adoption.objectTypes.length > 0 || labels.length === 0
      ? [
          `${adoption.properties} custom ${adoption.properties === 1 ? 'property' : 'properties'} of ${adoption.objectTypes.join(', ') || 'no object type'}`,
        ]
      : [];
  if (adoption.events.length > 0)
    parts.push(
      `${adoption.eventProperties} event ${adoption.eventProperties === 1 ? 'property' : 'properties'} of ${adoption.events.join(', ')}`,
    );
  if (labels.length > 0) parts.push(`the association labels of ${labels.join(', ')}`);
  return `Scope: ${scope}. Adopting ${parts.join('; ')}.\n${notAdopted}`;
}

/** `tickets->orders`: the first direction left out, for the example of the hint. */
function first(left: readonly [string, string][]): string {
  const [from = '', to = ''] = left[0] ?? [];
  return `${from}->${to}`;
}
