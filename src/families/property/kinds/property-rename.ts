/**
 * property.rename: a property's internal name cannot change, so a rename is carried out as a data
 * migration: the property is created under its new name (the declared definition), every record's value
 * is copied from the old one and the copy checked, then the old one is marked as renamed (the last line of
 * its description) and archived. `requests` are the schema writes; the copy between the create and the
 * mark is `migration` (src/engine/apply/migrate). Never the archive with values left uncopied: the copy must
 * check out first. A copy never writes over a value of the new property it did not write (see
 * plan/copy-values.ts): such records are conflicts, decided by the manifest's `onConflict`.
 *
 * A rename known to have finished before (`finished`: the old property came back since) has no request:
 * it is reported and refused (plan/rules/data-steps.ts), never run again. A rename whose old property
 * carries its mark and is still active (`marked`: a run stopped before the archive, or the old name was
 * brought back since) has only its archive left, after a pass that checks the copy; it is refused while
 * any record holds another value in the old property than in the new one.
 *
 * `restores`: the new name belongs to an archived property that a finished rename of it to the old name
 * archived (it carries that rename's mark: a rollback of this rename, or the rename the other way round).
 * Its create restores it with the values it held then: stale, since that rename carried every one of them
 * to the old name before it archived it. So the copy counts a value of the new property the old one has
 * held at any time as carried over, and writes the old property's value over it; a value the old one never
 * held (written while the new name was active again in between) is a conflict as usual. The restored
 * property keeps that rename's mark until the copy checked out (its description is set with the old
 * property's mark): a run stopped in between is resumed as this rename, never taken for a finished one.
 */
import { defined } from '../../../core/defined.js';
import { canonicalJson } from '../../../engine/plan/canonical-json.js';
import { renamedDescription } from '../data-step-marks.js';
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind } from '../../../engine/plan/kinds/change-kind.js';
import type { WriteRequest, Writes } from '../../../wire/writes.js';
import { created } from '../../../engine/plan/kinds/end-state.js';
import { propertyDetails, propertyNeeds } from './property-shared.js';
import { copyConflictKey, recordsTarget, type DataCheckTarget } from '../../../engine/plan/data-counts.js';
import { renamedRecords } from './rule-archived-records.js';
import { renameSteps } from './rule-data-steps.js';
import { type NormalizedProperty, propertyAddress, liveProperty } from '../model.js';
import { PropertyRenameMeta, type PropertyRenameChange } from './property-rename-meta.js';
import { renameBackWay } from './rename-back.js';
import { groupAddress } from '../group-model.js';
import { propertyCreateBody } from '../bodies.js';

const newAddress = (m: PropertyRenameChange['meta']) => propertyAddress(m.objectType, m.property.name);
const oldAddress = (m: PropertyRenameChange['meta']) => propertyAddress(m.objectType, m.from);

/** The new property as its create sends it: restoring it, with the mark of its rename to the old name kept. */
function restoredAs(m: PropertyRenameChange['meta']): NormalizedProperty {
  return m.restores === true
    ? { ...m.property, description: renamedDescription(m.property.description, m.from) }
    : m.property;
}

/** The requests after the copy: the old one's mark (unless marked), the new one's description (restoring), the archive. */
function lastSteps(m: PropertyRenameChange['meta']): number {
  return (m.marked === true ? 0 : 1) + (m.restores === true ? 1 : 0) + 1;
}

function renameRequests(m: PropertyRenameChange['meta'], w: Writes): WriteRequest[] {
  return [
    ...(m.created ? [] : [w.createProperty(m.objectType, propertyCreateBody(restoredAs(m)))]),
    ...(m.marked === true
      ? []
      : [
          w.updateProperty(m.objectType, m.from, {
            description: renamedDescription(m.old.description, m.property.name),
          }),
        ]),
    ...(m.restores === true
      ? [w.updateProperty(m.objectType, m.property.name, { description: m.property.description })]
      : []),
    w.archiveProperty(m.objectType, m.from),
  ];
}

