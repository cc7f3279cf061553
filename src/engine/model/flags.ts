/** The live-only facts of a resource as the API gives them (built in, archived, when and by whom last changed). */
import type { ResourceFlags } from './schema-model.js';

export interface FlaggedAnswer {
  platformDefined?: boolean | null;
  archived?: boolean | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  updatedUserId?: string | null;
}

export function flagsOf(answer: FlaggedAnswer): ResourceFlags {
  const flags: ResourceFlags = {
    platformDefined: answer.platformDefined === true,
    archived: answer.archived === true,
  };
  if (typeof answer.createdAt === 'string') flags.createdAt = answer.createdAt;
  if (typeof answer.updatedAt === 'string') flags.updatedAt = answer.updatedAt;
  if (typeof answer.updatedUserId === 'string') flags.updatedUserId = answer.updatedUserId;
  return flags;
}
