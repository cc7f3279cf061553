/** The kinds of manifest document the installed families own, by their `kind:` value. */
import type { DocumentKind } from '../../manifest-part.js';
import { families, perInstall } from '../../installed.js';

const byKind = perInstall(
  () => new Map(families().flatMap((family) => family.manifest.documents.map((kind) => [kind.kind, kind]))),
);

/** Every kind of document, in the order of the family list. */
export function documentKinds(): DocumentKind[] {
  return [...byKind().values()];
}

export function documentKindNamed(kind: string): DocumentKind | undefined {
  return byKind().get(kind);
}
