/**
 * The families the engine works with, installed once at the top (the command line's main, a test's
 * setup) from the family list: the engine asks here for a family, a type of resource or a change kind,
 * and never imports a family. Installing checks the list: unique names, kinds and resource types, and
 * each family after the families it depends on.
 */
import { registerDiagnosticCodes, type CodeInfo } from '../core/source/codes.js';
import type { ChangeShape } from './plan/change-shapes.js';
import type { ChangeKind } from './plan/kinds/change-kind.js';
import { createRegistry, type KindRegistry } from './plan/kinds/create-registry.js';
import type { Family, ResourceRef, ResourceType } from './family.js';

interface Installed {
  families: readonly Family[];
  byName: ReadonlyMap<string, Family>;
  resources: ReadonlyMap<string, { family: Family; type: ResourceType }>;
  tombstones: ReadonlyMap<string, (tombstone: never) => string>;
  kinds: KindRegistry;
  phases: readonly string[];
}

let current: Installed | undefined;
/** how many times a list was installed: caches made from the list key on it */
let generation = 0;

/** Installs `list` (in its order), replacing any list installed before. */
export function installFamilies(list: readonly Family[]): void {
  const byName = new Map<string, Family>();
  const resources = new Map<string, { family: Family; type: ResourceType }>();
  const tombstones = new Map<string, (tombstone: never) => string>();
  for (const family of list) {
    if (byName.has(family.name)) throw new Error(`internal error: two families named ${family.name}`);
    for (const dependency of family.dependsOn ?? [])
      if (!byName.has(dependency))
        throw new Error(
          `internal error: the family ${family.name} needs ${dependency} before it in the list`,
        );
    byName.set(family.name, family);
    for (const [kind, type] of Object.entries(family.resources)) {
      if (resources.has(kind)) throw new Error(`internal error: two resource types named ${kind}`);
      resources.set(kind, { family, type: type as ResourceType });
    }
    for (const [kind, address] of Object.entries(family.tombstones)) {
      if (tombstones.has(kind)) throw new Error(`internal error: two tombstone kinds named ${kind}`);
      tombstones.set(kind, address);
    }
  }
  const kinds = createRegistry(list.flatMap((family) => family.kinds) as ChangeKind<ChangeShape>[]);
  const phases = [
    ...list.flatMap((family) => family.phases.build),
    ...[...list].reverse().flatMap((family) => family.phases.tearDown),
  ];
  if (new Set(phases).size !== phases.length) throw new Error('internal error: two phases of the same name');
  const codes: Record<string, CodeInfo> = {};
  for (const family of list) Object.assign(codes, family.manifest.codes ?? {});
  registerDiagnosticCodes(codes);
  current = { families: [...list], byName, resources, tombstones, kinds, phases };
  generation += 1;
}

function installed(): Installed {
  if (current === undefined)
    throw new Error('internal error: no resource families are installed (installFamilies runs at the start)');
  return current;
}

/** A number that changes whenever a list is installed: what is made from the list is remade. */
export function installedGeneration(): number {
  installed();
  return generation;
}

/** Every family, in the order of the list. */
export function families(): readonly Family[] {
  return installed().families;
}

export function familyNamed(name: string): Family | undefined {
  return installed().byName.get(name);
}

/** The type of a resource, with its family; an unknown kind is an internal error. */
export function resourceTypeOf(ref: ResourceRef): { family: Family; type: ResourceType } {
  const found = installed().resources.get(ref.kind);
  if (found === undefined) throw new Error(`internal error: no family has resources of kind ${ref.kind}`);
  return found;
}

/** Whether some family has resources of this kind (read from outside: an apply record). */
export function isResourceKind(kind: string): boolean {
  return installed().resources.has(kind);
}

/** The address of a tombstone, as its family says. */
export function tombstoneAddressOf(tombstone: { kind: string }): string {
  const address = installed().tombstones.get(tombstone.kind);
  if (address === undefined)
    throw new Error(`internal error: no family has tombstones of kind ${tombstone.kind}`);
  return (address as (t: unknown) => string)(tombstone);
}

/** The change kinds of every family: change type -> kind. */
export function kindRegistry(): KindRegistry {
  return installed().kinds;
}

/** Every phase, in the order apply runs them. */
export function phaseList(): readonly string[] {
  return installed().phases;
}

/** A value made from the installed list once, and again whenever another list is installed. */
export function perInstall<T>(make: () => T): () => T {
  let made: { generation: number; value: T } | undefined;
  return () => {
    const now = installedGeneration();
    if (made === undefined || made.generation !== now) made = { generation: now, value: make() };
    return made.value;
  };
}
