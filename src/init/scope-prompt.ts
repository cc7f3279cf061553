/**
 * The question `init` asks on a terminal when no `--prefix` / `--group` is given: which groups and which
 * name prefixes the project owns (`policy.manage`). With an account (`init --pull`) it first lists what
 * the account holds, numbered: the groups holding custom properties (a built-in group marked so), and the
 * name prefixes of the custom properties (the first word and its underscore: `support_` of
 * `support_level`), with where they are found. Each answer takes numbers of its list, or names (a name
 * qualified by an object type, `tickets.support_`, counts for that object type only); an answer that is
 * neither is asked again.
 */
import { CrmSchemaError, isCrmSchemaError } from '../core/errors.js';
import { isEmptyManage, manageFromFlags, type ManageEntries } from '../pull/scope-flags.js';
import type { AccountFindings } from './discover.js';
import type { Terminal } from './terminal.js';

export interface OfferedGroup {
  /** qualified: `tickets.support` */
  entry: string;
  properties: number;
  builtIn: boolean;
}

export interface OfferedPrefix {
  /** unqualified: `support_` */
  entry: string;
  /** `tickets 2`, `event order_shipped 1` */
  places: { where: string; count: number }[];
}

export interface Offer {
  groups: OfferedGroup[];
  prefixes: OfferedPrefix[];
}

const ATTEMPTS = 3;

/** What the account offers to choose from. */
export function offerOf(found: AccountFindings): Offer {
  const groups: OfferedGroup[] = [];
  const prefixes = new Map<string, Map<string, number>>();
  const count = (name: string, where: string) => {
    const prefix = prefixOf(name);
    if (prefix === undefined) return;
    const places = prefixes.get(prefix) ?? new Map<string, number>();
    places.set(where, (places.get(where) ?? 0) + 1);
    prefixes.set(prefix, places);
  };
  for (const { objectType, properties, groups: own } of found.objectTypes) {
    for (const group of own) {
      groups.push({
        entry: `${objectType}.${group.name}`,
        properties: properties.filter((p) => p.groupName === group.name).length,
        builtIn: group.builtIn,
      });
    }
    for (const property of properties) count(property.name, objectType);
  }
  for (const event of found.events) for (const name of event.properties) count(name, `event ${event.name}`);
  return {
    groups: groups.sort((a, b) => compare(a.entry, b.entry)),
    prefixes: [...prefixes]
      .map(([entry, places]) => ({
        entry,
        // object types first, then event definitions, each by name
        places: [...places]
          .map(([where, n]) => ({ where, count: n }))
          .sort((a, b) => compare(placeKey(a.where), placeKey(b.where))),
      }))
      .sort((a, b) => compare(a.entry, b.entry)),
  };
}

function placeKey(where: string): string {
  return `${where.startsWith('event ') ? 1 : 0}${where}`;
}

/** `support_` of `support_level`; undefined for a name without a word before an underscore. */
function prefixOf(name: string): string | undefined {
  const underscore = name.indexOf('_');
  return underscore > 0 && underscore < name.length - 1 ? name.slice(0, underscore + 1) : undefined;
}

/** The list the person chooses from, numbered from 1 in each part. */
export function offerText(offer: Offer): string {
  const width = Math.max(
    0,
    ...offer.groups.map((g) => g.entry.length),
    ...offer.prefixes.map((p) => p.entry.length),
  );
  const lines = ['The account holds custom properties in these groups:'];
  if (offer.groups.length === 0) lines.push('  (none)');
  offer.groups.forEach((g, i) => {
    const what = `${g.properties} ${g.properties === 1 ? 'property' : 'properties'}`;
    lines.push(
      `  ${String(i + 1).padStart(2)}. ${g.entry.padEnd(width)}  ${what}${g.builtIn ? ' (a built-in group: only its custom properties are adopted)' : ''}`,
    );
  });
  lines.push('and with these name prefixes:');
  if (offer.prefixes.length === 0) lines.push('  (none)');
  offer.prefixes.forEach((p, i) => {
    const where = p.places.map((place) => `${place.where} ${place.count}`).join(', ');
    lines.push(`  ${String(i + 1).padStart(2)}. ${p.entry.padEnd(width)}  ${where}`);
  });
  return `${lines.join('\n')}\n`;
}

