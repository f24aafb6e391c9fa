import { entityId, entitySubject } from '../diff/entities.js';
import type { Snapshot } from '../snapshot/types.js';
import type { LintFindings } from './findings.js';
import { escapeHidden } from '../shared/hidden-text.js';

/** What every rule family gets: the catalog, where findings go, and the policy's thresholds. */
export interface LintContext {
  snapshot: Snapshot;
  out: LintFindings;
  descriptionBudget: number;
  maxTools: number;
  /** The least share of tools and input properties with a description (`catalog-description-coverage`). */
  descriptionCoverage: number;
  /** Tools whose result shape was sampled (`mcp-codegen sample`), typed from that rather than declared. */
  sampled: ReadonlySet<string>;
}

export const toolEntity = (name: string) => entityId('tool', name);

/** `resource "file:///a"`, `prompt "greet"`, `server`: an entity as messages name it (diff's wording), hidden characters escaped. */
export const subjectOf = (entity: string) => escapeHidden(entitySubject(entity));

export const toolSubject = (name: string) => subjectOf(toolEntity(name));
