/**
 * The shapes of the answers the tool relies on, one small typed guard per endpoint shape, used by the
 * resources (src/api/resources) through `RequestSpec.expect`. A 2xx answer that does not fit fails the
 * call with BAD_RESPONSE naming the call and the first thing wrong (`results[3].name is not a string (a
 * number)`), instead of a TypeError somewhere later. Only what the tool reads is checked: unknown fields
 * and fields it never reads pass, so a platform adding or changing those breaks nothing.
 *
 * `ENVELOPE` is checked on every 2xx JSON answer, also of the plain `client.request`: where an answer
 * carries `results`, `errors` or `paging`, they are of the API's shapes (a list of objects, a list of
 * objects, an object with a string cursor).
 */
import type {
  AccountDetails,
  AssociatedRecord,
  AssociationLabel,
  AssociationLimitConfigAll,
  AssociationTypeConfig,
  BatchResponse,
  CollectionResponse,
  EventDefinition,
  EventDefinitionList,
  EventProperty,
  FullRecord,
  Property,
  PropertyGroup,
  RecordAssociationLink,
  RecordAssociationsOf,
  SearchResponse,
  SimpleRecord,
  UpsertedRecord,
} from '../wire/api.js';
import type { Page } from './paging.js';

/** One value's check: undefined when it fits, else what is wrong with it (`at` names it). */
export type Check = (value: unknown, at: string) => string | undefined;

/** A check of a whole answer that also tells TypeScript what a fitting answer is. */
export interface Shape<T> {
  /** undefined when the answer fits, else the first thing wrong with it */
  check(value: unknown): string | undefined;
  /** never set: carries the type */
  readonly type?: T;
}

export function shape<T>(check: Check): Shape<T> {
  return { check: (value) => check(value, '') };
}

