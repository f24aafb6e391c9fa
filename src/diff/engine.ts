import type { DiffPolicy, ErrorCodeConfig } from '../config/types.js';
import type { Snapshot, Tool } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { compareEntities, entityId, pairBy, toolKey } from './entities.js';
import { FindingList } from './findings.js';
import { canonicalJson } from './json.js';
import { validatePolicy } from './policy.js';
import { comparePrompts } from './prompts.js';
import { compareResources, compareTemplates } from './resources.js';
import { compareServer } from './server.js';
import { settleFindings } from './settle.js';
import { compareTool } from './tools.js';
import { compareUiResources } from './ui-resources.js';
import { type DiffReport, type Finding, REPORT_FORMAT, REPORT_VERSION } from './types.js';

export interface DiffOptions {
  /** Level overrides and ignore entries; validated (unknown rule ids are an error). */
  policy?: DiffPolicy;
  /** Extra error codes per tool (a published error catalog), as for generation. */
  errorCodes?: ErrorCodeConfig;
  /** Labels for the report (file names, `rev:path`); default "base" and "head". */
  baseLabel?: string;
  headLabel?: string;
}

/**
 * Compare two snapshots entity by entity and classify every change. Pure: no I/O, no exit codes;
 * the same inputs give the same report, byte for byte, whatever order the servers listed things in.
 */
export function diffSnapshots(
  base: Snapshot,
  head: Snapshot,
  options: DiffOptions = {},
): DiffReport {
  const policy = validatePolicy(options.policy);
  const out = new FindingList();
  compareTools(base.tools, head.tools, out, options.errorCodes);
  // A bare tools/list result says nothing about the rest of the server: comparing its empty lists
  // with a full snapshot would report everything else as removed.
  if (!isBareToolsList(base) && !isBareToolsList(head)) {
    compareServer(base, head, out);
    compareResources(base.resources, head.resources, out);
    compareTemplates(base.resourceTemplates, head.resourceTemplates, out);
    comparePrompts(base.prompts, head.prompts, out);
    compareUiResources(base, head, out);
  }
  const { summary, findings, suppressed } = settleFindings(out.items, policy, compareFindings);
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    base: options.baseLabel ?? 'base',
    head: options.headLabel ?? 'head',
    summary,
    findings,
    suppressed,
  };
}

function compareTools(
  base: Tool[],
  head: Tool[],
  out: FindingList,
  errorCodes?: ErrorCodeConfig,
): void {
  const pairs = pairBy(base, head, toolKey);
  const removed = pairs.filter((p) => !p.head).map((p) => p.base!);
  const added = pairs.filter((p) => !p.base).map((p) => p.head!);
  const renames = probableRenames(removed, added);
  for (const pair of pairs) {
    const entity = entityId('tool', pair.key);
    if (!pair.head) {
      const to = renames.get(pair.base!);
      out.add(
        'tool-removed',
        entity,
        '',
        pair.key,
        null,
        to &&
          `tool ${JSON.stringify(to.name)} was added with identical schemas: a rename? Clients calling ${JSON.stringify(pair.key)} break`,
      );
    } else if (!pair.base) {
      const from = renames.get(pair.head);
      out.add(
        'tool-added',
        entity,
        '',
        null,
        pair.key,
        from && `identical schemas to removed tool ${JSON.stringify(from.name)}: a rename?`,
      );
    } else {
      compareTool(pair.base, pair.head, entity, out, errorCodes);
    }
  }
}

/** A removed and an added tool with the same schemas, when that pairing is unambiguous. */
function probableRenames(removed: Tool[], added: Tool[]): Map<Tool, Tool> {
  const renames = new Map<Tool, Tool>();
  if (removed.length === 0 || added.length === 0) return renames;
  const signature = (t: Tool) => canonicalJson([t.inputSchema, t.outputSchema ?? null]);
  const group = (tools: Tool[]) => {
    const map = new Map<string, Tool[]>();
    for (const t of tools) map.set(signature(t), [...(map.get(signature(t)) ?? []), t]);
    return map;
  };
  const addedBySignature = group(added);
  for (const [sig, olds] of group(removed)) {
    const news = addedBySignature.get(sig);
    if (olds.length !== 1 || news?.length !== 1) continue;
    renames.set(olds[0]!, news[0]!).set(news[0]!, olds[0]!);
  }
  return renames;
}

function isBareToolsList(s: Snapshot): boolean {
  return (
    s.capabilities === undefined &&
    s.serverInfo === undefined &&
    s.protocolVersion === undefined &&
    s.instructions === undefined &&
    s.resources.length === 0 &&
    s.resourceTemplates.length === 0 &&
    s.prompts.length === 0
  );
}

/** Entity, then pointer, then rule id; before/after break the remaining ties (several enum values at one pointer). */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareEntities(a.entity, b.entity) ||
    compareStrings(a.pointer, b.pointer) ||
    compareStrings(a.id, b.id) ||
    compareStrings(canonicalJson(a.before), canonicalJson(b.before)) ||
    compareStrings(canonicalJson(a.after), canonicalJson(b.after))
  );
}
