import type {
  AggregateModel,
  AggregateServerModel,
  FlatToolModel,
} from '../../model/aggregate-types.js';
import type { LeaveOutReason, LeftOut } from '../../model/adapters/leave-out.js';
import type { ToolModel } from '../../model/types.js';
import { plural } from '../../shared/plural.js';
import { jsDoc } from '../print/print.js';
import { str } from '../print/text.js';

/** What the adapters print alike: one copy each. */

/** A wire name as a property key: quoted, and computed for `__proto__`, which would set the prototype. */
export const wireKey = (name: string): string =>
  name === '__proto__' ? `[${str(name)}]` : str(name);

/** What a framework tells the model a tool does: its description, else its title, else its name. */
export const toolDescription = (t: ToolModel): string =>
  t.tool.description ?? t.tool.title ?? t.tool.name;

/** Why a model-facing file leaves tools out, as its header says it: what they are, then why, in lines. */
const LEFT_OUT_BECAUSE: Readonly<Record<LeaveOutReason, readonly [string, ...string[]]>> = {
  'not-visible-to-model': [
    'the model may not see',
    'MCP Apps marks them for the app alone (`_meta.ui.visibility` without "model"),',
    'and a host must not give those to the model.',
  ],
};

/**
 * The header of a model-facing file: the banner, and a line for each reason it leaves tools out,
 * with how many. No names: code mode hands its file to the model itself.
 */
export function withLeftOut(header: string, leftOut: readonly LeftOut[]): string {
  if (leftOut.length === 0) return header;
  const lines = leftOut.flatMap(({ reason, tools }) => {
    const [what, ...why] = LEFT_OUT_BECAUSE[reason];
    return [`Left out: ${plural(tools.length, 'tool')} ${what}.`, ...why];
  });
  const note = [...lines, 'The client and the tool functions keep every tool.'];
  return `${header.replace(/\n$/, '')}\n${note.map((l) => `// ${l}`).join('\n')}\n`;
}

/** The parameter of an adapter function: `_client` when it offers no tool, whose function reads none. */
export const clientParameter = (tools: readonly ToolModel[]): string =>
  tools.length ? 'client: McpClientLike' : '_client: McpClientLike';

/**
 * An adapter's function of its tools keyed by wire name: `export function <name>(<parameter>):
 * { <members> } { return { <entries> }; }`, with its doc comment.
 */
export const toolsFunction = (
  doc: readonly string[],
  name: string,
  parameter: string,
  members: readonly string[],
  entries: readonly string[],
): string =>
  `${jsDoc(doc)}export function ${name}(${parameter}): {\n${members.join('\n')}\n} {\n  return {\n${entries.join('\n')}\n  };\n}`;

/** `import * as <key> from '<module>'` for each server an aggregate's file reads: by default, the server's index.ts. */
export const serverImports = (
  servers: readonly AggregateServerModel[],
  specifier: (s: AggregateServerModel) => string = (s) => s.specifier,
): string[] => servers.map((s) => `import * as ${s.key} from ${str(specifier(s))};`);

/** The servers an aggregate's adapter file reads: those with a tool it offers. */
export const serversOffering = (model: AggregateModel, offered: readonly FlatToolModel[]) =>
  model.servers.filter((s) => offered.some((f) => f.server === s));
