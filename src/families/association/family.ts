/**
 * The association family: the user association labels of object pairs (a label and its inverse are one
 * label pair) and the limits set on association types.
 */
import type { Family } from '../../engine/family.js';
import { associationManifest } from './manifest/part.js';
import { ASSOCIATION_PLAN_CODES } from './plan-codes.js';
import { Type, ref } from '../../core/json-schema.js';
import { LabelScopeEntryDef } from './manifest/config-shapes.js';
import { diffAssociations } from './diff.js';
import { associationGraph } from './graph.js';
import { unscopedLabelsWarning } from './ownership.js';
import { labelCreate } from './kinds/label-create.js';
import { labelDelete } from './kinds/label-delete.js';
import { labelUpdate } from './kinds/label-update.js';
import { limitPurge } from './kinds/limit-purge.js';
import { limitSet } from './kinds/limit-set.js';
import { canonicalLabelEntry } from './label-scope.js';
import { associationLive } from './live/live-part.js';
import { associationsOf } from './model.js';
import { labelAddress } from './label-model.js';
import { limitAddress } from './limit-model.js';
import { associationPull, parseLabelFlag } from './pull/pull-part.js';
import type { PullPart } from '../../engine/pull-part.js';
import type { PairsScope } from './live/scope.js';
import { associationResources } from './resources.js';
import { associationTombstones } from './tombstones.js';

/** Its change kinds, in the order the plan's JSON Schema lists them. */
export const ASSOCIATION_KINDS = [labelCreate, labelUpdate, labelDelete, limitSet, limitPurge] as const;

export const associationFamily: Family<PairsScope> = {
  name: 'association',
  description: 'association labels of object pairs, and limits on association types',
  kinds: ASSOCIATION_KINDS,
  resources: associationResources,
  tombstones: associationTombstones,
  phases: { build: ['labels.write', 'limits.set'], tearDown: ['limits.purge', 'labels.delete'] },
  planCodes: ASSOCIATION_PLAN_CODES,
  live: associationLive,
  addresses: (state) =>
    [...associationsOf(state).values()].flatMap((pair) => [
      ...[...pair.labels.values()].map((label) => labelAddress(pair.from, pair.to, label.label)),
      ...[...pair.limits.values()].map((limit) => limitAddress(pair.from, pair.to, limit)),
    ]),
  pull: associationPull as PullPart,
  diff: diffAssociations,
  manifest: associationManifest,
  graph: associationGraph,
  planWarnings: (policy, desired) => {
    const warning = unscopedLabelsWarning(policy, desired);
    return warning === undefined ? [] : [warning];
  },
  manage: [
    {
      key: 'labels',
      flag: {
        name: 'label',
        summary:
          "Add only the association labels of this object pair (tickets->orders), or those whose text matches ('contacts->companies:Escalation *'), and read that pair; repeatable. Default: policy.manage.labels of the project.",
        helpValue: 'FROM->TO[:TEXT]',
        quoted: true,
        rank: 2,
        owns: "The project owns the association labels of this object pair (tickets->orders), or those whose text matches ('contacts->companies:Escalation *'); repeatable.",
        guide:
          "the association labels it owns with --label (--label 'tickets->orders', --label 'contacts->companies:Escalation *')",
        parse: parseLabelFlag,
      },
      note: {
        given: [
          'every association label of an object pair (tickets->orders), or those whose text or inverse',
          "text matches a pattern ('contacts->companies:Escalation *')",
        ],
        absent: [
          'the association labels it owns: every label of an object pair (tickets->orders), or those whose',
          "text or inverse text matches a pattern ('contacts->companies:Escalation *'); until one is listed,",
          'labels have no owner and a manifest may name any:',
          'labels: [tickets->orders]',
        ],
      },
      schema: Type.Array(
        ref(
          LabelScopeEntryDef,
          'An object pair (`tickets->orders`, object types by name or id), optionally with `:` and a pattern of label text.',
        ),
        {
          description:
            "Association labels the project owns: `tickets->orders` (every user label of that object pair, both directions, the limits on them and on the pair's built-in types) or `contacts->companies:Escalation *` (the user labels of that pair whose text or inverse text matches; `*` any run of characters).",
          uniqueItems: true,
        },
      ),
      canonical: canonicalLabelEntry,
    },
  ],
};
