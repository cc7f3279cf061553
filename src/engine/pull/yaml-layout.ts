/**
 * How a manifest file is laid out, read from the file itself, so that what pull writes into it (a changed
 * line, a new entry) looks like its neighbours: the indentation step, whether a block list under a key is
 * indented, and whether flow collections have a space inside their brackets (`[ a ]` or `[a]`). A file
 * that shows nothing either way gets yaml's defaults, which are also how pull writes new files.
 */
import { isCollection, isMap, isScalar, isSeq, visit, type Document, type ToStringOptions } from 'yaml';

/** How pull writes YAML: never folds a long line, quotes with single quotes where quoting is needed. */
export const BASE_LAYOUT = { lineWidth: 0, singleQuote: true } as const satisfies ToStringOptions;

export function layoutOf(text: string, docs: readonly Document[]): ToStringOptions {
  const padding = new Votes<boolean>();
  const indent = new Votes<number>();
  const indentSeq = new Votes<boolean>();
  const column = (offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);
  for (const doc of docs) {
    visit(doc, {
      Collection(_key, node) {
        if (node.flow !== true || node.items.length === 0 || node.range == null) return;
        const inside = text[node.range[0] + 1];
        if (inside === ' ') padding.add(true);
        else if (inside !== '\n' && inside !== '\r') padding.add(false);
      },
      Pair(_key, pair) {
        const key = pair.key;
        const value = pair.value;
        if (!isScalar(key) || key.range == null || !isCollection(value) || value.flow === true) return;
        const first = isMap(value) ? value.items[0]?.key : value;
        const at = isScalar(first) || isSeq(first) ? first.range?.[0] : undefined;
        if (at === undefined || text.lastIndexOf('\n', at) < key.range[0]) return;
        const step = column(at) - column(key.range[0]);
        if (isSeq(value)) indentSeq.add(step > 0);
        // an indented block list under a key is indented by the same step as a mapping
        if (step > 0) indent.add(step);
      },
    });
  }
  return {
    ...BASE_LAYOUT,
    flowCollectionPadding: padding.winner() ?? true,
    indent: indent.winner() ?? 2,
    indentSeq: indentSeq.winner() ?? true,
  };
}

/** The value seen most often (the first seen on a tie). */
class Votes<T> {
  readonly #counts = new Map<T, number>();

  add(value: T): void {
    this.#counts.set(value, (this.#counts.get(value) ?? 0) + 1);
  }

  winner(): T | undefined {
    let best: T | undefined;
    let most = 0;
    for (const [value, count] of this.#counts) {
      if (count > most) {
        best = value;
        most = count;
      }
    }
    return best;
  }
}
