/** The manifest files pull edits, as the families' merges see them (manifest-files.ts holds them). */
import type { Document, ToStringOptions, YAMLMap } from 'yaml';

export interface ManifestFile {
  /** absolute */
  path: string;
  /** as shown to the user */
  display: string;
  docs: Document[];
  /** the text as read; undefined for a new file */
  original?: string;
  bom: boolean;
  crlf: boolean;
  /** how the file is laid out (indentation, flow padding): what pull writes follows it */
  layout: ToStringOptions;
  changed: boolean;
}

/** A kind of document: its `kind:` value (`Properties`), owned by a family. */
export type DocKind = string;

/** A document of a manifest file, about one object type, pair or event definition. */
export interface DocRef {
  file: ManifestFile;
  doc: Document;
  map: YAMLMap;
}

/** The documents of the manifest files, by kind and what each is about, that pull edits. */
export interface ManifestDocuments {
  readonly files: ManifestFile[];
  /** The documents about one object type / pair / event definition, in file order. */
  docs(kind: DocKind, key: string): DocRef[];
  /** The top-level keys of a kind of document, in writing order. */
  keyOrder(kind: DocKind): readonly string[];
  /** A new document about `key` (its kind's header for it, then `more`). */
  addDocument(kind: DocKind, key: string, more?: Record<string, unknown>): DocRef;
  /** Removes a document (its list became empty); a file left without documents is deleted. */
  removeDocument(ref: DocRef): void;
}
