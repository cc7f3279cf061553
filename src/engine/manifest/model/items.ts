/**
 * The entries of shape-checked documents, each with a reference to its YAML node and the document it is
 * in, ready for the families' declarations and the semantic rules. Entries a blocking shape error broke are left out
 * (their error is already reported).
 */
import { locate } from '../../../core/source/locate.js';
import { formatPath } from '../../../core/source/locate.js';
import type { PathSegment } from '../../../core/source/locate.js';
import type { DiagnosticInput, DiagnosticSink } from '../../../core/source/diagnostics.js';
import type { ParsedDocument } from '../../../core/source/parse-yaml.js';
import type { SourceLocation } from '../../../core/source/source-location.js';

/** Where an entry sits: its document and its key path there. */
export interface EntryRef {
  document: ParsedDocument;
  path: readonly PathSegment[];
  /** the entry's location and those of its keys' values, read before the document's tree is released */
  spots?: EntrySpots;
}

interface EntrySpots {
  self: SourceLocation;
  values: Map<string, SourceLocation>;
}

/** One entry of a document: of which kind and list (or block), in which document (its header keys). */
export interface DocumentItem<E = unknown> {
  /** the document's kind */
  kind: string;
  /** the list the entry is in, or the key of the block it is */
  list: string;
  /** the document's data (what it is about: its `objectType`, `from` and `to`, `eventName`) */
  data: Readonly<Record<string, unknown>>;
  entry: E;
  ref: EntryRef;
}

/** An object type a document names (`objectType`, or an association's `from` / `to`), where it is written. */
export interface ObjectTypeItem {
  name: string;
  /** the key that names it: `objectType`, `from`, `to` */
  key: string;
  at: SourceLocation;
}

export interface ManifestItems {
  /** by `<kind> <list>`, in the order read */
  lists: Map<string, DocumentItem[]>;
  objectTypes: ObjectTypeItem[];
}

export function emptyItems(): ManifestItems {
  return { lists: new Map(), objectTypes: [] };
}

/** The entries of one list (or block) of one kind of document, in the order read. */
export function entriesOf<E>(items: ManifestItems, kind: string, list: string): DocumentItem<E>[] {
  return (items.lists.get(`${kind} ${list}`) ?? []) as DocumentItem<E>[];
}

/** Location of a key inside an entry (or of the entry itself). */
export function at(ref: EntryRef, ...keys: PathSegment[]): SourceLocation {
  const { spots } = ref;
  if (spots !== undefined && keys.length <= 1) {
    const [key] = keys;
    // a key the entry does not have is located at the entry, as locate() does
    return key === undefined ? spots.self : (spots.values.get(String(key)) ?? spots.self);
  }
  return locate(ref.document, [...ref.path, ...keys]);
}

/** Reports at a key of an entry (or at the entry with no keys). */
export function report(
  sink: DiagnosticSink,
  ref: EntryRef,
  keys: readonly PathSegment[],
  input: DiagnosticInput,
): void {
  sink.at(at(ref, ...keys), { ...input, path: formatPath([...ref.path, ...keys]) });
}
