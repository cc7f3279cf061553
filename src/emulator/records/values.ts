/**
 * Checks one property value against its definition and normalises it to the string the platform
 * stores: numbers as written, booleans lower-case, dates `YYYY-MM-DD`, datetimes ISO 8601 in UTC.
 * Pure: no state, so it is unit-tested directly.
 */
import { own } from '../../core/own.js';
import type { Property } from '../../wire/api.js';

export const MAX_STRING_LENGTH = 65_536;

export type ValueResult = { ok: true; value: string } | { ok: false; code: string; message: string };

type Checker = (raw: string, def: Property) => ValueResult;

const ok = (value: string): ValueResult => ({ ok: true, value });
const fail = (code: string, message: string): ValueResult => ({ ok: false, code, message });
const show = (raw: string): string => `'${raw.length > 60 ? `${raw.slice(0, 60)}...` : raw}'`;

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const EPOCH_MS = /^-?\d{1,16}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;
const DAY_MS = 86_400_000;

function checkNumber(raw: string, def: Property): ValueResult {
  const text = raw.trim();
  if (NUMBER.test(text) && Number.isFinite(Number(text))) return ok(text);
  return fail('INVALID_INTEGER', `${show(raw)} is not a valid number for property "${def.name}".`);
}

function checkBool(raw: string, def: Property): ValueResult {
  const text = raw.trim().toLowerCase();
  if (text === 'true' || text === 'false') return ok(text);
  return fail(
    'INVALID_BOOLEAN_OPTION',
    `${show(raw)} is not a valid value for boolean property "${def.name}"; use 'true' or 'false'.`,
  );
}

/** `YYYY-MM-DD` of a real calendar day, or null. */
function calendarDay(text: string): string | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? text : null;
}

function checkDate(raw: string, def: Property): ValueResult {
  const text = raw.trim();
  const day = calendarDay(text);
  if (day) return ok(day);
  if (EPOCH_MS.test(text) && Number(text) % DAY_MS === 0) {
    return ok(new Date(Number(text)).toISOString().slice(0, 10));
  }
  return fail(
    'INVALID_DATE',
    `${show(raw)} is not a valid date for property "${def.name}"; use YYYY-MM-DD or the epoch milliseconds of a midnight UTC.`,
  );
}

function checkDatetime(raw: string, def: Property): ValueResult {
  const text = raw.trim();
  if (EPOCH_MS.test(text)) {
    const date = new Date(Number(text));
    if (!Number.isNaN(date.getTime())) return ok(date.toISOString());
  }
  const [, day, time, zone = 'Z'] = DATETIME.exec(text) ?? [];
  if (day !== undefined && calendarDay(day)) {
    // no zone means UTC (JavaScript would read a zoneless time as local time)
    const iso = time ? `${day}T${time}${zone}` : `${day}T00:00:00Z`;
    const date = new Date(iso);
    if (!Number.isNaN(date.getTime())) return ok(date.toISOString());
  }
  return fail(
    'INVALID_DATE',
    `${show(raw)} is not a valid datetime for property "${def.name}"; use ISO 8601 (2024-01-31T12:00:00Z) or epoch milliseconds.`,
  );
}

function checkEnumeration(raw: string, def: Property): ValueResult {
  // options filled dynamically (owners) are not known to the emulator: any value is accepted
  if (def.externalOptions === true) return ok(raw);
  const multiple = def.fieldType === 'checkbox';
  const wanted = multiple ? raw.split(';').filter((v) => v !== '') : [raw];
  const bad = wanted.filter((v) => !def.options.some((o) => o.value === v));
  if (bad.length === 0) return ok(wanted.join(';'));
  const valid = def.options.slice(0, 20).map((o) => `'${o.value}'`);
  const more = def.options.length > 20 ? ', ...' : '';
  return fail(
    'INVALID_OPTION',
    `${bad.map(show).join(', ')} ${bad.length > 1 ? 'are not valid options' : 'is not a valid option'} for property "${def.name}"; valid options: ${valid.join(', ') || 'none'}${more}${multiple ? " (separate several with ';')" : ''}.`,
  );
}

function checkString(raw: string, def: Property): ValueResult {
  if (raw.length <= MAX_STRING_LENGTH) return ok(raw);
  return fail(
    'INVALID_STRING_LENGTH',
    `The value of property "${def.name}" is ${raw.length} characters long; at most ${MAX_STRING_LENGTH} are allowed.`,
  );
}

const CHECKERS: Readonly<Record<string, Checker>> = {
  number: checkNumber,
  bool: checkBool,
  date: checkDate,
  datetime: checkDatetime,
  enumeration: checkEnumeration,
  string: checkString,
  phone_number: checkString,
};

/** Checks a non-empty value (an empty string clears and is never checked). */
export function checkValue(def: Property, raw: string): ValueResult {
  const checker = own(CHECKERS, def.type) ?? checkString;
  return checker(raw, def);
}

/** A property whose value only the CRM sets. */
export function isReadOnlyValue(def: Property): boolean {
  return def.modificationMetadata?.readOnlyValue === true || def.fieldType === 'calculation_equation';
}

/** Write values may be JSON numbers or booleans (the platform coerces them); null clears like ''. */
export function toRawValue(value: unknown): string | undefined {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}
