import type { JsonValue } from '../snapshot/types.js';
import { brief } from './json.js';
import { describeSchemaPointer, lastToken, pointerTokens, schemaLocation } from './pointer.js';
import { ruleRegistry } from './registry.js';
import type { Level } from './types.js';

/** What a message template is rendered from: never more than the finding itself carries, plus a hint. */
export interface MessageInput {
  /** `tool "search"`, `prompt "greet"`, `server`. */
  subject: string;
  pointer: string;
  before: JsonValue;
  after: JsonValue;
  /** Extra context the engine found, e.g. a probable rename. */
  hint?: string;
}

/** The shape of a registry entry; `RuleDefinition` is the same with the id narrowed to `RuleId`. */
interface RuleSpec {
  id: string;
  level: Level;
  /** What triggers it, for the docs table. */
  trigger: string;
  message: (m: MessageInput) => string;
}

const where = (m: MessageInput) => describeSchemaPointer(m.pointer);
/** ` maxLength`, or nothing when the pointer is a whole schema. */
const keyword = (m: MessageInput) => {
  const k = schemaLocation(m.pointer).keyword;
  return k === undefined ? '' : ` ${k}`;
};
/** Type lists: an absent `type` allows anything. */
const types = (v: JsonValue) => (v === null ? 'any type' : brief(v));
const change = (m: MessageInput) => `${brief(m.before)} → ${brief(m.after)}`;
const hint = (m: MessageInput) => (m.hint ? ` (${m.hint})` : '');
/** `annotations.title`, `_meta.category`: a field path for people. */
const field = (m: MessageInput) => pointerTokens(m.pointer).join('.');
/** A prompt argument's name: pointers are `/arguments/<name>[/field]`. */
const argument = (m: MessageInput) => JSON.stringify(pointerTokens(m.pointer)[1] ?? '');

/**
 * Every rule the engine can report. Ids are public API (configs and ignore lists name them):
 * add new ids, never rename or reuse one. The README table in this folder documents each; a test
 * keeps the two in step.
 */
