import { compareStrings } from '../shared/compare.js';
import type { Snapshot } from '../snapshot/types.js';
import { NamePlanner, RESERVED_MEMBER_NAMES, pascalCase } from './naming.js';

/** A tool's names in the client: its base (types, files) and its method on the client class. */
interface ToolMemberNames {
  readonly tool: string;
  readonly base: string;
  readonly method: string;
}

/** The client class's members, as the generator names them. */
export interface MemberNames {
  readonly groups: {
    readonly resources: string | undefined;
    readonly templates: string | undefined;
    readonly prompts: string | undefined;
  };
  readonly catalog: string;
  /** In tool-name order. */
  readonly tools: readonly ToolMemberNames[];
}

/**
 * Every member name of the client class, decided here once: the generator's model and the mock's
 * handler keys (`getForecast` for `get_forecast`) both read it, so they can never disagree. Tools
 * are named in name order, so `foo-bar` and `foo_bar` are FooBar and FooBar2 whatever the listing order.
 */
export function planMemberNames(
  snapshot: Pick<Snapshot, 'tools' | 'resources' | 'resourceTemplates' | 'prompts'>,
): MemberNames {
  const methods = new NamePlanner(RESERVED_MEMBER_NAMES);
  // The helper groups are class members too: claimed before any tool, so a tool named `templates` gets another name.
  const groups = {
    resources: snapshot.resources.length ? methods.claim('resources') : undefined,
    templates: snapshot.resourceTemplates.length ? methods.claim('templates') : undefined,
    prompts: snapshot.prompts.length ? methods.claim('prompts') : undefined,
  };
  const catalog = methods.claim('catalog');
  const bases = new NamePlanner();
  const names = snapshot.tools.map((t) => t.name).sort(compareStrings);
  const tools = names.map((tool) => {
    // `foo-bar` and `foo_bar` both want FooBar: the second in name order becomes FooBar2, in every name.
    const base = bases.claim(pascalCase(tool, 'Tool'));
    const camel = base.charAt(0).toLowerCase() + base.slice(1);
    return { tool, base, method: methods.claim(camel) };
  });
  return { groups, catalog, tools };
}
