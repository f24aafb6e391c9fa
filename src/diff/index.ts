/**
 * `mcp-codegen diff`: classify every change between two catalog snapshots. The engine is pure
 * (`diffSnapshots`); formatters turn its report into text, markdown, JSON or GitHub annotations.
 */
export { diffSnapshots, compareFindings, type DiffOptions } from './engine.js';
export { formatText, type TextOptions } from './format-text.js';
export { formatMarkdown, escapeMarkdown } from './format-markdown.js';
export { formatJson } from './format-json.js';
export { formatGithub } from './format-github.js';
export { RULES, rule, isRuleId, type RuleDefinition, type RuleId } from './rules.js';
export { validatePolicy, mergePolicies, applyPolicy, type PolicySource } from './policy.js';
export { effectiveHints } from './annotations.js';
export { fingerprint } from './fingerprint.js';
export { readSnapshotArg } from './source.js';
export {
  type Finding,
  type DiffReport,
  type Level,
  type SuppressedFinding,
  LEVELS,
  REPORT_FORMAT,
  REPORT_VERSION,
  severity,
} from './types.js';
