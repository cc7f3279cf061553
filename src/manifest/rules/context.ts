/** What every semantic rule gets, and the one way rules report. */
import type { DiagnosticInput, DiagnosticSink } from '../../core/source/diagnostics.js';
import { at } from '../model/items.js';
import type { EntryRef, ManifestItems } from '../model/items.js';
import { formatPath } from '../../core/source/locate.js';
import type { PathSegment } from '../../core/source/locate.js';
import type { Declarations } from '../model/model.js';

export interface RuleContext {
  items: ManifestItems;
  model: Declarations;
  sink: DiagnosticSink;
  /** custom object types the project file declares (`objectTypes:`) */
  objectTypes: readonly string[];
}

/** A semantic rule: reads the items and the model, reports problems. */
export type Rule = (context: RuleContext) => void;

/** Reports at a key of an entry (or at the entry with no keys). */
export function report(
  sink: DiagnosticSink,
  ref: EntryRef,
  keys: readonly PathSegment[],
  input: DiagnosticInput,
): void {
  sink.at(at(ref, ...keys), { ...input, path: formatPath([...ref.path, ...keys]) });
}
