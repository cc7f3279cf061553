/**
 * Bad requests to the v4 record association endpoints, added to the table of
 * bad-requests.test.ts: none may answer 500.
 */
import { raw, type BadRequest } from './bad-request-cases.js';

const LINK = '/crm/v4/objects/tickets/1/associations/orders/2';
const BATCH = '/crm/v4/associations/tickets/orders/batch';
const types = [{ associationCategory: 'PLATFORM_DEFINED', associationTypeId: 27 }];
const inputs = (n: number, input: unknown) => ({ inputs: Array.from({ length: n }, () => input) });

export const V4_RECORD_ASSOCIATION_CASES: BadRequest[] = [
  {
    name: 'v4 link: malformed JSON',
    method: 'PUT',
    path: LINK,
    body: raw('[{"associationTypeId":'),
    status: 400,
    message: 'Invalid input JSON',
  },
  { name: 'v4 link: body an object', method: 'PUT', path: LINK, body: { types }, status: 400 },
  { name: 'v4 link: body null', method: 'PUT', path: LINK, body: null, status: 400 },
  { name: 'v4 link: no body', method: 'PUT', path: LINK, status: 400 },
  { name: 'v4 link: an empty array', method: 'PUT', path: LINK, body: [], status: 400 },
  {
    name: 'v4 link: typeId not a number',
    method: 'PUT',
    path: LINK,
    body: [{ associationCategory: 'PLATFORM_DEFINED', associationTypeId: 'abc' }],
    status: 400,
    category: 'VALIDATION_ERROR',
  },
  {
    name: 'v4 link: unknown type id',
    method: 'PUT',
    path: LINK,
    body: [{ associationCategory: 'USER_DEFINED', associationTypeId: 1e12 }],
    status: 400,
  },
  {
    name: 'v4 link: unknown object type',
    method: 'PUT',
    path: '/crm/v4/objects/widgets/1/associations/orders/2',
    body: types,
    status: 400,
  },
  {
    name: 'v4 link: unknown to object type',
    method: 'DELETE',
    path: '/crm/v4/objects/tickets/1/associations/__proto__/2',
    status: 400,
  },
  {
    name: 'v4 link: missing records',
    method: 'PUT',
    path: '/crm/v4/objects/tickets/constructor/associations/orders/%00',
    body: types,
    status: 404,
    category: 'OBJECT_NOT_FOUND',
  },
  {
    name: 'v4 list: limit over 500',
    method: 'GET',
    path: '/crm/v4/objects/tickets/1/associations/orders?limit=501',
    status: 400,
  },
  {
    name: 'v4 list: after not a cursor',
    method: 'GET',
    path: '/crm/v4/objects/tickets/1/associations/orders?after=x',
    status: 400,
  },
  {
    name: 'v4 batch read: inputs a string',
    method: 'POST',
    path: `${BATCH}/read`,
    body: { inputs: 'x' },
    status: 400,
  },
  {
    name: 'v4 batch read: id a number',
    method: 'POST',
    path: `${BATCH}/read`,
    body: inputs(1, { id: 1 }),
    status: 400,
  },
  {
    name: 'v4 batch read: 1,001 inputs',
    method: 'POST',
    path: `${BATCH}/read`,
    body: inputs(1001, { id: '1' }),
    status: 400,
    message: 'at most 1000',
  },
  {
    name: 'v4 batch create: malformed JSON',
    method: 'POST',
    path: `${BATCH}/create`,
    body: raw('{"inputs":[{'),
    status: 400,
  },
  {
    name: 'v4 batch create: types not an array',
    method: 'POST',
    path: `${BATCH}/create`,
    body: inputs(1, { from: { id: '1' }, to: { id: '2' }, types: 27 }),
    status: 400,
  },
  {
    name: 'v4 batch create: typeId not a number',
    method: 'POST',
    path: `${BATCH}/create`,
    body: inputs(1, { from: { id: '1' }, to: { id: '2' }, types: [{ associationTypeId: '27' }] }),
    status: 400,
  },
  {
    name: 'v4 batch create: 101 inputs',
    method: 'POST',
    path: `${BATCH}/create`,
    body: inputs(101, { from: { id: '1' }, to: { id: '2' }, types }),
    status: 400,
    message: 'at most 100',
  },
  {
    name: 'v4 batch archive: to not an array',
    method: 'POST',
    path: `${BATCH}/archive`,
    body: inputs(1, { from: { id: '1' }, to: { id: '2' } }),
    status: 400,
  },
  {
    name: 'v4 batch archive: from missing',
    method: 'POST',
    path: `${BATCH}/archive`,
    body: inputs(1, { to: [{ id: '2' }] }),
    status: 400,
  },
  {
    name: 'v4 batch archive: JSON null body',
    method: 'POST',
    path: `${BATCH}/archive`,
    body: null,
    status: 400,
  },
  {
    name: 'v4 batch archive: 101 inputs',
    method: 'POST',
    path: `${BATCH}/archive`,
    body: inputs(101, { from: { id: '1' }, to: [{ id: '2' }] }),
    status: 400,
  },
  {
    name: 'v4 batch: unknown object type',
    method: 'POST',
    path: '/crm/v4/associations/tickets/widgets/batch/read',
    body: inputs(1, { id: '1' }),
    status: 400,
  },
];
