/**
 * The usable entries of shape-checked documents into the items: per kind of document, the entries of its
 * lists and blocks (its family says which), and the object types it names. Entries a blocking shape error
 * broke are left out (their error is already reported).
 */
import { locate } from '../../core/source/locate.js';
import type { ParsedDocument } from '../../core/source/parse-yaml.js';
import type { SourceLocation } from '../../core/source/source-location.js';
import { documentKindNamed } from './schema/document-kinds.js';
import type { ShapeResult } from './schema/shape.js';
import type { DocumentItem, EntryRef, ManifestItems } from './model/items.js';

function push(items: ManifestItems, item: DocumentItem): void {
  const key = `${item.kind} ${item.list}`;
  const list = items.lists.get(key);
  if (list === undefined) items.lists.set(key, [item]);
  else list.push(item);
}

/** Reads the locations `at(ref)` and `at(ref, key)` give, so the document's tree can be released. */
function withSpots(ref: EntryRef, entry: unknown): EntryRef {
  const values = new Map<string, SourceLocation>();
  if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
    for (const key of Object.keys(entry)) values.set(key, locate(ref.document, [...ref.path, key]));
  }
  return { ...ref, spots: { self: locate(ref.document, ref.path), values } };
}

/** Adds the usable entries of one shape-checked document to `items`. */
export function collectItems(document: ParsedDocument, shape: ShapeResult, items: ManifestItems): void {
  const kind = shape.kind === undefined ? undefined : documentKindNamed(shape.kind);
  if (shape.documentBlocked || kind === undefined) return;
  const data = document.data as Record<string, unknown>;
  for (const key of kind.objectTypeKeys ?? []) {
    const name = data[key];
    if (typeof name === 'string') items.objectTypes.push({ name, key, at: locate(document, [key]) });
  }
  // a broken block blocks the whole document, so one that is here has the right shape
  for (const key of kind.blocks ?? []) {
    const entry = data[key];
    if (entry === undefined) continue;
    push(items, {
      kind: kind.kind,
      list: key,
      data,
      entry,
      ref: withSpots({ document, path: [key] }, entry),
    });
  }
  for (const { key } of kind.lists) {
    const entries = data[key];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, index) => {
      if (shape.blockedEntries.has(`${key}/${index}`)) return;
      push(items, {
        kind: kind.kind,
        list: key,
        data,
        entry,
        ref: withSpots({ document, path: [key, index] }, entry),
      });
    });
  }
}
