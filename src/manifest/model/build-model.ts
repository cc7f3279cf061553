/**
 * Items -> the desired-state model. A declaration seen a second time (in the same file or another)
 * is reported at the second place, naming the first; the model keeps the first.
 */
import { defined } from '../../core/defined.js';
import type { EventPropertyCreate, PropertyCreate } from '../../wire/api.js';
import type { DiagnosticCode } from '../../core/source/codes.js';
import { formatLocation } from '../../core/source/diagnostics.js';
import type { DiagnosticSink } from '../../core/source/diagnostics.js';
import { at } from './items.js';
import { formatPath } from '../../core/source/locate.js';
import type { EntryRef, ManifestItems } from './items.js';
import { emptyDeclarations, limitTargetKey } from './model.js';
import type {
  DeletedLabel,
  DesiredAssociationPair,
  DesiredLabel,
  DesiredLimit,
  Declarations,
  LimitTarget,
} from './model.js';
import { mergeLabelPairs, type LabelDeclaration } from './label-pairs.js';
import { canonicalObjectType } from '../../model/object-types.js';
import { deriveLabelName, pairKey } from '../../model/normalize-association.js';
import type { SourceLocation } from '../../core/source/source-location.js';

export function buildModel(items: ManifestItems, sink: DiagnosticSink): Declarations {
  const state = emptyDeclarations();
  const firsts = new Map<string, SourceLocation>();

  /** Registers `key`; reports and returns false when it was declared before. */
  const claim = (
    key: string,
    ref: EntryRef,
    nameKey: string,
    code: DiagnosticCode,
    what: string,
  ): boolean => {
    const here = at(ref, nameKey);
    const first = firsts.get(key);
    if (first) {
      sink.at(here, {
        code,
        message: `${what} is declared twice; the first is at ${formatLocation(first)}`,
        hint: 'keep one declaration (merge the two, or rename one)',
        path: formatPath([...ref.path, nameKey]),
      });
      return false;
    }
    firsts.set(key, here);
    return true;
  };

  for (const { objectType, entry, ref } of items.groups) {
    const typeKey = canonicalObjectType(objectType);
    if (
      !claim(
        `group ${typeKey} ${entry.name}`,
        ref,
        'name',
        'DUPLICATE_GROUP',
        `group '${entry.name}' of ${typeKey}`,
      )
    ) {
      continue;
    }
    const source = at(ref);
    const group = entry.archived
      ? { archived: true as const, objectType, name: entry.name, source }
      : {
          archived: false as const,
          objectType,
          name: entry.name,
          label: entry.label ?? '',
          ...defined({ displayOrder: entry.displayOrder }),
          source,
        };
    mapIn(state.groups, typeKey).set(entry.name, group);
  }

  for (const { objectType, entry, ref } of items.properties) {
    const typeKey = canonicalObjectType(objectType);
    const what = `property '${entry.name}' of ${typeKey}`;
    if (!claim(`property ${typeKey} ${entry.name}`, ref, 'name', 'DUPLICATE_PROPERTY', what)) continue;
    const source = at(ref);
    if (entry.archived) {
      mapIn(state.properties, typeKey).set(entry.name, {
        archived: true,
        objectType,
        name: entry.name,
        source,
      });
      continue;
    }
    const { archived: _archived, renamedFrom, onConflict, options, ...fields } = entry;
    const remaps = new Map<string, string>();
    const definition: PropertyCreate = { ...(fields as PropertyCreate) };
    if (options !== undefined) {
      definition.options = options.map(({ replaces, ...option }) => {
        for (const old of replaces ?? []) if (!remaps.has(old)) remaps.set(old, option.value);
        return option;
      });
    }
    mapIn(state.properties, typeKey).set(entry.name, {
      archived: false,
      objectType,
      name: entry.name,
      definition,
      ...(renamedFrom === undefined ? {} : { renamedFrom }),
      ...(remaps.size === 0 ? {} : { remaps }),
      ...(onConflict === undefined ? {} : { onConflict }),
      source,
    });
  }

  const declaredLabels: LabelDeclaration[] = [];
  const deletedLabels: DeletedLabel[] = [];
  for (const { from, to, entry, ref } of items.associations) {
    const key = pairKey(from, to);
    const pair = pairIn(state.associations, key, from, to);
    const source = at(ref);
    let target: LimitTarget | undefined;
    if (entry.label !== undefined && entry.category === undefined) {
      const what = `label '${entry.label}' of ${key}`;
      if (!claim(`label ${key} ${entry.label}`, ref, 'label', 'DUPLICATE_LABEL', what)) continue;
      if (entry.deleted) {
        const tombstone: DeletedLabel = { deleted: true, from, to, label: entry.label, source };
        pair.labels.set(entry.label, tombstone);
        deletedLabels.push(tombstone);
        continue;
      }
      const name = entry.name ?? deriveLabelName(entry.label);
      const label: DesiredLabel = {
        deleted: false,
        from,
        to,
        label: entry.label,
        name,
        nameDerived: entry.name === undefined,
        ...defined({
          inverseLabel: entry.inverseLabel,
          renamedFrom: entry.renamedFrom,
          inverseRenamedFrom: entry.inverseRenamedFrom,
          inverseMaxToObjectIds: entry.inverseMaxToObjectIds,
        }),
        source,
        keySources: Object.fromEntries(Object.keys(entry).map((key) => [key, at(ref, key)])),
      };
      pair.labels.set(entry.label, label);
      declaredLabels.push({ ...label, ...defined({ maxToObjectIds: entry.maxToObjectIds }) });
      target = { label: entry.label };
    } else if (entry.category !== undefined && entry.typeId !== undefined && entry.label === undefined) {
      const what = `association type ${entry.category} ${entry.typeId} of ${key}`;
      const claimed = claim(
        `type ${key} ${entry.category}:${entry.typeId}`,
        ref,
        'typeId',
        'DUPLICATE_ASSOCIATION_TYPE',
        what,
      );
      if (!claimed || entry.deleted) continue;
      target = { category: entry.category, typeId: entry.typeId };
    }
    if (target && entry.maxToObjectIds !== undefined) {
      const limit: DesiredLimit = {
        from,
        to,
        target,
        maxToObjectIds: entry.maxToObjectIds,
        source: at(ref, 'maxToObjectIds'),
      };
      pair.limits.set(limitTargetKey(target), limit);
    }
  }

  state.labelPairs = mergeLabelPairs(declaredLabels, deletedLabels, sink);

  for (const { eventName, entry, ref } of items.eventDefinitions) {
    const what = `the definition of event ${eventName}`;
    if (!claim(`event definition ${eventName}`, ref, 'label', 'DUPLICATE_EVENT_DEFINITION', what)) continue;
    state.eventDefinitions.set(eventName, {
      eventName,
      label: entry.label,
      ...defined({ description: entry.description, primaryObject: entry.primaryObject }),
      source: at(ref),
    });
  }

  for (const { eventName, entry, ref } of items.eventProperties) {
    const what = `event property '${entry.name}' of event ${eventName}`;
    if (!claim(`event ${eventName} ${entry.name}`, ref, 'name', 'DUPLICATE_EVENT_PROPERTY', what)) continue;
    const source = at(ref);
    if (entry.deleted) {
      mapIn(state.eventProperties, eventName).set(entry.name, {
        deleted: true,
        eventName,
        name: entry.name,
        source,
      });
      continue;
    }
    const { deleted: _deleted, options, ...fields } = entry;
    // `replaces` is for object properties only (a validation rule says so)
    const definition = {
      ...fields,
      ...(options === undefined ? {} : { options: options.map(({ replaces: _r, ...option }) => option) }),
    };
    mapIn(state.eventProperties, eventName).set(entry.name, {
      deleted: false,
      eventName,
      name: entry.name,
      definition: definition as EventPropertyCreate & { name: string },
      source,
    });
  }
  return state;
}

function mapIn<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let inner = outer.get(key);
  if (!inner) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}

function pairIn(pairs: Map<string, DesiredAssociationPair>, key: string, from: string, to: string) {
  let pair = pairs.get(key);
  if (!pair) {
    pair = { from, to, labels: new Map(), limits: new Map() };
    pairs.set(key, pair);
  }
  return pair;
}
