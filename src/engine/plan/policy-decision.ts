/**
 * What the target's policy does with each change, decided when the plan is made so that the plan says
 * it (and apply does exactly that): a destructive change is refused unless the policy says
 * `destructive: allow`, its `allow:` list names the change's address, or `--allow-destructive` was
 * given; a dangerous one likewise under `dangerous: deny` (`--allow-dangerous`); a safe one always
 * applies. A change a rollback cannot reverse (its `reversal`) is refused too under `irreversible: deny`,
 * unless `allow:` names it or `--allow-irreversible` was given: both gates must let it through. A change
 * that depends on a refused one cannot run: it is refused with it. A blocked change (a data step meeting
 * values it did not write, a restore of the values a finished rename left behind) is refused whatever the
 * policy and the flags say, until the manifests decide (`rule: 'conflict'`). Pure.
 */
import { Type, oneOfValues, type Static } from '../../core/json-schema.js';
import { DEFAULT_POLICY, type GatePolicy } from '../model/policy.js';
import type { Reversal } from './reversal-shape.js';

export const POLICY_RULES = [
  'safe',
  'allowed-by-policy',
  'allowed-by-name',
  'allowed-by-flag',
  'destructive',
  'dangerous',
  'irreversible',
  'dependency',
  'conflict',
] as const;

export const PolicyDecisionShape = Type.Object(
  {
    decision: oneOfValues(['apply', 'refuse'], 'apply or refuse.'),
    /** which rule decided: `safe`, the rule that lets it through (`allowed-by-...`), or what refused it */
    rule: oneOfValues(
      POLICY_RULES,
      "What decided: a safe change, what lets it through (the severity's rule, or `irreversible:`, says allow, its address is in `allow:`, or `--allow-destructive` / `--allow-dangerous` / `--allow-irreversible`), or what refuses it (`destructive: deny`, `dangerous: deny`, `irreversible: deny` for a change a rollback cannot reverse, a change it depends on being refused, or `conflict`: a data step meeting values it did not write, or a restore of the values a finished rename left behind, refused whatever the policy says until the manifests decide).",
    ),
    /** why, in words */
    reason: Type.String({ description: 'Why, in words.' }),
    /** a refused change: how to allow it */
    allow: Type.Optional(Type.String({ description: 'A refused change: how to allow it.' })),
  },
  {
    description:
      "What the target's policy does with the change: apply it, or refuse it (apply then writes nothing, unless `--skip-refused`).",
    additionalProperties: false,
  },
);

export type PolicyDecision = Static<typeof PolicyDecisionShape>;

/** The command-line allowances of a plan (`--allow-destructive`, `--allow-dangerous`, `--allow-irreversible`). */
export interface Allowances {
  destructive: boolean;
  dangerous: boolean;
  /** absent: not given */
  irreversible?: boolean;
}

export const NO_ALLOWANCES: Allowances = { destructive: false, dangerous: false };

/** The project default when no policy is given: destructive changes denied, dangerous ones allowed. */
export const DEFAULT_GATE: GatePolicy = {
  destructive: DEFAULT_POLICY.destructive,
  dangerous: DEFAULT_POLICY.dangerous,
  allow: DEFAULT_POLICY.allow,
  source: 'the default policy',
};

interface Decidable {
  id: string;
  address: string;
  severity: 'safe' | 'dangerous' | 'destructive';
  dependsOn: readonly string[];
  /** whether a rollback can reverse it (absent: it can) */
  reversal?: Reversal;
  /** refused until the user decides, whatever the policy and the flags say */
  blocked?: { reason: string; decide: string };
}

