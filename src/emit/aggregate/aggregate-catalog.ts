import type { AggregateModel } from '../../model/aggregate.js';
import { str } from '../print/text.js';

/**
 * The aggregate class's `catalog` (templates/runtime-aggregate.ts): each server's guard, with the
 * tools and flat names it had at generation, from which the runtime tells a conflict the policy
 * resolved from one only a live catalog has. The tool names reach the code as string literals.
 */
export function catalogImports(model: AggregateModel): string[] {
  const from = str(model.runtimeAggregate);
  return [
    `import { AggregateCatalog, type AggregateMonitor } from ${from};`,
    `export type { AggregateChange, AggregateConflict, AggregateMonitor, AggregateVerification } from ${from};`,
  ];
}

export function catalogField(model: AggregateModel): string {
  return [
    '  /**',
    "   * Every server's live catalog against the one it was generated from (`verify()`, `onChange(listener)`),",
    '   * and the conflicts a live catalog brings: a tool that becomes a flat name, or the name of another',
    "   * server's tool. A flat call stays bound to the server it was generated for.",
    '   */',
    `  readonly catalog: AggregateMonitor<keyof ${model.clientsType}>;`,
  ].join('\n');
}

export function catalogConstructorLines(model: AggregateModel): string[] {
  const servers = model.servers.map((s) => {
    const tools = s.model.tools.map((t) => str(t.tool.name));
    const flat = model.flat.filter((f) => f.server === s).map((f) => str(f.name));
    return `      ${s.key}: { catalog: this.${s.key}.${s.model.guard.member}, tools: [${tools.join(', ')}], flat: [${flat.join(', ')}] },`;
  });
  return ['    this.catalog = new AggregateCatalog({', ...servers, '    });'];
}
