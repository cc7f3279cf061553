/**
 * A drift report as JSON (`drift --json`), described by `schemas/drift.schema.json`: 2-space indent,
 * a trailing newline, and keys in one fixed reading order whatever order the object was built in, so
 * the same report always prints the same bytes. Every key the document can hold is listed (keys inside
 * option changes and diagnostics' sources included), so nothing is dropped.
 */
import type { DriftDocument } from '../../drift/drift-report.js';
import { escapeJsonText } from '../common/safe-text.js';

const KEY_ORDER = [
  // the document
  'formatVersion',
  'drifted',
  'target',
  'baseline',
  'counts',
  'total',
  'edited',
  'missing',
  'unmanaged',
  'tombstoned',
  'notDeployed',
  'diagnostics',
  // target
  'baseUrl',
  'environment',
  'account',
  // the account
  'id',
  'name',
  'uiDomain',
  // baseline
  'ref',
  'commit',
  // entries
  'address',
  'kind',
  'label',
  'scope',
  'fix',
  'change',
  'action',
  'modified',
  'at',
  'by',
  'fields',
  'note',
  // a field (`declared` also of a missing limit)
  'field',
  'live',
  'declared',
  'options',
  // an option change
  'value',
  'option',
  'old',
  'new',
  'oldPosition',
  'newPosition',
  'oldDisplayOrder',
  'newDisplayOrder',
  'recordCount',
  // an option (in option changes and option lists)
  'description',
  'displayOrder',
  'hidden',
  // a diagnostic
  'level',
  'code',
  'message',
  'source',
  'hint',
  'file',
  'line',
  'col',
];

export function renderDriftJson(report: DriftDocument): string {
  return escapeJsonText(`${JSON.stringify(report, KEY_ORDER, 2)}\n`);
}
