/**
 * The manifest files pull edits: parsed with yaml's document API (comments, key order, styles kept),
 * indexed by what each document is about (its kind says), and written back only when something in them
 * changed. New documents go to the file that already holds that kind (when the kind says so) or to a new
 * file in the output folder that the kind names (`<out>/tickets.yaml`, `<out>/associations.yaml`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Document, isMap, isScalar, parseAllDocuments, type YAMLMap } from 'yaml';
import { CrmSchemaError } from '../../core/errors.js';
import { readRegularFile } from '../../core/regular-file.js';
import type { DocumentKind } from '../manifest-part.js';
import { documentKindNamed } from '../manifest/schema/document-kinds.js';
import { keepWrittenLines } from './written-lines.js';
import { documentText, stringValue } from './yaml-edit.js';
import { BASE_LAYOUT, layoutOf } from './yaml-layout.js';

export type { DocKind, DocRef, ManifestFile } from './manifest-set.js';
import type { DocKind, DocRef, ManifestDocuments, ManifestFile } from './manifest-set.js';

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

export class ManifestSet implements ManifestDocuments {
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

  /** The top-level keys of a kind of document, in writing order. */
  keyOrder(kind: DocKind): readonly string[] {
    return documentKindNamed(kind)?.keyOrder ?? [];
  }

  /**
   * A new document about `key` (its kind's header for it, then `more`): appended to the file that holds documents of
   * that kind when the kind says so, else to `<out>/<file>`, new unless the project already has it.
   */
  addDocument(kind: DocKind, key: string, more: Record<string, unknown> = {}): DocRef {
    const file = this.#fileFor(kind, key);
    const doc = new Document({ kind, ...mustKind(kind).header(key), ...more });
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
    const { newFile } = mustKind(kind);
    if (newFile.shared) {
      const holder = this.files.find((file) => file.docs.some((doc) => kindOf(doc) === kind));
      if (holder !== undefined) return holder;
    }
    const path = join(this.outDir, newFile.name(key));
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
  const kind = stringValue(doc.contents, 'kind');
  return kind !== undefined && documentKindNamed(kind) !== undefined ? kind : undefined;
}

/** What a document is about (its kind says: the canonical object type, pair key or event name). */
function keyOf(kind: DocKind, map: YAMLMap): string | undefined {
  // the header's plain values only: the lists of a large document are not converted
  const header: Record<string, unknown> = {};
  for (const item of map.items) {
    const key = isScalar(item.key) ? item.key.value : item.key;
    if (typeof key === 'string' && isScalar(item.value)) header[key] = item.value.value;
  }
  return documentKindNamed(kind)?.about(header);
}

function mustKind(kind: DocKind): DocumentKind {
  const found = documentKindNamed(kind);
  if (found === undefined) throw new Error(`internal error: no family owns documents of kind ${kind}`);
  return found;
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