/**
 * Asks which groups and prefixes to own: numbers of `offer`'s lists (with an account) or names. An empty
 * choice is refused: init writes no project without a scope.
 */
export async function askScope(terminal: Terminal, offer?: Offer): Promise<ManageEntries> {
  if (offer === undefined) {
    terminal.say(
      'crm-schema manages only what the project owns: the custom properties in some groups or with some name ' +
        'prefixes (policy.manage in crm-schema.yaml). A group or prefix may be qualified by its object type ' +
        '(tickets.support_) to count for that object type only.\n',
    );
  } else {
    terminal.say(offerText(offer));
  }
  const groups = await askList(
    terminal,
    offer === undefined
      ? 'Groups to own (e.g. tickets.support; separated by commas; Enter: none): '
      : 'Groups to adopt (numbers or names, separated by commas; Enter: none): ',
    offer?.groups.map((g) => g.entry) ?? [],
    'groups',
  );
  const prefixes = await askList(
    terminal,
    offer === undefined
      ? 'Name prefixes to own (e.g. support_ or tickets.support_; separated by commas; Enter: none): '
      : 'Name prefixes to adopt (numbers or prefixes, separated by commas; Enter: none): ',
    offer?.prefixes.map((p) => p.entry) ?? [],
    'prefixes',
  );
  const manage = { groups: groups.groups, prefixes: prefixes.prefixes };
  if (isEmptyManage(manage)) {
    throw new CrmSchemaError('INIT_SCOPE_NEEDED', 'No group or prefix was chosen; nothing was written.', {
      hint: 'A project owns a scope: run init again and choose at least one, or give --prefix or --group.',
    });
  }
  return manage;
}

async function askList(
  terminal: Terminal,
  question: string,
  listed: readonly string[],
  kind: 'groups' | 'prefixes',
): Promise<ManageEntries> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await terminal.ask(question);
    try {
      const values = answer
        .split(/[\s,]+/)
        .filter((part) => part !== '')
        .map((part) => {
          if (!/^\d+$/.test(part)) return part;
          const entry = listed[Number(part) - 1];
          if (entry === undefined)
            throw new CrmSchemaError(
              'INIT_ANSWER_INVALID',
              `${part} is not a number of the list (1 to ${listed.length}).`,
            );
          return entry;
        });
      return manageFromFlags(kind === 'groups' ? { groups: values } : { prefixes: values }, {
        groups: 'group',
        prefixes: 'prefix',
      });
    } catch (error) {
      if (!isCrmSchemaError(error) || attempt >= ATTEMPTS) throw error;
      terminal.say(`${error.message}\n`);
    }
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Refuses early (before any call) when no scope is given and there is no terminal to ask on. */
export function assertScopeOrTerminal(given: ManageEntries, terminal: Terminal | undefined): void {
  if (!isEmptyManage(given) || terminal !== undefined) return;
  throw new CrmSchemaError(
    'INIT_SCOPE_NEEDED',
    'init writes the scope the project owns (policy.manage), and there is no terminal to ask which one; nothing was written.',
    {
      hint:
        'Give it with --prefix PREFIX or --group GROUP (repeatable; qualify one with an object type: ' +
        '--prefix tickets.support_, --group deals.finance), and the association labels it owns with --label ' +
        "(--label 'tickets->orders', --label 'contacts->companies:Escalation *').",
    },
  );
}

/** The scope given by flags, else the one the person chooses on the terminal (from `offer`, with an account). */
export async function chooseScope(
  given: ManageEntries,
  terminal: Terminal | undefined,
  offer?: Offer,
): Promise<ManageEntries> {
  assertScopeOrTerminal(given, terminal);
  if (!isEmptyManage(given) || terminal === undefined) return given;
  return askScope(terminal, offer);
}
