import { entityId, SERVER_ENTITY } from '../diff/entities.js';
import type { Snapshot } from '../snapshot/types.js';
import type { LintFindings } from './findings.js';
import { quote } from './text.js';

/** What every rule family gets: the catalog, where findings go, and the policy's thresholds. */
export interface LintContext {
  snapshot: Snapshot;
  out: LintFindings;
  descriptionBudget: number;
  maxTools: number;
}

export const toolEntity = (name: string) => entityId('tool', name);

/** `tool "search"` with hidden characters escaped: how messages name a tool. */
export const toolSubject = (name: string) => subjectOf(toolEntity(name));

/** `resource "file:///a"`, `prompt "greet"`, `server`: any entity id as messages name it, hidden characters escaped. */
export function subjectOf(entity: string): string {
  if (entity === SERVER_ENTITY) return 'server';
  const colon = entity.indexOf(':');
  return `${entity.slice(0, colon).replace('-', ' ')} ${quote(entity.slice(colon + 1), 60)}`;
}
