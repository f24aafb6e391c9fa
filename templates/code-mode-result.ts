/**
 * The result type of a tool without an outputSchema in the code-mode declaration (code-mode.d.ts),
 * which a model reads and which compiles alone, importing nothing: so it is written out there, in the
 * server's namespace. Its text is the declaration below, from its doc comment to the end of the file,
 * without `export` (src/emit/agents/code-mode-file.ts reads it). Here `tsc` checks it like any template.
 */

/** What a tool without an outputSchema answers: its content blocks, as sent. */
export interface CallToolResult {
  content: Array<{ type: string; text?: string; [key: string]: unknown }>;
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
}
