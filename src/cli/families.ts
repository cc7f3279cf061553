/**
 * The families the command line works with: the family list, installed into the engine when the command
 * line loads (a test may install another list afterwards), and the flags of `pull` and `init` the
 * families declare (what to read, and the managed scope to add within).
 */
import { Flags } from '@oclif/core';
import { installFamilies } from '../engine/installed.js';
import { ALL_FAMILIES } from '../families/all-families.js';

installFamilies(ALL_FAMILIES);

/** A repeatable string flag. */
function stringFlag(summary: string, helpValue: string) {
  return Flags.string({ summary, helpValue, multiple: true });
}

type StringFlags = Record<string, ReturnType<typeof stringFlag>>;

/** The flags naming what to read (`--object-type`, `--associations`, `--event`), in the order of the list. */
export function readFlags(): StringFlags {
  const flags: StringFlags = {};
  for (const family of ALL_FAMILIES)
    for (const flag of family.pull?.flags ?? []) flags[flag.name] = stringFlag(flag.summary, flag.helpValue);
  return flags;
}

/**
 * The flags giving a managed scope (`--prefix`, `--group`, `--label`), in the order messages list them:
 * of `pull` (the scope it adds within), or with `owns` of `init` (the scope the project owns).
 */
export function manageFlags(owns = false): StringFlags {
  const flags: StringFlags = {};
  const keys = ALL_FAMILIES.flatMap((family) => family.manage ?? []).sort(
    (a, b) => (a.flag?.rank ?? 0) - (b.flag?.rank ?? 0),
  );
  for (const { flag } of keys)
    if (flag !== undefined) flags[flag.name] = stringFlag(owns ? flag.owns : flag.summary, flag.helpValue);
  return flags;
}

/** The names of the flags of both kinds, for reading their values from parsed flags. */
export function familyFlagNames(): string[] {
  return [...Object.keys(readFlags()), ...Object.keys(manageFlags())];
}