function kind(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function wrong(at: string, wanted: string, value: unknown): string {
  return `${at === '' ? 'the answer' : at} is not ${wanted} (${kind(value)})`;
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const text: Check = (v, at) => (typeof v === 'string' ? undefined : wrong(at, 'a string', v));
export const number: Check = (v, at) =>
  typeof v === 'number' && Number.isFinite(v) ? undefined : wrong(at, 'a number', v);
export const integer: Check = (v, at) =>
  typeof v === 'number' && Number.isSafeInteger(v) ? undefined : wrong(at, 'a whole number', v);
export const positiveInteger: Check = (v, at) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 1
    ? undefined
    : wrong(at, 'a whole number above 0', v);
export const boolean: Check = (v, at) => (typeof v === 'boolean' ? undefined : wrong(at, 'true or false', v));
/** anything at all (the tool does not read it) */
export const anything: Check = () => undefined;

/** absent or null, or fits `check` */
export function optional(check: Check): Check {
  return (v, at) => (v === undefined || v === null ? undefined : check(v, at));
}

/** null, or fits `check` (but present) */
export function nullable(check: Check): Check {
  return (v, at) => (v === null ? undefined : check(v, at));
}

/** an object whose named fields fit their checks; other fields pass */
export function object(fields: Readonly<Record<string, Check>> = {}): Check {
  return (v, at) => {
    if (!isRecord(v)) return wrong(at, 'an object', v);
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(v[key], join(at, key));
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

export function list(item: Check): Check {
  return (v, at) => {
    if (!Array.isArray(v)) return wrong(at, 'a list', v);
    for (let i = 0; i < v.length; i++) {
      const problem = item(v[i], `${at === '' ? 'the answer' : at}[${i}]`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

/** empty (a 204), or fits `check` */
export function orNothing(check: Check): Check {
  return (v, at) => (v === undefined ? undefined : check(v, at));
}

// ---------------------------------------------------------------------------------------------
// the API's pieces
// ---------------------------------------------------------------------------------------------

const paging = optional(object({ next: optional(object({ after: text })) }));

const option = object({
  label: text,
  value: text,
  description: optional(text),
  displayOrder: optional(number),
  hidden: optional(boolean),
});

/** what the model reads of a property (src/engine/model/normalize-property.ts) */
const property = object({
  name: text,
  label: text,
  type: text,
  fieldType: text,
  groupName: text,
  description: optional(text),
  displayOrder: optional(number),
  options: optional(list(option)),
  calculationFormula: optional(text),
  dataSensitivity: optional(text),
  externalOptions: optional(boolean),
  referencedObjectType: optional(text),
  formField: optional(boolean),
  hasUniqueValue: optional(boolean),
  hidden: optional(boolean),
  numberDisplayHint: optional(nullable(text)),
  textDisplayHint: optional(nullable(text)),
  currencyPropertyName: optional(nullable(text)),
  showCurrencySymbol: optional(nullable(boolean)),
});

const group = object({ name: text, label: text, displayOrder: optional(number) });

/** a label list item and a configuration item: `label` is null for the unlabeled type */
const associationType = object({
  category: text,
  typeId: integer,
  label: nullable(text),
  name: optional(text),
  userEnforcedMaxToObjectIds: optional(number),
});

const eventProperty = object({
  name: text,
  label: text,
  type: text,
  description: optional(text),
  options: optional(list(option)),
});

const eventDefinition = object({
  name: optional(text),
  labels: object({ singular: text, plural: optional(text) }),
  description: optional(text),
  primaryObject: optional(text),
  objectTypeId: optional(text),
  properties: optional(list(eventProperty)),
});

const record = object({ id: text, properties: optional(object()) });

const associatedRecord = object({ associationTypes: list(associationType) });

const batchErrorItem = object({ context: optional(object()), errors: optional(list(object())) });

function batch(item: Check): Check {
  return object({ results: list(item), errors: optional(list(batchErrorItem)) });
}

function page(item: Check): Check {
  return object({ results: list(item), paging });
}

// ---------------------------------------------------------------------------------------------
// the answers, one per endpoint shape
// ---------------------------------------------------------------------------------------------

/** every 2xx JSON answer (see the top of this file) */
export const ENVELOPE: Shape<unknown> = shape((v, at) => {
  if (!isRecord(v)) return undefined;
  return object({
    results: optional(list(object())),
    errors: optional(list(object())),
    paging,
  })(v, at);
});

export const PROPERTY = shape<Property>(property);
export const PROPERTY_LIST = shape<{ results: Property[] }>(object({ results: list(property) }));
export const PROPERTY_BATCH = shape<BatchResponse<Property>>(batch(property));

export const GROUP = shape<PropertyGroup>(group);
export const GROUP_LIST = shape<{ results: PropertyGroup[] }>(object({ results: list(group) }));

export const LABEL_LIST = shape<{ results: AssociationLabel[] }>(object({ results: list(associationType) }));
export const TYPE_CONFIG_LIST = shape<{ results: AssociationTypeConfig[] }>(
  object({ results: list(associationType) }),
);
export const TYPE_CONFIG_ALL = shape<{ results: AssociationLimitConfigAll[] }>(
  object({
    results: list(
      object({ fromObjectTypeId: optional(text), toObjectTypeId: optional(text), typeId: integer }),
    ),
  }),
);
export const TYPE_CONFIG_BATCH = shape<BatchResponse<AssociationTypeConfig>>(batch(associationType));

export const EVENT_DEFINITION = shape<EventDefinition>(eventDefinition);
export const EVENT_DEFINITION_LIST = shape<EventDefinitionList>(page(eventDefinition));
export const EVENT_PROPERTY = shape<EventProperty>(eventProperty);

export const RECORD = shape<SimpleRecord>(record);
export const FULL_RECORD = shape<FullRecord>(record);
export const RECORD_PAGE = shape<CollectionResponse<FullRecord>>(page(record));
export const RECORD_BATCH = shape<BatchResponse<SimpleRecord>>(batch(record));
export const UPSERT_BATCH = shape<BatchResponse<UpsertedRecord>>(batch(record));
export const SEARCH_PAGE = shape<SearchResponse>(object({ total: number, results: list(record), paging }));

export const LINK = shape<RecordAssociationLink>(object());
export const LINK_BATCH = shape<BatchResponse<RecordAssociationLink>>(batch(object()));
export const ASSOCIATED_PAGE = shape<Page<AssociatedRecord>>(page(associatedRecord));
export const ASSOCIATIONS_OF_BATCH = shape<BatchResponse<RecordAssociationsOf>>(
  batch(object({ to: list(associatedRecord) })),
);

/** what the tool reads of the account details: the id, and the name and web host it shows */
export const ACCOUNT_DETAILS = shape<AccountDetails>(
  object({ portalId: positiveInteger, portalName: optional(text), uiDomain: optional(text) }),
);

/** batch endpoints that answer 204, or a batch answer with per-item errors */
export const NO_RESULTS_BATCH = shape<BatchResponse<never> | undefined>(orNothing(batch(object())));
/** any batch answer (batching.ts checks what a caller's own `send` returned) */
export const ANY_BATCH = shape<BatchResponse<unknown>>(batch(anything));
