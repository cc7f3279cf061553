/**
 * Items -> each family's declarations (`ManifestPart.declare`), with one `claim` for all: a declaration
 * seen a second time (in the same file or another) is reported at the second place, naming the first.
 */
import { formatLocation } from '../../../core/source/diagnostics.js';
import type { DiagnosticSink } from '../../../core/source/diagnostics.js';
import { formatPath } from '../../../core/source/locate.js';
import type { SourceLocation } from '../../../core/source/source-location.js';
import type { Claim } from '../../manifest-part.js';
import { families } from '../../installed.js';
import type { Declarations } from './declarations.js';
import { at, type ManifestItems } from './items.js';

export function buildModel(items: ManifestItems, sink: DiagnosticSink): Declarations {
  const firsts = new Map<string, SourceLocation>();
  const claim: Claim = (key, ref, nameKey, code, what) => {
    const here = at(ref, nameKey);
    const first = firsts.get(key);
    if (first) {
      sink.at(here, {
        code: code,
        message: `${what} is declared twice; the first is at ${formatLocation(first)}`,
        hint: 'keep one declaration (merge the two, or rename one)',
        path: formatPath([...ref.path, nameKey]),
      });
      return false;
    }
    firsts.set(key, here);
    return true;
  };
  const model = new Map<string, unknown>();
  for (const family of families()) model.set(family.name, family.manifest.declare(items, { sink, claim }));
  return model;
}
