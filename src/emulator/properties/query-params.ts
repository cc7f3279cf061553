/**
 * Query parameters of the property and group reads. Fastify's parser gives a string, or an array
 * when a parameter repeats. Unknown parameters (e.g. `locale`) are accepted and ignored.
 */
import { DATA_SENSITIVITIES, type DataSensitivity } from '../../wire/api.js';
import { validationError } from '../errors.js';

export type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | undefined {
  const raw = query[name];
  return Array.isArray(raw) ? raw[raw.length - 1] : raw;
}

/** `archived=true|false` (default false); anything else is a 400 naming the parameter. */
export function readArchived(query: Query): boolean {
  const raw = single(query, 'archived');
  if (raw === undefined || raw === '') return false;
  const lower = raw.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  throw validationError(`The query parameter archived must be true or false, not '${raw}'.`, [
    { message: 'archived must be true or false.', code: 'INVALID_BOOLEAN', in: 'archived' },
  ]);
}

export function isDataSensitivity(value: unknown): value is DataSensitivity {
  return typeof value === 'string' && (DATA_SENSITIVITIES as readonly string[]).includes(value);
}

/** `dataSensitivity`; absent means `non_sensitive`, as on the platform's property list. */
export function readDataSensitivity(query: Query): DataSensitivity {
  const raw = single(query, 'dataSensitivity');
  if (raw === undefined || raw === '') return 'non_sensitive';
  if (isDataSensitivity(raw)) return raw;
  throw validationError(
    `The query parameter dataSensitivity must be one of ${DATA_SENSITIVITIES.join(', ')}, not '${raw}'.`,
    [{ message: 'Unknown dataSensitivity.', code: 'INVALID_DATA_SENSITIVITY', in: 'dataSensitivity' }],
  );
}

/** A comma-separated (or repeated) list parameter such as `properties`; undefined when absent. */
export function readNameList(query: Query, name: string): Set<string> | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(','));
  const names = parts.map((s) => s.trim()).filter(Boolean);
  return names.length > 0 ? new Set(names) : undefined;
}
