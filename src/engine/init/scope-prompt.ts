/**
 * The question `init` asks on a terminal when no manage flag (`--prefix`, `--group`) is given: which
 * entries of each manage key that has a prompt the project owns (`policy.manage`). With an account
 * (`init --pull`) it first lists what the account holds, numbered per key, as the families offer it (the
 * groups holding custom properties, the name prefixes with where they are found). Each answer takes
 * numbers of its list, or entries (an entry qualified by an object type, `tickets.support_`, counts for
 * that object type only); an answer that is neither is asked again.
 */
import { CrmSchemaError, isCrmSchemaError } from '../../core/errors.js';
import type { ManageKey } from '../family.js';
import type { AdoptOffer } from '../pull-part.js';
import { families } from '../installed.js';
import { isEmptyManage, manageFromFlags, manageKeys, type ManageEntries } from '../pull/scope-flags.js';
import type { AccountFindings } from './discover.js';
import type { Terminal } from './terminal.js';

/** What the account offers to choose from, per manage key: entries with what they hold, sorted. */
export type Offer = ReadonlyMap<string, { entry: string; detail: string }[]>;

const ATTEMPTS = 3;

type Prompted = ManageKey & {
  prompt: NonNullable<ManageKey['prompt']>;
  flag: NonNullable<ManageKey['flag']>;
};

function promptedKeys(): Prompted[] {
  return manageKeys().filter((k): k is Prompted => k.prompt !== undefined && k.flag !== undefined);
}

/** What the account offers: each family's offers, the places of one entry found by several put together. */
export function offerOf(found: AccountFindings): Offer {
  const byEntry = new Map<string, AdoptOffer>();
  for (const family of families()) {
    const adopt = family.pull?.adopt;
    if (adopt?.offers === undefined || !found.has(family.name)) continue;
    for (const offer of adopt.offers(found.get(family.name))) {
      const id = `${offer.key} ${offer.entry}`;
      const known = byEntry.get(id);
      if (known === undefined)
        byEntry.set(id, { ...offer, ...(offer.places ? { places: [...offer.places] } : {}) });
      else known.places = [...(known.places ?? []), ...(offer.places ?? [])];
    }
  }
  const out = new Map<string, { entry: string; detail: string }[]>();
  for (const { key } of promptedKeys()) out.set(key, []);
  for (const offer of byEntry.values()) {
    const places = [...(offer.places ?? [])].sort((a, b) => a.order - b.order || compare(a.where, b.where));
    const detail = offer.detail ?? places.map((place) => `${place.where} ${place.count}`).join(', ');
    out.get(offer.key)?.push({ entry: offer.entry, detail });
  }
  for (const list of out.values()) list.sort((a, b) => compare(a.entry, b.entry));
  return out;
}

/** The list the person chooses from, numbered from 1 in each part. */
export function offerText(offer: Offer): string {
  const width = Math.max(0, ...[...offer.values()].flatMap((list) => list.map((o) => o.entry.length)));
  const lines: string[] = [];
  for (const { key, prompt } of promptedKeys()) {
    const list = offer.get(key) ?? [];
    lines.push(prompt.heading);
    if (list.length === 0) lines.push('  (none)');
    list.forEach((o, i) =>
      lines.push(`  ${String(i + 1).padStart(2)}. ${o.entry.padEnd(width)}  ${o.detail}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Asks which entries to own, key by key: numbers of `offer`'s lists (with an account) or entries. An empty
 * choice is refused: init writes no project without a scope.
 */
export async function askScope(terminal: Terminal, offer?: Offer): Promise<ManageEntries> {
  const keys = promptedKeys();
  if (offer === undefined) {
    const intro = keys.find((k) => k.prompt.intro !== undefined)?.prompt.intro;
    if (intro !== undefined) terminal.say(`${intro}\n`);
  } else {
    terminal.say(offerText(offer));
  }
  const manage: Record<string, string[]> = {};
  for (const key of keys) {
    const listed = offer?.get(key.key)?.map((o) => o.entry) ?? [];
    manage[key.key] = await askList(
      terminal,
      offer === undefined ? key.prompt.askOwn : key.prompt.ask,
      listed,
      key,
    );
  }
  if (isEmptyManage(manage)) {
    const nouns = keys.map((k) => k.prompt.noun);
    const flags = [...keys].sort((a, b) => a.flag.rank - b.flag.rank).map((k) => `--${k.flag.name}`);
    throw new CrmSchemaError(
      'INIT_SCOPE_NEEDED',
      `No ${nouns.join(' or ')} was chosen; nothing was written.`,
      {
        hint: `A project owns a scope: run init again and choose at least one, or give ${flags.join(' or ')}.`,
      },
    );
  }
  return manage;
}

async function askList(
  terminal: Terminal,
  question: string,
  listed: readonly string[],
  key: Prompted,
): Promise<string[]> {
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
      return manageFromFlags({ [key.flag.name]: values }, (flag) => flag)[key.key] ?? [];
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
  const flagged = manageKeys()
    .filter((k): k is ManageKey & { flag: NonNullable<ManageKey['flag']> } => k.flag !== undefined)
    .sort((a, b) => a.flag.rank - b.flag.rank);
  const prompted = flagged.filter((k) => k.prompt !== undefined);
  const others = flagged.filter((k) => k.prompt === undefined);
  throw new CrmSchemaError(
    'INIT_SCOPE_NEEDED',
    'init writes the scope the project owns (policy.manage), and there is no terminal to ask which one; nothing was written.',
    {
      hint:
        `Give it with ${prompted.map((k) => `--${k.flag.name} ${k.flag.helpValue}`).join(' or ')} (repeatable; ` +
        `${prompted.flatMap((k) => (k.flag.guide === undefined ? [] : [k.flag.guide])).join(', ')})` +
        others.flatMap((k) => (k.flag.guide === undefined ? [] : [`, and ${k.flag.guide}`])).join('') +
        '.',
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
