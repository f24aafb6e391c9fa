import { ruleRegistry } from '../diff/registry.js';
import type { Level } from './types.js';

/** Rule families: one file each in this folder. `generate` runs the `security` family. */
export const FAMILIES = ['names', 'descriptions', 'contracts', 'security', 'resources'] as const;
export type Family = (typeof FAMILIES)[number];

/** The shape of a registry entry; `LintRuleDefinition` is the same with the id narrowed to `LintRuleId`. */
interface LintRuleSpec {
  id: string;
  level: Level;
  family: Family;
  /** What triggers it, for the docs table, `--help` and SARIF rule descriptions. */
  trigger: string;
}

export const DEFAULT_DESCRIPTION_BUDGET = 1024;
export const DEFAULT_MAX_TOOLS = 40;
export const DEFAULT_DESCRIPTION_COVERAGE = 0.8;

/**
 * The registry. Ids are stable: once shipped, never renamed or reused. Levels are the defaults:
 * security findings are errors (a catalog that attacks its client), contract and style findings
 * warnings or info.
 */
// prettier-ignore
export const LINT_RULES = [
  { id: 'tool-name-invalid', level: 'error', family: 'names', trigger: "a tool name outside the spec's 1–128 characters of `A-Za-z0-9_-.`" },
  { id: 'tool-name-generic', level: 'warning', family: 'names', trigger: 'a tool name made only of generic words (`process`, `run`, `tool`), or one that starts with a filler verb (`do_search`, `handle_request`)' },
  { id: 'tool-name-not-action-target', level: 'info', family: 'names', trigger: 'a tool name that is not an action plus a target: one word (`notes`), or no known verb (`notes_list_items` has one, `user_profile` has none)' },
  { id: 'tool-name-style-mixed', level: 'warning', family: 'names', trigger: 'a tool named in another style than most of the catalog (`get-user` among `snake_case` names), or mixing separators itself (`get_user-info`)' },
  { id: 'tool-name-versioned', level: 'warning', family: 'names', trigger: 'a version in a tool name (`search_v2`, `searchV2`, `search_2`, `legacy_search`): version the server, not the tool' },
  { id: 'tool-description-missing', level: 'warning', family: 'descriptions', trigger: 'a tool without a description (or a blank one)' },
  { id: 'tool-description-vague', level: 'warning', family: 'descriptions', trigger: 'a description of fewer than four words, a placeholder (`TODO`), or one that only repeats the name' },
  { id: 'tool-description-too-long', level: 'warning', family: 'descriptions', trigger: 'a tool description over the budget (`descriptionBudget`, default 1,024 UTF-8 bytes)' },
  { id: 'catalog-description-coverage', level: 'warning', family: 'descriptions', trigger: 'fewer of the tools and input properties (nested ones included) described than `descriptionCoverage` (a share, default 0.8)' },
  { id: 'input-property-undocumented', level: 'warning', family: 'descriptions', trigger: 'an input property (at any depth) without a description' },
  { id: 'input-additional-properties-allowed', level: 'warning', family: 'contracts', trigger: 'an input schema that accepts undeclared properties (no `additionalProperties: false` at the root)' },
  { id: 'input-authorization-argument', level: 'warning', family: 'contracts', trigger: 'an input property that carries authorisation (`role`, `tenantId`, `isAdmin`, `permissions`, `impersonate`, ...): who the caller is must come from the session, not from arguments' },
  { id: 'output-schema-missing', level: 'warning', family: 'contracts', trigger: 'a tool without an `outputSchema` (results are untyped text)' },
  { id: 'error-branch-uncoded', level: 'warning', family: 'contracts', trigger: 'an output code field (`code`, `errorCode`, `error_code`, `error`) whose value is free text or a sentence rather than a `const`/`enum` code token, so clients cannot branch on it' },
  { id: 'description-hidden-characters', level: 'error', family: 'security', trigger: 'zero-width characters, bidi controls, Unicode tag characters (U+E0000–U+E007F) or control characters in any text the server sends: names, descriptions, titles, enum values, defaults, property names, instructions' },
  { id: 'description-instruction-like', level: 'error', family: 'security', trigger: 'text that addresses the model rather than describing the tool: "ignore previous instructions", "do not tell the user", `<IMPORTANT>` blocks, requests to read secrets' },
  { id: 'catalog-tool-count-high', level: 'warning', family: 'security', trigger: 'more tools than `maxTools` (default 40): capability bloat, a large attack surface and poor tool selection' },
  { id: 'resource-mime-type-missing', level: 'warning', family: 'resources', trigger: 'a resource or resource template without `mimeType`' },
  { id: 'resource-uri-sensitive', level: 'error', family: 'resources', trigger: 'a resource URI or template carrying credentials: a password in the authority, a token-like query parameter (`token`, `api_key`, `sig`, ...) or a known secret format' },
  { id: 'ui-resource-without-csp', level: 'warning', family: 'resources', trigger: 'an MCP Apps UI resource without `_meta.ui.csp`: hosts then allow its view no network access, and some (ChatGPT) require a CSP to accept an app' },
  { id: 'ui-deprecated-resource-uri-key', level: 'info', family: 'resources', trigger: 'a tool names its UI resource only by the deprecated flat `_meta["ui/resourceUri"]`, not `_meta.ui.resourceUri`' },
  { id: 'ui-resource-unreadable', level: 'error', family: 'resources', trigger: 'a tool names a UI resource that could not be read when the snapshot was taken (`uiResources` records the error)' },
] as const satisfies readonly LintRuleSpec[];

/** Every lint rule id, from the registry: a typo where a finding is raised does not compile. */
export type LintRuleId = (typeof LINT_RULES)[number]['id'];
export type LintRuleDefinition = LintRuleSpec & { id: LintRuleId };
/** `isLintRuleId` is for ids from outside the engine (a config's policy); `lintRule` throws on an unknown id. */
export const { get: lintRule, has: isLintRuleId } = ruleRegistry<LintRuleDefinition>(
  LINT_RULES,
  'lint',
);
