// @ts-check
/**
 * The few GitHub REST endpoints the Action uses, with the workflow's token: list a pull request's
 * comments (every page), create one, update one. Plain `fetch`, no package: the Action runs before
 * (or without) an install of its own dependencies.
 */

/** A non-2xx answer (or no answer): the status (0 when the request failed) and GitHub's message. */
export class GitHubApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.name = 'GitHubApiError';
    this.status = status;
  }
}

/** @typedef {{ id: number, body?: string | null, html_url?: string, user?: { login?: string } | null }} IssueComment */

export class GitHubApi {
  /**
   * @param {{ baseUrl: string, token: string, fetch?: typeof fetch }} options
   */
  constructor(options) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.token = options.token;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * One request; the token goes only to the API's own origin.
   * @param {string} method
   * @param {string | URL} target a path below the API's base, or a URL GitHub gave (a next page)
   * @param {unknown} [body]
   * @returns {Promise<{ json: any, link: string | null }>}
   */
  async request(method, target, body) {
    const url = target instanceof URL ? target : new URL(target.replace(/^\//, ''), this.base);
    if (url.origin !== this.base.origin)
      throw new GitHubApiError(
        0,
        `refusing to send the token to ${url.origin}: not the API at ${this.base.origin}`,
      );
    let response;
    try {
      response = await this.fetch(url, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${this.token}`,
          'user-agent': 'mcp-codegen-action',
          'x-github-api-version': '2022-11-28',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new GitHubApiError(
        0,
        `${method} ${url.pathname}: ${/** @type {Error} */ (error).message}`,
      );
    }
    const text = await response.text();
    /** @type {any} */
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const said = json && typeof json.message === 'string' ? json.message : text.slice(0, 200);
      throw new GitHubApiError(
        response.status,
        `${method} ${url.pathname}: HTTP ${response.status}${said ? `: ${said}` : ''}`,
      );
    }
    return { json, link: response.headers.get('link') };
  }

  /**
   * Every comment of an issue or pull request, following the `Link: <…>; rel="next"` pages.
   * @param {string} repository `owner/name`
   * @param {number} issue
   * @returns {Promise<IssueComment[]>}
   */
  async listComments(repository, issue) {
    /** @type {IssueComment[]} */
    const comments = [];
    /** @type {string | URL | undefined} */
    let next = `repos/${repository}/issues/${issue}/comments?per_page=100`;
    // Bounded: a pull request has at most a few thousand comments; a server that links forever does not stall the job.
    for (let page = 0; next !== undefined && page < 100; page++) {
      const { json, link } = await this.request('GET', next);
      if (!Array.isArray(json))
        throw new GitHubApiError(0, `GET comments: expected an array, got ${typeof json}`);
      comments.push(...json);
      const found = link ? /<([^>]+)>\s*;\s*rel="next"/.exec(link) : null;
      next = found ? new URL(/** @type {string} */ (found[1])) : undefined;
    }
    return comments;
  }

  /**
   * @param {string} repository
   * @param {number} issue
   * @param {string} body
   * @returns {Promise<IssueComment>}
   */
  async createComment(repository, issue, body) {
    return (await this.request('POST', `repos/${repository}/issues/${issue}/comments`, { body }))
      .json;
  }

  /**
   * @param {string} repository
   * @param {number} id
   * @param {string} body
   * @returns {Promise<IssueComment>}
   */
  async updateComment(repository, id, body) {
    return (await this.request('PATCH', `repos/${repository}/issues/comments/${id}`, { body }))
      .json;
  }
}
