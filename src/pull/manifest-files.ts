/**
 * The manifest files pull edits: parsed with yaml's document API (comments, key order, styles kept),
 * indexed by what each document is about, and written back only when something in them changed. New
 * documents go to the file that already holds that kind (associations, events) or to a new file in the
 * output folder (`<out>/<objectType>.yaml`, `<out>/associations.yaml`, `<out>/events.yaml`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Document, isMap, parseAllDocuments, type ToStringOptions, type YAMLMap } from 'yaml';
import { CrmSchemaError } from '../core/errors.js';
import { readRegularFile } from '../core/regular-file.js';
import { pairKey } from '../model/normalize-association.js';
import { canonicalObjectType } from '../model/object-types.js';
import { keepWrittenLines } from './written-lines.js';
import { documentText, stringValue } from './yaml-edit.js';
import { BASE_LAYOUT, layoutOf } from './yaml-layout.js';

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

export type DocKind = 'properties' | 'associations' | 'events';

/** A document of a manifest file, about one object type, pair or event definition. */
export interface DocRef {
  file: ManifestFile;
  doc: Document;
  map: YAMLMap;
}

const KIND_OF: Readonly<Record<string, DocKind>> = {
  Properties: 'properties',
  Associations: 'associations',
  EventProperties: 'events',
};

/** The file a kind's new documents go to when no file holds that kind yet (objects: `<objectType>.yaml`). */
const NEW_FILE: Readonly<Record<DocKind, (key: string) => string>> = {
  properties: (objectType) => `${objectType}.yaml`,
  associations: () => 'associations.yaml',
  events: () => 'events.yaml',
};

export async function readManifestFile(path: string, display: string): Promise<ManifestFile> {
  // validated just before; read again as a regular file only (never a FIFO or a device put in its place)
  let text: string;
  try {
    text = (await readRegularFile(path)).toString('utf8');
  } catch (error) {
    throw new CrmSchemaError('PULL_READ_FAILED', `Cannot read ${display}: ${(error as Error).message}.`, {
      hint: 'Run crm-schema validate to check the manifests, then pull again.',
      cause: error,
    });
  }
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  const docs = [...parseAllDocuments(text)] as Document[];
  const layout = layoutOf(text, docs);
  return { path, display, docs, original: text, bom, crlf: text.includes('\r\n'), layout, changed: false };
}

export class ManifestSet {
  readonly files: ManifestFile[];
  readonly #index = new Map<string, DocRef[]>();

  constructor(
    files: ManifestFile[],
    /** absolute output folder for new files */
    private readonly outDir: string,
    /** display path of an absolute path */
    private readonly display: (path: string) => string,
  ) {
    this.files = files;
    for (const file of files) for (const doc of file.docs) this.#add(file, doc);
  }

  /** The documents about one object type / pair / event definition, in file order. */
  docs(kind: DocKind, key: string): DocRef[] {
    return this.#index.get(`${kind} ${key}`) ?? [];
  }

  /**
   * A new document about `key`, built from `contents`: appended to the file that holds documents of that
   * kind (for associations and events), else to `<out>/<file>`, new unless the project already has it.
   */
  addDocument(kind: DocKind, key: string, contents: Record<string, unknown>): DocRef {
    const file = this.#fileFor(kind, key);
    const doc = new Document(contents);
    if (file.docs.length > 0 && doc.directives !== undefined) doc.directives.docStart = true;
    file.docs.push(doc);
    file.changed = true;
    const ref = { file, doc, map: doc.contents as YAMLMap };
    this.#register(kind, key, ref);
    return ref;
  }

  /** Removes a document (its list became empty); a file left without documents is deleted. */
  removeDocument(ref: DocRef): void {
    ref.file.docs = ref.file.docs.filter((doc) => doc !== ref.doc);
    ref.file.changed = true;
    for (const [key, refs] of this.#index) {
      this.#index.set(
        key,
        refs.filter((r) => r.doc !== ref.doc),
      );
    }
  }

  #fileFor(kind: DocKind, key: string): ManifestFile {
    if (kind !== 'properties') {
      const holder = this.files.find((file) => file.docs.some((doc) => kindOf(doc) === kind));
      if (holder !== undefined) return holder;
    }
    const path = join(this.outDir, NEW_FILE[kind](key));
    const known = this.files.find((file) => file.path === path);
    if (known !== undefined) return known;
    if (existsSync(path)) {
      throw new CrmSchemaError(
        'PULL_FILE_EXISTS',
        `${this.display(path)} exists but is not one of the project's manifests.`,
        {
          hint: 'Choose another folder with --out, or add the file to the manifests globs of crm-schema.yaml so that pull updates it.',
        },
      );
    }
    const file: ManifestFile = {
      path,
      display: this.display(path),
      docs: [],
      bom: false,
      crlf: false,
      layout: BASE_LAYOUT,
      changed: true,
    };
    this.files.push(file);
    return file;
  }

  #add(file: ManifestFile, doc: Document): void {
    const kind = kindOf(doc);
    if (kind === undefined) return;
    const map = doc.contents as YAMLMap;
    const key = keyOf(kind, map);
    if (key !== undefined) this.#register(kind, key, { file, doc, map });
  }

  #register(kind: DocKind, key: string, ref: DocRef): void {
    const id = `${kind} ${key}`;
    const list = this.#index.get(id);
    if (list === undefined) this.#index.set(id, [ref]);
    else list.push(ref);
  }
}

function kindOf(doc: Document): DocKind | undefined {
  if (!isMap(doc.contents)) return undefined;
  return KIND_OF[stringValue(doc.contents, 'kind') ?? ''];
}

/** The canonical object type, pair key or event name a document is about. */
function keyOf(kind: DocKind, map: YAMLMap): string | undefined {
  if (kind === 'properties') {
    const objectType = stringValue(map, 'objectType');
    return objectType === undefined ? undefined : canonicalObjectType(objectType);
  }
  if (kind === 'associations') {
    const from = stringValue(map, 'from');
    const to = stringValue(map, 'to');
    return from === undefined || to === undefined ? undefined : pairKey(from, to);
  }
  return stringValue(map, 'eventName');
}

/**
 * The text of a file: its documents as yaml writes them, a new file's first line pointing editors at the
 * JSON Schema. In a file that exists, every line pull did not change stays as it was written.
 */
export function fileText(file: ManifestFile, schemaComment: string): string {
  const edited = file.docs.map((doc) => documentText(doc, file.layout)).join('');
  let text =
    file.original === undefined
      ? `${schemaComment}\n${edited}`
      : keepWrittenLines(file.original, edited, file.layout);
  if (file.crlf) text = text.replace(/\r?\n/g, '\r\n');
  return file.bom ? `\uFEFF${text}` : text;
}
