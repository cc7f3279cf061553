/**
 * The `options` list of a property or event property, brought to the live options in place: the options
 * are put in live order (the planner compares lists in order), an option already written keeps its node
 * (its comment, flow or block style) and only its fields that differ change, a new one is written with
 * the platform's defaults left out, an option gone live is dropped.
 */
import { YAMLSeq, type Document, type YAMLMap } from 'yaml';
import { defaultOptionDisplayOrder, OPTION_DEFAULTS } from '../../../engine/model/defaults.js';
import { normalizeOption, optionsEqual, type OptionLike } from '../../../engine/model/normalize-options.js';
import type { NormalizedOption } from '../../../engine/model/schema-model.js';
import { ENTRY_KEY_ORDER, optionEntry } from './entries.js';
import {
  deleteKey,
  entryNode,
  findPair,
  insertPair,
  mapItems,
  plainValue,
  seqValue,
  setValue,
  stringValue,
} from '../../../engine/pull/yaml-edit.js';

/** Brings `entry`'s `options` to `live`; `order`: the entry's key order. Returns whether anything changed. */
export function mergeOptions(
  doc: Document,
  entry: YAMLMap,
  live: readonly NormalizedOption[],
  order: readonly string[],
): boolean {
  const seq = seqValue(entry, 'options');
  const written = mapItems(seq);
  const declared = written.map((item, i) => normalizeOption(item.toJSON() as OptionLike, i));
  if (optionsEqual(declared, live)) return false;
  if (live.length === 0) return deleteKey(entry, 'options');

  const byValue = new Map(written.map((item) => [stringValue(item, 'value'), item]));
  // new options follow the style of those written (flow `{ label: ..., value: ... }` when none is)
  const flow = written.length === 0 || written.some((item) => item.flow === true);
  const items = live.map((option, index) => {
    const node = byValue.get(option.value);
    if (node === undefined) return entryNode(doc, optionEntry(option, index), flow);
    updateOption(doc, node, option, index);
    return node;
  });
  if (seq !== undefined) {
    seq.items = items;
    if (seq.flow === true && written.length === 0) seq.flow = false;
  } else {
    const created = new YAMLSeq();
    created.items = items;
    insertPair(entry, doc.createPair('options', created), order);
  }
  return true;
}

/** The fields of one option that differ from live, at its (new) position `index`. */
function updateOption(doc: Document, node: YAMLMap, live: NormalizedOption, index: number): void {
  const declared = normalizeOption(node.toJSON() as OptionLike, index);
  const defaults: Record<'label' | 'description' | 'displayOrder' | 'hidden', unknown> = {
    label: undefined,
    description: OPTION_DEFAULTS.description,
    displayOrder: defaultOptionDisplayOrder(index),
    hidden: OPTION_DEFAULTS.hidden,
  };
  for (const field of ['label', 'description', 'displayOrder', 'hidden'] as const) {
    if (declared[field] === live[field]) continue;
    if (defaults[field] === live[field] && findPair(node, field) !== undefined) deleteKey(node, field);
    else setValue(doc, node, field, live[field], ENTRY_KEY_ORDER.option);
  }
}

/**
 * Each option that replaced retired ones lists them under `replaces` (those it lists already stay, in
 * their order); true when a list changed.
 */
export function keepReplaces(
  doc: Document,
  entry: YAMLMap,
  replaces: ReadonlyMap<string, string[]>,
): boolean {
  let changed = false;
  for (const node of mapItems(seqValue(entry, 'options'))) {
    const value = stringValue(node, 'value');
    const retired = value === undefined ? undefined : replaces.get(value);
    if (retired === undefined) continue;
    const written = plainValue(node, 'replaces');
    const listed = Array.isArray(written) ? written.filter((v): v is string => typeof v === 'string') : [];
    const missing = retired.filter((v) => !listed.includes(v));
    if (missing.length === 0) continue;
    changed = setValue(doc, node, 'replaces', [...listed, ...missing], ENTRY_KEY_ORDER.option) || changed;
  }
  return changed;
}