/** The decision for each change, in plan order (a dependency always comes first). */
export function decideAll(
  changes: readonly Decidable[],
  gate: GatePolicy,
  allowances: Allowances = NO_ALLOWANCES,
): Map<string, PolicyDecision> {
  const decisions = new Map<string, PolicyDecision>();
  for (const change of changes) {
    const own: PolicyDecision =
      change.blocked === undefined
        ? decidePolicy(change, gate, allowances)
        : {
            decision: 'refuse',
            rule: 'conflict',
            reason: change.blocked.reason,
            allow: change.blocked.decide,
          };
    const blocker =
      own.decision === 'apply'
        ? change.dependsOn.find((dep) => decisions.get(dep)?.decision === 'refuse')
        : undefined;
    decisions.set(
      change.id,
      blocker === undefined
        ? own
        : {
            decision: 'refuse',
            rule: 'dependency',
            reason: `it depends on ${blocker}, which the policy refuses`,
            allow: `allow ${blocker.slice(blocker.indexOf(' ') + 1)} (this change then runs too)`,
          },
    );
  }
  return decisions;
}

export function decidePolicy(
  change: Pick<Decidable, 'address' | 'severity' | 'reversal'>,
  gate: GatePolicy,
  allowances: Allowances = NO_ALLOWANCES,
): PolicyDecision {
  const bySeverity = decideSeverity(change, gate, allowances);
  if (bySeverity.decision === 'refuse' || change.reversal?.reversible !== false) return bySeverity;
  return decideIrreversible(change.address, bySeverity, gate, allowances);
}

/** A change a rollback cannot reverse, which its severity lets through: `irreversible:` decides too. */
function decideIrreversible(
  address: string,
  bySeverity: PolicyDecision,
  gate: GatePolicy,
  allowances: Allowances,
): PolicyDecision {
  if ((gate.irreversible ?? 'allow') === 'allow') return bySeverity;
  const also = (reason: string) => (bySeverity.rule === 'safe' ? reason : `${bySeverity.reason}; ${reason}`);
  if (allowances.irreversible === true)
    return {
      decision: 'apply',
      rule: 'allowed-by-flag',
      reason: also('irreversible, allowed by --allow-irreversible'),
    };
  if (gate.allow.includes(address))
    return {
      decision: 'apply',
      rule: 'allowed-by-name',
      reason: also(`irreversible, allowed by name in allow: of ${gate.source}`),
    };
  return {
    decision: 'refuse',
    rule: 'irreversible',
    reason: `irreversible: deny of ${gate.source}, and ${address} is not in its allow: list`,
    allow: `add ${address} to allow: of ${gate.source}, set irreversible: allow there, or plan and apply with --allow-irreversible`,
  };
}

function decideSeverity(
  change: Pick<Decidable, 'address' | 'severity'>,
  gate: GatePolicy,
  allowances: Allowances,
): PolicyDecision {
  if (change.severity === 'safe') return { decision: 'apply', rule: 'safe', reason: 'safe' };
  const severity = change.severity;
  const flag = `--allow-${severity}`;
  if (allowances[severity])
    return { decision: 'apply', rule: 'allowed-by-flag', reason: `${severity}, allowed by ${flag}` };
  if (gate[severity] === 'allow')
    return {
      decision: 'apply',
      rule: 'allowed-by-policy',
      reason: `${severity}, allowed by ${severity}: allow of ${gate.source}`,
    };
  if (gate.allow.includes(change.address))
    return {
      decision: 'apply',
      rule: 'allowed-by-name',
      reason: `${severity}, allowed by name in allow: of ${gate.source}`,
    };
  return {
    decision: 'refuse',
    rule: severity,
    reason: `${severity}: deny of ${gate.source}, and ${change.address} is not in its allow: list`,
    allow: `add ${change.address} to allow: of ${gate.source}, set ${severity}: allow there, or plan and apply with ${flag}`,
  };
}

/** How a refusal reads: refused by the policy (and how to allow it), or until the user decides (and how). */
export function refusalWords(decision: Pick<PolicyDecision, 'rule'>): { refused: string; how: string } {
  return decision.rule === 'conflict'
    ? { refused: 'refused until you decide', how: 'to decide' }
    : { refused: 'refused by policy', how: 'to allow it' };
}
