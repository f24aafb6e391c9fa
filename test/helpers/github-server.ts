/**
 * A loopback HTTP server that speaks the GitHub REST endpoints the Action uses, as GitHub answers
 * them: list an issue's comments (pages of `pageSize`, linked by `Link: <…>; rel="next"` as GitHub
 * does, whatever per_page asks), create a comment, update one. Every request must carry the token
 * (`Authorization: Bearer <token>`), else 401. `readOnly` answers writes as GitHub answers a fork's
 * pull-request token: 403 "Resource not accessible by integration".
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string };
  html_url: string;
}

interface GitHubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  userAgent: string | undefined;
  body?: unknown;
}

export interface LoopbackGitHub {
  url: string;
  comments: StoredComment[];
  requests: GitHubRequest[];
  readOnly: boolean;
  close(): Promise<void>;
}

export async function startGitHub(options: {
  token: string;
  repository: string;
  pageSize?: number;
}): Promise<LoopbackGitHub> {
  const pageSize = options.pageSize ?? 30;
  let nextId = 1000;
  const state: Omit<LoopbackGitHub, 'url' | 'close'> = {
    comments: [],
    requests: [],
    readOnly: false,
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://loopback');
    state.requests.push({
      method: request.method ?? '',
      path: `${url.pathname}${url.search}`,
      authorization: request.headers.authorization,
      userAgent: request.headers['user-agent'],
      ...(body === undefined ? {} : { body }),
    });
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return send(401, { message: 'Bad credentials' });
    const repo = `/repos/${options.repository}`;
    const list = new RegExp(`^${repo}/issues/(\\d+)/comments$`).exec(url.pathname);
    const one = new RegExp(`^${repo}/issues/comments/(\\d+)$`).exec(url.pathname);
    if (list && request.method === 'GET') {
      const issue = Number(list[1]);
      const all = state.comments.filter((c) => c.issue === issue);
      const page = Number(url.searchParams.get('page') ?? '1');
      const slice = all.slice((page - 1) * pageSize, page * pageSize);
      const headers: Record<string, string> = {};
      if (page * pageSize < all.length) {
        const next = new URL(url.href.replace('http://loopback', `http://${request.headers.host}`));
        next.searchParams.set('page', String(page + 1));
        headers.link = `<${next.href}>; rel="next", <${next.href}>; rel="last"`;
      }
      return send(200, slice, headers);
    }
    if (state.readOnly && (request.method === 'POST' || request.method === 'PATCH'))
      return send(403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues/comments',
        status: '403',
      });
    const text = (body as { body?: unknown } | undefined)?.body;
    if (list && request.method === 'POST') {
      if (typeof text !== 'string') return send(422, { message: 'body is required' });
      const id = nextId++;
      const comment: StoredComment = {
        id,
        issue: Number(list[1]),
        body: text,
        user: { login: 'github-actions[bot]' },
        html_url: `https://github.example/${options.repository}/pull/${list[1]}#issuecomment-${id}`,
      };
      state.comments.push(comment);
      return send(201, comment);
    }
    if (one && request.method === 'PATCH') {
      const comment = state.comments.find((c) => c.id === Number(one[1]));
      if (!comment) return send(404, { message: 'Not Found' });
      if (typeof text !== 'string') return send(422, { message: 'body is required' });
      comment.body = text;
      return send(200, comment);
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  });
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
