/**
 * `mcp-codegen lint`: check one catalog against the rules for a good, narrow, safe server. The engine
 * is pure (`lintSnapshot`); formatters turn its report into text, markdown, JSON, GitHub annotations or SARIF.
 */
export { lintSnapshot, compareLintFindings, type LintOptions } from './engine.js';
export {
  formatLintText,
  formatLintMarkdown,
  formatLintJson,
  formatLintGithub,
  formatLintSarif,
} from './format.js';
export {
  LINT_RULES,
  lintRule,
  isLintRuleId,
  FAMILIES,
  DEFAULT_DESCRIPTION_BUDGET,
  DEFAULT_MAX_TOOLS,
  type Family,
  type LintRuleDefinition,
  type LintRuleId,
} from './rules.js';
export { validateLintPolicy, mergeLintPolicies } from './policy.js';
export { securityWarnings } from './warnings.js';
export { hiddenCharacters, escapeHidden } from '../shared/hidden-text.js';
export {
  type LintFinding,
  type LintReport,
  type SuppressedLintFinding,
  LINT_REPORT_FORMAT,
  LINT_REPORT_VERSION,
} from './types.js';
