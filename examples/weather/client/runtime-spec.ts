// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime: what generated code hands the runtime about each tool (its spec, with the
 * validators of validators.ts' schemas), and the content a tool without an outputSchema answers with.
 * Types only, below both runtime-classify.ts and runtime.ts, which read them; runtime.ts re-exports
 * every one, so users import them from there.
 */
import type { ContentBlock, ProtocolEra } from './runtime-protocol.js';

/** How the snapshot holds a non-object output: inside the legacy `{ result }` envelope, or bare. */
export type EraForm = 'wrapped' | 'raw';

/** Why a value failed validation: an RFC 6901 JSON pointer into it, and the reason. */
export interface ValidationIssue {
  readonly pointer: string;
  readonly message: string;
  /** The JSON Schema keyword that failed (`$compile` when the schema itself could not be compiled). */
  readonly keyword?: string;
}

/** A JSON Schema object, as data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * A validator from validators.ts: the issues found in `value`, none when it is valid; `schema` is
 * the JSON Schema it validates against (the same data that Standard JSON Schema hands out), set on
 * every generated one.
 */
export type Validator = ((value: unknown) => readonly ValidationIssue[]) & {
  readonly schema?: JsonSchema;
};

/** One `anyOf`/`oneOf` branch of an output schema, with the validator of its self-contained schema. */
export type BranchSpec =
  | {
      readonly kind: 'documented';
      /** Its required keys, where an alternative branch is told from it by theirs. */
      readonly required?: readonly string[];
      readonly validate?: Validator;
    }
  | {
      readonly kind: 'alternative';
      readonly variant: string;
      readonly required: readonly string[];
      readonly validate?: Validator;
    }
  | {
      readonly kind: 'error';
      /** The code when the branch is found by its key (`_budget_exceeded`). */
      readonly code?: string;
      readonly required: readonly string[];
      /** The `error`/`code` property whose `const`/`enum` values tell this branch from the other error branches. */
      readonly discriminator?: { readonly key: string; readonly values: readonly string[] };
      readonly validate?: Validator;
    };

/** What the runtime needs to know about one tool. */
export interface ToolSpec {
  readonly name: string;
  readonly validateInput?: Validator;
  /** The output schema's branches; none (absent) for a tool without an outputSchema. */
  readonly branches?: readonly BranchSpec[];
  /** Every error code known for this tool (schema-derived and from the config), sorted; absent when none. */
  readonly codes?: readonly string[];
  /**
   * Set when the output root is not an object, so SDK v2 servers send it differently per era:
   * `wrapped` when the snapshot holds the legacy `{ result: ... }` envelope (the types say so),
   * `raw` when it holds the natural schema. The payload is brought to the snapshot's form.
   */
  readonly eraForm?: EraForm;
  /** The era the snapshot was discovered in, for messages. */
  readonly era?: ProtocolEra;
  /**
   * Set when the server declares no outputSchema and the result type was inferred from samples
   * (`inferred`) or written by hand (`override`): a hypothesis. A result that does not match it is
   * still `ok: true` (see `onShapeMismatch`), unless the caller asks for `strictShapes`.
   */
  readonly shape?: 'inferred' | 'override';
}

/**
 * What `onResult` sees of each call: the tool, the shape of the arguments (their keys and value
 * types, never the values: `{ id: 'number' }`), and the raw result. No headers, no transport details.
 */
export interface ResultEvent {
  readonly tool: string;
  readonly arguments: unknown;
  readonly result: unknown;
}

/** A result that did not match a tool's inferred or hand-written shape (see `ToolSpec.shape`). */
export interface ShapeMismatch {
  readonly tool: string;
  readonly issues: readonly ValidationIssue[];
}

/**
 * `data` of a successful call to a tool without an outputSchema (most tools), whatever it sent:
 * - `text`: the first content block's text, when the first block is text;
 * - `json`: `structuredContent` when sent, else `text` parsed when it is a JSON object or array
 *   (a tool answering "42" has `text: '42'` and no `json`);
 * - `content`: every content block (text, image, audio, resource_link, embedded resource), as sent.
 * An image-only result is `{ content: [{ type: 'image', data, mimeType }] }`, never `undefined`.
 */
export interface ToolContent {
  text?: string;
  json?: unknown;
  content: ContentBlock[];
}
