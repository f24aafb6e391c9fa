// @ts-check
/**
 * What a step gives back to its workflow: the job summary, step outputs, and log lines.
 * Values reach files the runner reads, never a workflow command, unless escaped for one.
 */
import { appendFileSync } from 'node:fs';

/**
 * Append markdown to the job summary (`GITHUB_STEP_SUMMARY`), when the runner gave one.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} markdown
 */
export function appendSummary(env, markdown) {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${markdown.trimEnd()}\n`);
}

/**
 * Step outputs (`GITHUB_OUTPUT`), one `name=value` line each: the values are ours (counts, URLs,
 * paths), single lines.
 * @param {NodeJS.ProcessEnv} env
 * @param {Record<string, string | number>} outputs
 */
export function setOutputs(env, outputs) {
  if (!env.GITHUB_OUTPUT) return;
  const lines = Object.entries(outputs).map(
    ([k, v]) => `${k}=${String(v).replace(/[\r\n]/g, ' ')}`,
  );
  appendFileSync(env.GITHUB_OUTPUT, `${lines.join('\n')}\n`);
}

/**
 * A workflow command's message, escaped as the runner requires (`%`, CR, LF).
 * @param {string} text
 */
export function escapeData(text) {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