export const propertyRename: ChangeKind<PropertyRenameChange> = {
  type: 'property.rename',
  meta: PropertyRenameMeta,
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.property.name }),
  action: () => 'update',
  address: newAddress,
  message: (m) =>
    `Rename property ${oldAddress(m)} -> ${newAddress(m)}: ` +
    (m.finished !== undefined
      ? `finished before; ${oldAddress(m)} came back and is not copied again`
      : m.marked === true
        ? 'copied and marked before; check the copy, archive the old (resumed)'
        : m.created
          ? 'copy the values left, archive the old (resumed)'
          : m.restores === true
            ? `restore ${newAddress(m)} (archived when it was renamed to ${m.from}), copy every value over the ones it held then, archive the old`
            : 'create, copy every value, archive the old'),
  severity: (m) => ({
    severity: 'dangerous',
    reason:
      m.finished !== undefined
        ? 'a rename that finished is never run again'
        : 'values are copied and checked before the old name is archived; forms, workflows and integrations that use the old name stop working' +
          (m.restores === true
            ? `; ${newAddress(m)} comes back with the values it held when it was renamed to ${m.from}, which that rename carried to ${m.from}: the values of ${m.from} are copied over them` +
              (m.created
                ? ''
                : ` (archived, they cannot be read before: a value ${m.from} never held stops the copy before the archive, for the manifest to decide)`)
            : ''),
  }),
  phase: () => 'properties.migrate',
  // restoring the new name, it keeps the mark of its rename to the old one until the old one carries this
  // rename's mark (a run stopped half-way is then known to be this rename, resumed): its description is
  // set after the old one is marked, just before the archive
  requests: (m, w) => (m.finished !== undefined ? [] : renameRequests(m, w)),
  migration: (m) =>
    m.finished !== undefined
      ? undefined
      : {
          kind: 'copy',
          objectType: m.objectType,
          from: m.from,
          to: m.property.name,
          // every request but the create comes after the copy
          after: lastSteps(m),
          ...defined({ onConflict: m.onConflict, stale: m.restores }),
        },
  creates: (m) => !m.created && m.finished === undefined,
  removes: false,
  endState: (m, found, { live }) => {
    const state = created(m.property, found);
    if (liveProperty(live, m.objectType, m.from) === undefined) return state;
    return {
      ...state,
      done: false,
      differences: [
        ...state.differences,
        { field: `old property ${m.from}`, expected: null, actual: 'active' },
      ],
    };
  },
  dependencies: (m) => ({
    provides: [keys.created(newAddress(m)), keys.leftGroup(groupAddress(m.objectType, m.old.groupName))],
    needs: [
      ...propertyNeeds(m.objectType, m.property.groupName, m.property.calculationFormula),
      keys.userArchived(oldAddress(m)),
    ],
  }),
  details: (m) => propertyDetails(m.property),
  // the values it copies; to resume (or after it finished), the records whose new value it did not write
  // (an archived property's values cannot be read: those of a new name it restores are found by the copy)
  dataCheck: (m, quote) => {
    const targets: DataCheckTarget[] = [recordsTarget(m.objectType, m.from)];
    if (m.created || m.finished !== undefined)
      targets.push({
        kind: 'copy-conflicts',
        key: copyConflictKey(m.objectType, m.from, m.property.name),
        objectType: m.objectType,
        from: m.from,
        to: m.property.name,
        // after the copy finished, any record whose two values differ was written since
        history: m.finished === undefined && m.marked !== true,
        ...defined({ stale: m.restores }),
        values:
          quote.show &&
          !quote.sensitive(m.objectType, m.from) &&
          m.old.dataSensitivity === 'non_sensitive' &&
          m.property.dataSensitivity === 'non_sensitive',
      });
    return targets;
  },
  assess: (change, ctx) => renameSteps(renamedRecords(change, ctx), ctx),
  drift: (m) => {
    // the old name of a finished rename came back: a retired resource live again
    if (m.finished !== undefined || m.marked === true) return { as: 'tombstoned', address: oldAddress(m) };
    // not started yet: the declared property is missing under its new name
    if (!m.created) return { as: 'missing' };
    return undefined;
  },
  resume: {
    // an earlier run of the plan stopped part-way: the new property made (`created`), then the copy done and
    // the old one marked (`marked`), then (restoring the new name) its own mark cleared; what is left of the
    // change is the tail of its requests, to the same end
    savedNow: (saved, fresh) => {
      if (fresh.type !== 'property.rename') return undefined;
      const now = fresh.meta as PropertyRenameChange['meta'];
      const was = saved.meta;
      if (was.finished !== undefined || now.finished !== undefined || !now.created) return undefined;
      if (was.marked === true && now.marked !== true) return undefined;
      // restoring: the new name's mark is cleared only once the old one is marked
      if (was.restores !== true && now.restores === true) return undefined;
      if (was.restores === true && now.restores !== true && now.marked !== true) return undefined;
      // the old property as this rename's own mark left it, or as planned
      const old =
        now.marked === true && was.marked !== true
          ? { ...was.old, description: renamedDescription(was.old.description, was.property.name) }
          : was.old;
      const { restores: _restores, marked: _marked, ...rest } = was;
      const meta = {
        ...rest,
        created: true,
        old,
        ...defined({ restores: now.restores, marked: now.marked }),
      };
      if (canonicalJson(meta) !== canonicalJson(now)) return undefined;
      return { meta, requests: saved.requests.slice(-lastSteps(meta)) };
    },
  },
  rollback: (m) => ({ as: 'step', step: renameBackWay(m.objectType, m.property.name, m.old) }),
};
