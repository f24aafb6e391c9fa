// @ts-check
/**
 * The Action's inputs, as action.yml passes them (`INPUT_*` variables), and the pull request the
 * run is about, from the event GitHub wrote to `GITHUB_EVENT_PATH`. Every input is checked here,
 * before anything runs, with a message that says which input and what it takes.
 */
import { readFileSync } from 'node:fs';

const FAIL_ON = ['error', 'warning', 'info', 'none'];
/** `mcp-codegen docs --format`, by the file name the `docs` input gives. */
const DOCS_FORMATS = [
  { test: /\.html?$/i, format: 'html' },
  { test: /\.(md|markdown)$/i, format: 'markdown' },
  { test: /(^|[\\/])llms(-full)?\.txt$/i, format: 'llms-txt' },
];

export class InputError extends Error {}

/**
 * @typedef {{
 *   base: string, head: string, failOn: string, comment: boolean,
 *   docs?: { out: string, format: string }, server?: string, config?: string,
 *   version?: string, token?: string,
 * }} Inputs
 */

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {Inputs}
 */
export function readInputs(env) {
  const value = (/** @type {string} */ name) => (env[`INPUT_${name}`] ?? '').trim();
  const base = value('BASE');
  const head = value('HEAD');
  if (!base || !head)
    throw new InputError(
      `the inputs base and head are required: the snapshots before and after the change (a path, or <rev>:<path> such as origin/main:mcp/weather.snapshot.json)`,
    );
  const failOn = value('FAIL_ON') || 'error';
  if (!FAIL_ON.includes(failOn))
    throw new InputError(`fail-on takes ${FAIL_ON.join(', ')}, got ${JSON.stringify(failOn)}`);
  const comment = (value('COMMENT') || 'true').toLowerCase();
  if (comment !== 'true' && comment !== 'false')
    throw new InputError(`comment takes true or false, got ${JSON.stringify(value('COMMENT'))}`);
  /** @type {Inputs} */
  const inputs = { base, head, failOn, comment: comment === 'true' };
  const docs = value('DOCS');
  if (docs) {
    const found = DOCS_FORMATS.find((d) => d.test.test(docs));
    if (!found)
      throw new InputError(
        `docs names the file to write the documentation to, ending in .html, .md or llms.txt (which says the format), got ${JSON.stringify(docs)}`,
      );
    inputs.docs = { out: docs, format: found.format };
  }
  const version = value('VERSION');
  if (version) {
    // One npm version or dist-tag: it becomes part of `npx mcp-codegen@<version>`.
    if (!/^[A-Za-z0-9][A-Za-z0-9.+~-]*$/.test(version))
      throw new InputError(
        `version takes a published version or dist-tag of mcp-codegen (1.2.0, latest), got ${JSON.stringify(version)}`,
      );
    inputs.version = version;
  }
  if (value('SERVER')) inputs.server = value('SERVER');
  if (value('CONFIG')) inputs.config = value('CONFIG');
  const token = env.MCP_CODEGEN_ACTION_TOKEN ?? '';
  if (token) inputs.token = token;
  return inputs;
}

/**
 * The pull request of this run, or why there is none: a `pull_request` (or `_target`) event
 * names it; an `issue_comment` on a pull request too. `fork` is the head repository when it is
 * not the base one (its token is read-only on `pull_request`).
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ number: number, fork?: string, sha?: string } | { none: string }}
 */
export function pullRequestOf(env) {
  const name = env.GITHUB_EVENT_NAME ?? '';
  const path = env.GITHUB_EVENT_PATH;
  if (!path) return { none: 'GITHUB_EVENT_PATH is not set: not a workflow run' };
  /** @type {any} */
  let event;
  try {
    event = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { none: `the event file cannot be read: ${/** @type {Error} */ (error).message}` };
  }
  const pr = event?.pull_request;
  if (pr && Number.isSafeInteger(pr.number)) {
    const headRepo = pr.head?.repo?.full_name;
    const baseRepo = pr.base?.repo?.full_name;
    return {
      number: pr.number,
      ...(headRepo && baseRepo && headRepo !== baseRepo ? { fork: String(headRepo) } : {}),
      ...(typeof pr.head?.sha === 'string' ? { sha: pr.head.sha } : {}),
    };
  }
  if (event?.issue?.pull_request && Number.isSafeInteger(event.issue.number))
    return { number: event.issue.number };
  return { none: `the ${name || 'unknown'} event is not about a pull request` };
}
