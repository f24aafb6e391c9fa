/**
 * The switches of `agents`, on a server and on the aggregate, in the order the README documents them,
 * each with the switches it turns on with it: a framework adapter reads the Standard Schema objects
 * of schemas.ts. Each key is one row of the adapters' table (src/emit/agents/adapters.ts), in this
 * order. Config comes before the table in the pipeline and cannot read it, so it names the keys
 * itself; test/adapter-registry.test.ts holds the two equal.
 */
const AGENT_SWITCHES = {
  standardSchema: [],
  codeMode: [],
  langchain: ['standardSchema'],
  mastra: ['standardSchema'],
  openai: ['standardSchema'],
} as const satisfies Record<string, readonly string[]>;

export type AgentSwitch = keyof typeof AGENT_SWITCHES;

/** Each off unless set. */
export type AgentSwitches = Partial<Record<AgentSwitch, boolean>>;

/** The keys, in the README's order. */
export const AGENT_SWITCH_KEYS = Object.keys(AGENT_SWITCHES) as readonly AgentSwitch[];

/** `agents` as its keys say it, for messages: `{ standardSchema, codeMode, … }`. */
export const AGENT_SWITCHES_SHAPE = `{ ${AGENT_SWITCH_KEYS.join(', ')} }`;

/** The switches a config turns on, with what each needs: `{ mastra: true }` also turns on `standardSchema`. */
export function agentSwitchesOn(switches: AgentSwitches | undefined): AgentSwitches {
  const on: AgentSwitches = { ...switches };
  for (const key of AGENT_SWITCH_KEYS)
    if (switches?.[key] === true) for (const need of AGENT_SWITCHES[key]) on[need] = true;
  return on;
}
