import { Type, ref } from '../../../core/json-schema.js';
import type { KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { metaObject, objectTypeField, onConflictField } from '../../../engine/plan/kinds/meta-fields.js';
import { PropertyShape, type NormalizedProperty } from '../model.js';

/** The data of a property.rename change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyRenameMeta = metaObject(
  "Rename a property: create it under its new name, copy every record's value from the old one, check the copy, archive the old one.",
  {
    objectType: objectTypeField,
    from: Type.String({ description: 'The internal name it is renamed from.' }),
    /** the declared definition under its new name */
    property: ref(PropertyShape, 'The declared definition under the new name.'),
    /** the live property it is renamed from, whose values are copied over before it is archived */
    old: ref(PropertyShape, 'The live property renamed from.'),
    /** the new property exists already (an earlier run stopped before the end): only the copy and the archive are left */
    created: Type.Boolean({
      description:
        'The new property exists already (an earlier run stopped): only the copy and the archive are left.',
    }),
    /** the old property carries this rename's mark and is active: only the archive is left, once the copy checks out */
    marked: Type.Optional(
      Type.Boolean({
        description:
          "The old property carries this rename's mark and is still active: the copy finished and was checked; only the archive is left (refused while a record holds another value in the old property).",
      }),
    ),
    /** the new name is archived by a finished rename of it to the old name: its create restores it, stale values and all */
    restores: Type.Optional(
      Type.Boolean({
        description:
          'The new name belongs to an archived property that a finished rename of it to the old name archived: its create restores it, and the copy writes the values of the old name over the stale values it held then.',
      }),
    ),
    /** why the rename is known to have finished before (the old property came back since): it is not run again */
    finished: Type.Optional(
      Type.String({
        description:
          'Why the rename is known to have finished before (its old property came back since): it is not run again.',
      }),
    ),
    /** the manifest's decision on records whose new value the copy did not write */
    onConflict: onConflictField("The manifest's decision on records whose new value the copy did not write."),
  },
);

export type PropertyRenameChange = KindChange<'property.rename', typeof PropertyRenameMeta>;

/**
 * A rollback's rename back: `current` (live) to its old definition `back`, which a create restores unless
 * it is restored already; every value goes back over what the old name kept.
 */
export function renameBackChange(
  objectType: string,
  current: NormalizedProperty,
  back: NormalizedProperty,
  restored: boolean,
): PropertyRenameChange {
  return {
    type: 'property.rename',
    meta: {
      objectType,
      from: current.name,
      property: back,
      old: current,
      created: restored,
      onConflict: 'overwrite',
    },
  };
}
