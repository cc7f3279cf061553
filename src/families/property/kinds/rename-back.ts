/**
 * A rename reversed as a data step: the property renamed back, `current` (the apply's new name) to `back`
 * (its old definition), every value copied back over what the apply left (property-rename.ts carries it
 * out). One reversal of the two properties.
 */
import type { Change } from '../../../engine/plan/change-types.js';
import type { StepBack } from '../../../engine/rollback/reversal.js';
import type { SchemaState } from '../../../engine/model/schema-model.js';
import { same } from '../../../engine/rollback/put-back.js';
import { addRename } from '../intents.js';
import { liveProperty, objectSchemaOf, propertyAddress, type NormalizedProperty } from '../model.js';
import { renameBackChange } from './property-rename-meta.js';
import type { StepWay } from '../../../engine/plan/kinds/change-kind.js';

export function renameBackWay(objectType: string, current: string, back: NormalizedProperty): StepWay {
  return { back: (_recorded, change) => renameBack(objectType, current, back, change) };
}

function renameBack(objectType: string, current: string, back: NormalizedProperty, last: Change): StepBack {
  const backAddress = propertyAddress(objectType, back.name);
  const currentAddress = propertyAddress(objectType, current);
  let carriedOut = false;
  return {
    kind: 'step',
    address: currentAddress,
    alsoCovers: [`property ${backAddress}`],
    last,
    reads: (into) => {
      objectSchemaOf(into.state, objectType).properties.set(back.name, back);
      addRename(into.intents, backAddress, current);
    },
    standing: (live, leftByApply) => {
      const restored = liveProperty(live, objectType, back.name);
      const now = liveProperty(live, objectType, current);
      if (same(restored, back) && now === undefined) return 'before';
      if (leftByApply) return 'after';
      // restored under its old name, the new one not archived yet: the copy and the archive are left
      return same(restored, back) && now !== undefined ? 'between' : 'moved';
    },
    desire: (into, _live, standing) => {
      objectSchemaOf(into.state, objectType).properties.set(back.name, back);
      carriedOut = standing !== 'before';
    },
    get carriesOut() {
      if (!carriedOut) return undefined;
      return {
        handles: [backAddress, currentAddress],
        adjust: (_changes: readonly Change[], live: SchemaState) => {
          const now = liveProperty(live, objectType, current);
          if (now === undefined) return [];
          const restored = liveProperty(live, objectType, back.name) !== undefined;
          return [renameBackChange(objectType, now, back, restored)];
        },
      };
    },
  };
}