// prettier-ignore
export const RULES = [
  // Tools.
  { id: 'tool-removed', level: 'error', trigger: 'a tool is gone', message: (m) => `${m.subject} was removed${hint(m)}` },
  { id: 'tool-added', level: 'info', trigger: 'a new tool', message: (m) => `${m.subject} was added${hint(m)}` },
  { id: 'tool-description-changed', level: 'info', trigger: "a tool's description changed", message: (m) => `${m.subject}: description changed: ${change(m)}` },
  { id: 'tool-title-changed', level: 'info', trigger: "a tool's title changed", message: (m) => `${m.subject}: title changed: ${change(m)}` },
  { id: 'tool-metadata-changed', level: 'info', trigger: 'another tool field changed (`_meta`, `icons`, `execution` other than `taskSupport`, unknown fields)', message: (m) => `${m.subject}: ${field(m)} changed: ${change(m)}` },
  { id: 'tool-task-support-changed', level: 'warning', trigger: '`execution.taskSupport` changed (e.g. `forbidden` → `required`: calls must now go through tasks)', message: (m) => `${m.subject}: execution.taskSupport changed: ${change(m)}` },

  // Tool input (contravariant: the new schema must accept everything the old one accepted).
  { id: 'tool-input-required-property-added', level: 'error', trigger: 'a new input property that is required', message: (m) => `${m.subject}: new required ${where(m)}` },
  { id: 'tool-input-property-added', level: 'info', trigger: 'a new optional input property', message: (m) => `${m.subject}: new optional ${where(m)}` },
  { id: 'tool-input-property-became-required', level: 'error', trigger: 'an existing optional input property is now required', message: (m) => `${m.subject}: ${where(m)} became required` },
  { id: 'tool-input-property-removed', level: 'error', trigger: 'an input property is no longer declared (clients that send it are rejected or silently ignored)', message: (m) => `${m.subject}: ${where(m)} was removed` },
  { id: 'tool-input-type-narrowed', level: 'error', trigger: 'an input accepts fewer types: a type removed, `integer` instead of `number`, an `enum`/`const` introduced, a union alternative with a type no other alternative accepts removed', message: (m) => `${m.subject}: ${where(m)} accepts less: ${lastToken(m.pointer) === 'type' ? `${types(m.before)} → ${types(m.after)}` : change(m)}` },
  { id: 'tool-input-enum-value-removed', level: 'error', trigger: 'an allowed input value (`enum`/`const`) was removed', message: (m) => `${m.subject}: ${where(m)} no longer accepts ${brief(m.before)}` },
  { id: 'tool-input-constraint-tightened', level: 'error', trigger: 'a validation keyword rejects more input: `minimum`/`maximum`/`exclusive*`, `minLength`/`maxLength`, `minItems`/`maxItems`, `minProperties`/`maxProperties`, `uniqueItems`, `multipleOf`, a `pattern` or `format` added', message: (m) => `${m.subject}: ${where(m)}${keyword(m)} tightened: ${change(m)}` },
  { id: 'tool-input-additional-properties-disallowed', level: 'warning', trigger: '`additionalProperties` became `false` (or a schema): only clients that send undeclared properties break', message: (m) => `${m.subject}: ${where(m)} no longer accepts undeclared properties: ${change(m)}` },
  { id: 'tool-input-default-changed', level: 'warning', trigger: "an input property's `default` changed: clients that omit it get different behaviour", message: (m) => `${m.subject}: ${where(m)} default changed: ${change(m)}` },
  { id: 'tool-input-relaxed', level: 'info', trigger: 'the input accepts more than before: a type, enum value or alternative added, a property no longer required, a constraint loosened', message: (m) => `${m.subject}: ${where(m)} accepts more${keyword(m) ? ` (${keyword(m).trim()})` : ''}: ${change(m)}` },
  { id: 'tool-input-schema-changed', level: 'warning', trigger: 'an input schema change that cannot be proven safe or unsafe: a `pattern` or `format` edited, `not`, `if`/`then`/`else`, `patternProperties`, `allOf` branches, an unmatched union alternative, an unresolvable `$ref`', message: (m) => `${m.subject}: ${where(m)}${keyword(m)} changed and cannot be proven compatible: ${change(m)}` },

  // Tool output (covariant: the new schema must only produce what the old one could).
  { id: 'tool-output-schema-removed', level: 'error', trigger: 'a tool no longer declares an `outputSchema` (typed results are gone)', message: (m) => `${m.subject}: outputSchema was removed` },
  { id: 'tool-output-schema-added', level: 'info', trigger: 'a tool now declares an `outputSchema`', message: (m) => `${m.subject}: outputSchema was added` },
  { id: 'tool-output-required-property-removed', level: 'error', trigger: 'a required output property is gone', message: (m) => `${m.subject}: required ${where(m)} was removed` },
  { id: 'tool-output-property-removed', level: 'warning', trigger: 'an optional output property is no longer declared', message: (m) => `${m.subject}: optional ${where(m)} was removed` },
  { id: 'tool-output-property-became-optional', level: 'error', trigger: 'a required output property is now optional (clients reading it may get `undefined`)', message: (m) => `${m.subject}: ${where(m)} is no longer required` },
  { id: 'tool-output-type-widened', level: 'error', trigger: 'an output may have a type it could not have before: a type added, `number` instead of `integer`, an `enum`/`const` dropped', message: (m) => `${m.subject}: ${where(m)} may now be ${lastToken(m.pointer) === 'type' ? types(m.after) : brief(m.after)} (was ${lastToken(m.pointer) === 'type' ? types(m.before) : brief(m.before)})` },
  { id: 'tool-output-enum-value-added', level: 'warning', trigger: 'an output can take a new `enum`/`const` value (exhaustive handling breaks)', message: (m) => `${m.subject}: ${where(m)} may now be ${brief(m.after)}` },
  { id: 'tool-output-constraint-relaxed', level: 'warning', trigger: 'an output validation keyword is looser (a bound raised, `pattern`/`format` dropped, `additionalProperties: false` removed): a client validating against the old schema may reject results', message: (m) => `${m.subject}: ${where(m)}${keyword(m)} relaxed: ${change(m)}` },
  { id: 'tool-output-property-added', level: 'info', trigger: 'a new output property', message: (m) => `${m.subject}: new ${where(m)}` },
  { id: 'tool-output-narrowed', level: 'info', trigger: 'the output promises more than before: a type or enum value removed, a property became required, a constraint tightened, an alternative removed', message: (m) => `${m.subject}: ${where(m)} narrowed${keyword(m) ? ` (${keyword(m).trim()})` : ''}: ${change(m)}` },
  { id: 'tool-output-schema-changed', level: 'warning', trigger: 'an output schema change that cannot be proven safe or unsafe (same keywords as `tool-input-schema-changed`)', message: (m) => `${m.subject}: ${where(m)}${keyword(m)} changed and cannot be proven compatible: ${change(m)}` },
  { id: 'tool-schema-metadata-changed', level: 'info', trigger: 'a keyword that does not validate changed in an input or output schema: `description`, `title`, `examples`, `deprecated`, `$comment`, `$schema`, unknown keywords', message: (m) => `${m.subject}: ${where(m)}${keyword(m)} changed: ${change(m)}` },

  // Tool annotations, compared by effective value (spec defaults filled in).
  { id: 'tool-annotation-read-only-removed', level: 'warning', trigger: 'effective `readOnlyHint` went from true to false: the tool may now modify its environment', message: (m) => `${m.subject}: is no longer read-only (readOnlyHint ${change(m)})` },
  { id: 'tool-annotation-destructive-added', level: 'warning', trigger: 'effective `destructiveHint` went from false to true (default true; false for read-only tools)', message: (m) => `${m.subject}: may now be destructive (destructiveHint ${change(m)})` },
  { id: 'tool-annotation-idempotent-removed', level: 'warning', trigger: 'effective `idempotentHint` went from true to false: retries are no longer safe', message: (m) => `${m.subject}: is no longer idempotent (idempotentHint ${change(m)})` },
  { id: 'tool-annotation-open-world-added', level: 'warning', trigger: 'effective `openWorldHint` went from false to true: the tool now reaches outside systems', message: (m) => `${m.subject}: now interacts with an open world (openWorldHint ${change(m)})` },
  { id: 'tool-annotation-changed', level: 'info', trigger: 'any other annotation change: a hint moving in the safe direction, `title`, unknown annotations', message: (m) => `${m.subject}: ${field(m)} changed: ${change(m)}` },

  // Resources and templates.
  { id: 'resource-removed', level: 'error', trigger: 'a resource URI is gone', message: (m) => `${m.subject} was removed` },
  { id: 'resource-added', level: 'info', trigger: 'a new resource', message: (m) => `${m.subject} was added` },
  { id: 'resource-mime-type-changed', level: 'warning', trigger: "a resource's `mimeType` changed", message: (m) => `${m.subject}: mimeType changed: ${change(m)}` },
  { id: 'resource-changed', level: 'info', trigger: "another resource field changed (`name`, `title`, `description`, `size`, `annotations`, ...)", message: (m) => `${m.subject}: ${field(m)} changed: ${change(m)}` },
  { id: 'resource-template-removed', level: 'error', trigger: 'a resource template is gone', message: (m) => `${m.subject} was removed` },
  { id: 'resource-template-added', level: 'info', trigger: 'a new resource template', message: (m) => `${m.subject} was added` },
  { id: 'resource-template-uri-changed', level: 'error', trigger: 'a template with the same `name` has a different `uriTemplate` (exactly one removed and one added template share the name)', message: (m) => `${m.subject}: uriTemplate changed: ${change(m)}` },
  { id: 'resource-template-mime-type-changed', level: 'warning', trigger: "a resource template's `mimeType` changed", message: (m) => `${m.subject}: mimeType changed: ${change(m)}` },
  { id: 'resource-template-changed', level: 'info', trigger: 'another resource template field changed', message: (m) => `${m.subject}: ${field(m)} changed: ${change(m)}` },

  // Prompts.
  { id: 'prompt-removed', level: 'error', trigger: 'a prompt is gone', message: (m) => `${m.subject} was removed` },
  { id: 'prompt-added', level: 'info', trigger: 'a new prompt', message: (m) => `${m.subject} was added` },
  { id: 'prompt-argument-required-added', level: 'error', trigger: 'a new prompt argument that is required', message: (m) => `${m.subject}: new required argument ${argument(m)}` },
  { id: 'prompt-argument-became-required', level: 'error', trigger: 'an optional prompt argument is now required', message: (m) => `${m.subject}: argument ${argument(m)} became required` },
  { id: 'prompt-argument-removed', level: 'error', trigger: 'a prompt argument is gone', message: (m) => `${m.subject}: argument ${argument(m)} was removed` },
  { id: 'prompt-argument-added', level: 'info', trigger: 'a new optional prompt argument', message: (m) => `${m.subject}: new optional argument ${argument(m)}` },
  { id: 'prompt-argument-became-optional', level: 'info', trigger: 'a required prompt argument is now optional', message: (m) => `${m.subject}: argument ${argument(m)} is no longer required` },
  { id: 'prompt-changed', level: 'info', trigger: "a prompt's or argument's `title`, `description` or other field changed", message: (m) => `${m.subject}: ${field(m)} changed: ${change(m)}` },

  // Server.
  { id: 'capability-removed', level: 'error', trigger: 'a declared capability (or sub-capability such as `resources.subscribe`) is gone or became false', message: (m) => `${m.subject}: capability ${m.pointer.slice('/capabilities/'.length).replace(/\//g, '.')} was removed` },
  { id: 'capability-added', level: 'info', trigger: 'a new capability', message: (m) => `${m.subject}: capability ${m.pointer.slice('/capabilities/'.length).replace(/\//g, '.')} was added` },
  { id: 'capability-changed', level: 'info', trigger: 'a capability value changed otherwise', message: (m) => `${m.subject}: capability ${m.pointer.slice('/capabilities/'.length).replace(/\//g, '.')} changed: ${change(m)}` },
  { id: 'server-instructions-changed', level: 'info', trigger: 'the server instructions (sent to the model) changed, appeared or disappeared', message: (m) => `${m.subject}: instructions changed: ${change(m)}` },
  { id: 'server-protocol-version-changed', level: 'info', trigger: 'the negotiated protocol version changed', message: (m) => `${m.subject}: protocolVersion changed: ${change(m)}` },
  { id: 'server-protocol-era-changed', level: 'warning', trigger: 'the protocol era changed (`legacy`: the 2025 `initialize`; `modern`: 2026-07-28 `server/discover`): non-object outputs change shape on the wire, so regenerate in the era clients connect in', message: (m) => `${m.subject}: protocol era changed: ${change(m)}` },

  // The asking client and MCP Apps (extension io.modelcontextprotocol/ui).
  { id: 'client-capabilities-changed', level: 'info', trigger: 'the client capabilities discovery declared (`clientCapabilities`, from `discovery.capabilities`) changed: the snapshot was taken as another client, and servers show some tools only to some clients', message: (m) => `${m.subject}: discovered as another client: clientCapabilities ${change(m)}` },
  { id: 'tool-visibility-changed', level: 'warning', trigger: "a tool's `_meta.ui.visibility` changed (absent means model and app): the model or the app gains or loses the tool; the message says which way", message: (m) => `${m.subject}: ${m.hint ?? 'visibility changed'} (visibility ${change(m)})` },
  { id: 'ui-csp-domain-added', level: 'warning', trigger: 'a UI resource may reach a new domain: an entry added to one of its CSP lists (`connectDomains`, `resourceDomains`, `frameDomains`, `baseUriDomains`), or a new UI resource with domains', message: (m) => `${m.subject}: CSP ${lastToken(m.pointer)} gained ${brief(m.after)}` },
  { id: 'ui-csp-domain-removed', level: 'info', trigger: 'an entry removed from a CSP list of a UI resource', message: (m) => `${m.subject}: CSP ${lastToken(m.pointer)} lost ${brief(m.before)}` },
  { id: 'ui-permission-added', level: 'warning', trigger: 'a UI resource asks for a sandbox permission it did not (`_meta.ui.permissions`: `camera`, `microphone`, `geolocation`, `clipboardWrite`, ...)', message: (m) => `${m.subject}: asks for permission ${brief(lastToken(m.pointer))}` },
  { id: 'ui-resource-content-changed', level: 'info', trigger: "a UI resource's content changed (its SHA-256), or it can be read again", message: (m) => `${m.subject}: content changed${hint(m)}: sha256 ${change(m)}` },
  { id: 'ui-resource-changed', level: 'info', trigger: "another field of a UI resource changed: its `mimeType`, `_meta.ui` `domain` or `prefersBorder`, a permission dropped, unknown keys", message: (m) => `${m.subject}: ${field(m)} changed: ${change(m)}` },
  { id: 'ui-resource-removed', level: 'warning', trigger: 'a UI resource is gone, or can no longer be read, and no tool names it any more', message: (m) => `${m.subject} was removed${hint(m)}` },
  { id: 'ui-resource-removed-in-use', level: 'error', trigger: 'a UI resource is gone, or can no longer be read, while a tool still names it: hosts have no view to show for that tool', message: (m) => `${m.subject} was removed, but ${m.hint ?? 'a tool'} still names it` },

  // Error codes, as the results model derives them (outputSchema envelopes plus the config's catalog).
  { id: 'error-code-added', level: 'warning', trigger: 'a tool can return a coded error it could not before (exhaustive error handling breaks)', message: (m) => `${m.subject}: new error code ${brief(m.after)}` },
  { id: 'error-code-removed', level: 'info', trigger: 'a tool no longer declares a coded error', message: (m) => `${m.subject}: error code ${brief(m.before)} is no longer declared` },
] as const satisfies readonly RuleSpec[];

/** Every diff rule id, from the registry: a typo where a finding is raised does not compile. */
export type RuleId = (typeof RULES)[number]['id'];
export type RuleDefinition = RuleSpec & { id: RuleId };
/** `isRuleId` is for ids from outside the engine (a config's policy); `rule` throws on an unknown id. */
export const { get: rule, has: isRuleId } = ruleRegistry<RuleDefinition>(RULES, 'diff');
