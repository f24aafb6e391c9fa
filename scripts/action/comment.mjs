// @ts-check
/**
 * One pull-request comment per compared snapshot, kept up to date: found again by a hidden
 * marker on its first line, updated in place on later runs, and told so when the diff has become
 * empty rather than deleted (a reviewer who read the old report sees that it is resolved).
 */

/** GitHub refuses a comment body over 65,536 characters; the report is cut well before that. */
const MAX_BODY = 65_000;

/**
 * The hidden first line that identifies the comment of one compared snapshot.
 * @param {string} key what is compared, e.g. the head snapshot's path
 */
export function markerFor(key) {
  // Percent-encoded: nothing in a path can end the HTML comment or spell another marker.
  return `<!-- mcp-codegen-action ${encodeURIComponent(key)} -->`;
}

/**
 * The comment's text: the marker, what changed since the last report when the diff is now
 * empty, the markdown report (cut, with a pointer to the job summary, when too long), a footer.
 * @param {{ key: string, report: string, empty: boolean, footer: string }} options
 */
export function commentBody({ key, report, empty, footer }) {
  const head = empty
    ? '**No API changes now:** the head snapshot matches the base, so the findings this comment listed before are resolved.\n\n'
    : '';
  const tail = `\n${footer}\n`;
  const room = MAX_BODY - markerFor(key).length - head.length - tail.length;
  const shown = cutReport(report, room, 'the whole report is in the job summary of this run');
  return `${markerFor(key)}\n${head}${shown}${tail}`;
}

/**
 * A markdown report that fits in `room` characters: whole, or cut at a line end with a note
 * that says where the rest is.
 * @param {string} report
 * @param {number} room
 * @param {string} rest
 */
export function cutReport(report, room, rest) {
  if (report.length <= room) return report;
  const note = `\n\n_… cut here: ${rest}._\n`;
  const end = report.lastIndexOf('\n', room - note.length);
  return `${report.slice(0, Math.max(end, 0))}${note}`;
}

/**
 * @typedef {{ action: 'created' | 'updated' | 'unchanged', id: number, url?: string }
 *   | { action: 'skipped', reason: string }} Upserted
 */

/**
 * Create the comment, or update the one a previous run made. With an empty diff and no comment
 * yet there is nothing to say: a pull request that does not touch the API gets no comment.
 * @param {{
 *   api: import('./github.mjs').GitHubApi,
 *   repository: string,
 *   issue: number,
 *   key: string,
 *   body: string,
 *   empty: boolean,
 * }} options
 * @returns {Promise<Upserted>}
 */
export async function upsertComment({ api, repository, issue, key, body, empty }) {
  const marker = `${markerFor(key)}\n`;
  const comments = await api.listComments(repository, issue);
  // The oldest one wins, should two runs have raced to create one each.
  const existing = comments.find((c) => typeof c.body === 'string' && c.body.startsWith(marker));
  if (!existing) {
    if (empty)
      return {
        action: 'skipped',
        reason: 'the diff is empty and no earlier comment needs correcting',
      };
    const created = await api.createComment(repository, issue, body);
    return {
      action: 'created',
      id: created.id,
      ...(created.html_url ? { url: created.html_url } : {}),
    };
  }
  const url = existing.html_url ? { url: existing.html_url } : {};
  if (existing.body === body) return { action: 'unchanged', id: existing.id, ...url };
  const updated = await api.updateComment(repository, existing.id, body);
  return {
    action: 'updated',
    id: updated.id,
    ...(updated.html_url ? { url: updated.html_url } : url),
  };
}
