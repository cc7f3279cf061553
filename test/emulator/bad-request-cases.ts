/**
 * The table of bad requests for bad-requests.test.ts: each with the status the emulator must answer
 * (always with the platform's error body). Bodies are sent as JSON unless wrapped in `raw()`.
 */
export const TOKEN = 'test-token';

export interface BadRequest {
  name: string;
  method: string;
  path: string;
  /** a raw body (sent as is) or a value sent as JSON */
  body?: unknown;
  /** replaces the default headers (bearer token, JSON content type) */
  headers?: Record<string, string>;
  status: number;
  category?: string;
  /** a part of the message */
  message?: string;
}

export const raw = (text: string) => ({ raw: text });
export const isRaw = (body: unknown): body is { raw: string } =>
  typeof body === 'object' && body !== null && 'raw' in body;

const property = {
  name: 'bad_req_prop',
  label: 'Bad',
  type: 'string',
  fieldType: 'text',
  groupName: 'ticketinformation',
};

export const CASES: BadRequest[] = [
  // routes and methods
  {
    name: 'unknown route',
    method: 'GET',
    path: '/crm/v3/nothing',
    status: 404,
    category: 'OBJECT_NOT_FOUND',
  },
  { name: 'unknown method on a known path', method: 'PUT', path: '/crm/v3/objects/tickets', status: 404 },
  { name: 'OPTIONS', method: 'OPTIONS', path: '/crm/v3/objects/tickets', status: 404 },
  { name: 'double slash', method: 'GET', path: '//crm/v3/objects/tickets', status: 404 },
  { name: 'unknown object type', method: 'GET', path: '/crm/v3/objects/widgets', status: 400 },
  {
    name: 'path traversal as object type',
    method: 'GET',
    path: '/crm/v3/objects/..%2F..%2Fetc/1',
    status: 400,
  },
  { name: 'path traversal as record id', method: 'GET', path: '/crm/v3/objects/tickets/..%2Fx', status: 404 },
  { name: 'unicode object type', method: 'GET', path: '/crm/v3/properties/%E2%98%83', status: 400 },
  {
    name: 'unicode property name',
    method: 'GET',
    path: '/crm/v3/properties/tickets/%C3%A9t%C3%A9',
    status: 404,
  },
  { name: '__proto__ object type', method: 'GET', path: '/crm/v3/objects/__proto__', status: 400 },
  { name: 'constructor record id', method: 'GET', path: '/crm/v3/objects/tickets/constructor', status: 404 },
  {
    name: 'constructor property',
    method: 'GET',
    path: '/crm/v3/properties/tickets/constructor',
    status: 404,
  },
  { name: 'NUL in a record id', method: 'GET', path: '/crm/v3/objects/tickets/%00', status: 404 },
  {
    name: 'bad percent-encoding in the path',
    method: 'GET',
    path: '/crm/v3/objects/tickets/%zz',
    status: 400,
    message: 'not a valid URL',
  },
  {
    name: 'a very long property name in the path',
    method: 'GET',
    path: `/crm/v3/properties/tickets/${'a'.repeat(5000)}`,
    status: 404,
  },
  {
    name: 'a very long event name in the path',
    method: 'DELETE',
    path: `/events/v3/event-definitions/${'e'.repeat(3000)}/property/x`,
    status: 404,
  },
  // query strings
  { name: 'limit not a number', method: 'GET', path: '/crm/v3/objects/tickets?limit=abc', status: 400 },
  { name: 'limit over 100', method: 'GET', path: '/crm/v3/objects/tickets?limit=101', status: 400 },
  { name: 'after not a cursor', method: 'GET', path: '/crm/v3/objects/tickets?after=x', status: 400 },
  { name: 'archived not a boolean', method: 'GET', path: '/crm/v3/objects/tickets?archived=1', status: 400 },
  {
    name: 'bad dataSensitivity',
    method: 'GET',
    path: '/crm/v3/properties/tickets?dataSensitivity=x',
    status: 400,
  },
  { name: 'event list limit 0', method: 'GET', path: '/events/v3/event-definitions?limit=0', status: 400 },
  {
    name: 'non-unique idProperty',
    method: 'GET',
    path: '/crm/v3/objects/tickets/1?idProperty=subject',
    status: 400,
  },
  {
    name: 'label id not a number',
    method: 'DELETE',
    path: '/crm/v4/associations/tickets/orders/labels/abc',
    status: 400,
  },
  // bodies: malformed, wrong JSON type, missing, wrong media type
  {
    name: 'malformed JSON',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: raw('{"properties":'),
    status: 400,
    message: 'Invalid input JSON',
  },
  { name: 'JSON array body', method: 'POST', path: '/crm/v3/objects/tickets', body: [1, 2], status: 400 },
  { name: 'JSON number body', method: 'POST', path: '/crm/v3/properties/tickets', body: 42, status: 400 },
  {
    name: 'JSON null body',
    method: 'POST',
    path: '/crm/v3/objects/tickets/batch/read',
    body: null,
    status: 400,
  },
  {
    name: 'JSON string body',
    method: 'PATCH',
    path: '/crm/v3/properties/tickets/subject',
    body: 'x',
    status: 400,
  },
  {
    name: 'JSON null search body',
    method: 'POST',
    path: '/crm/v3/objects/tickets/search',
    body: null,
    status: 400,
  },
  {
    name: 'missing body',
    method: 'POST',
    path: '/crm/v3/objects/tickets/batch/create',
    body: raw(''),
    status: 400,
  },
  {
    name: '__proto__ key',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: raw('{"__proto__":{"a":1}}'),
    status: 400,
    message: '__proto__',
  },
  {
    name: 'a byte-order mark before JSON',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: raw('\uFFFE{'),
    status: 400,
  },
  {
    name: 'text/plain body',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: raw('subject=x'),
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'text/plain' },
    status: 415,
  },
  // bodies: wrong field types
  {
    name: 'properties an array',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: { properties: ['x'] },
    status: 400,
  },
  {
    name: 'property value an object',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: { properties: { subject: { a: 1 } } },
    status: 400,
  },
  {
    name: 'unknown property',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: { properties: { nope: 'x' } },
    status: 400,
    message: 'nope',
  },
  {
    name: 'text for a number property',
    method: 'POST',
    path: '/crm/v3/objects/orders',
    body: { properties: { hs_total_price: 'ten' } },
    status: 400,
  },
  {
    name: 'associations a string',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: { associations: 'x' },
    status: 400,
  },
  {
    name: 'association type id a string',
    method: 'POST',
    path: '/crm/v3/objects/tickets',
    body: {
      associations: [
        { to: { id: '1' }, types: [{ associationCategory: 'PLATFORM_DEFINED', associationTypeId: '27' }] },
      ],
    },
    status: 400,
  },
  {
    name: 'inputs not an array',
    method: 'POST',
    path: '/crm/v3/objects/tickets/batch/update',
    body: { inputs: 'x' },
    status: 400,
  },
  {
    name: 'inputs of null',
    method: 'POST',
    path: '/crm/v3/objects/tickets/batch/archive',
    body: { inputs: [null] },
    status: 400,
  },
  {
    name: 'input id a number',
    method: 'POST',
    path: '/crm/v3/objects/tickets/batch/read',
    body: { inputs: [{ id: 1 }] },
    status: 400,
  },
  {
    name: '101 inputs',
    method: 'POST',
    path: '/crm/v3/objects/tickets/batch/create',
    body: { inputs: Array.from({ length: 101 }, () => ({ properties: {} })) },
    status: 400,
  },
  {
    name: 'search limit a string',
    method: 'POST',
    path: '/crm/v3/objects/tickets/search',
    body: { limit: '5' },
    status: 400,
  },
  {
    name: 'search IN values of objects',
    method: 'POST',
    path: '/crm/v3/objects/tickets/search',
    body: { filterGroups: [{ filters: [{ propertyName: 'subject', operator: 'IN', values: [{ a: 1 }] }] }] },
    status: 400,
  },
  {
    name: 'property type a number',
    method: 'POST',
    path: '/crm/v3/properties/tickets',
    body: { ...property, type: 5 },
    status: 400,
  },
  {
    name: 'property options not an array',
    method: 'POST',
    path: '/crm/v3/properties/tickets',
    body: { ...property, type: 'enumeration', fieldType: 'select', options: 'a' },
    status: 400,
  },
  {
    name: 'property name of 101 characters',
    method: 'POST',
    path: '/crm/v3/properties/tickets',
    body: { ...property, name: 'p'.repeat(101) },
    status: 400,
  },
  {
    name: 'property batch read name a number',
    method: 'POST',
    path: '/crm/v3/properties/tickets/batch/read',
    body: { inputs: [{ name: 1 }] },
    status: 400,
  },
  {
    name: 'group displayOrder a string',
    method: 'POST',
    path: '/crm/v3/properties/tickets/groups',
    body: { name: 'g_bad', label: 'G', displayOrder: '1' },
    status: 400,
  },
  {
    name: 'label name with a hyphen',
    method: 'POST',
    path: '/crm/v4/associations/tickets/orders/labels',
    body: { name: 'a-b', label: 'X' },
    status: 400,
  },
  {
    name: 'limit batch inputs a number',
    method: 'POST',
    path: '/crm/v4/associations/definitions/configurations/tickets/orders/batch/create',
    body: { inputs: 7 },
    status: 400,
  },
  {
    name: 'event label missing',
    method: 'POST',
    path: '/events/v3/event-definitions',
    body: { name: 'x' },
    status: 400,
  },
  {
    name: 'property of a missing event',
    method: 'POST',
    path: '/events/v3/event-definitions/nothing/property',
    body: { label: 'L', type: 'bool' },
    status: 404,
  },
  // auth
  {
    name: 'no token',
    method: 'GET',
    path: '/crm/v3/objects/tickets',
    headers: {},
    status: 401,
    category: 'INVALID_AUTHENTICATION',
  },
  {
    name: 'basic auth',
    method: 'GET',
    path: '/crm/v3/objects/tickets',
    headers: { authorization: 'Basic dDE=' },
    status: 401,
  },
];
