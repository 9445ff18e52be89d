import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A person of a fake workspace, in `users.list`'s shape (the fields Parley reads). */
export interface FakeSlackMember {
  id: string;
  name: string;
  real_name?: string;
  deleted?: boolean;
  is_bot?: boolean;
  profile?: { email?: string; real_name?: string };
}

export interface FakeSlackWorkspace {
  id: string;
  name: string;
  members: FakeSlackMember[];
}

/** One request the fake answered: the method, the token it carried, and the page asked for. */
export interface FakeSlackRequest {
  method: string;
  token: string | undefined;
  cursor: string | undefined;
  status: number;
}

/**
 * Just enough of Slack's Web API, over real HTTP on 127.0.0.1, for `@slack/web-api` pointed at it
 * with `slackApiUrl`: `auth.test` and `users.list` in cursor pages (as Slack, a page's
 * `response_metadata.next_cursor` is empty on the last). A token it does not know answers
 * `invalid_auth`, a revoked one `token_revoked`; `rateLimitOnce` makes the next call of a method
 * answer 429 with `Retry-After`.
 */
export async function startFakeSlack() {
  const tokens = new Map<string, FakeSlackWorkspace>();
  const revoked = new Set<string>();
  const rateLimited = new Map<string, number>();
  const requests: FakeSlackRequest[] = [];
  /** Milliseconds each users.list page waits before answering (to hold two syncs side by side). */
  let pageDelayMs = 0;

  async function form(request: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if ((request.headers['content-type'] ?? '').includes('application/json')) {
      const parsed = JSON.parse(text || '{}') as Record<string, unknown>;
      return new URLSearchParams(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
    }
    return new URLSearchParams(text);
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-slack');
      const method = url.pathname.replace(/^\/api\//, '');
      const params = await form(request);
      // Another process (a browser journey's worker) sets the fake up over HTTP: see `fakeSlackControl`.
      if (url.pathname.startsWith('/control/')) {
        if (url.pathname === '/control/requests') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(requests.map(({ token: _token, ...rest }) => rest)));
          return;
        }
        const body = JSON.parse(params.get('json') ?? '{}') as {
          token?: string;
          workspace?: FakeSlackWorkspace;
          method?: string;
          seconds?: number;
        };
        if (url.pathname === '/control/token' && body.token && body.workspace) {
          tokens.set(body.token, body.workspace);
        } else if (url.pathname === '/control/revoke' && body.token) {
          revoked.add(body.token);
        } else if (url.pathname === '/control/rate-limit' && body.method) {
          rateLimited.set(body.method, body.seconds ?? 1);
        } else {
          response.writeHead(400);
          response.end();
          return;
        }
        response.writeHead(204);
        response.end();
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const token = bearer ?? params.get('token') ?? undefined;
      const cursor = params.get('cursor') || undefined;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        requests.push({ method, token, cursor, status });
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        response.end(JSON.stringify(body));
      };
      const limited = rateLimited.get(method);
      if (limited !== undefined) {
        rateLimited.delete(method);
        send(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(limited) });
        return;
      }
      if (!token) {
        send(200, { ok: false, error: 'not_authed' });
        return;
      }
      if (revoked.has(token)) {
        send(200, { ok: false, error: 'token_revoked' });
        return;
      }
      const workspace = tokens.get(token);
      if (!workspace) {
        send(200, { ok: false, error: 'invalid_auth' });
        return;
      }
      if (method === 'auth.test') {
        send(200, {
          ok: true,
          url: `https://${workspace.id.toLowerCase()}.slack.test/`,
          team: workspace.name,
          team_id: workspace.id,
          user: 'parley',
          user_id: 'UPARLEY',
          bot_id: 'BPARLEY',
        });
        return;
      }
      if (method === 'users.list') {
        const limit = Math.min(Math.max(Number(params.get('limit') ?? 100) || 100, 1), 1000);
        const start = cursor ? Number(/^page:(\d+)$/.exec(cursor)?.[1] ?? Number.NaN) : 0;
        if (!Number.isInteger(start)) {
          send(200, { ok: false, error: 'invalid_cursor' });
          return;
        }
        if (pageDelayMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, pageDelayMs));
        }
        const members = workspace.members.slice(start, start + limit);
        const next = start + limit < workspace.members.length ? `page:${start + limit}` : '';
        send(200, { ok: true, members, cache_ts: 0, response_metadata: { next_cursor: next } });
        return;
      }
      send(200, { ok: false, error: 'unknown_method' });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What `slackApiUrl` (SLACK_API_URL) takes. */
    url: `http://127.0.0.1:${port}/api/`,
    requests,
    /** A token that `auth.test` accepts for this workspace. */
    addToken(token: string, workspace: FakeSlackWorkspace) {
      tokens.set(token, workspace);
    },
    /** The token answers `token_revoked` from now on. */
    revoke(token: string) {
      revoked.add(token);
    },
    /** The next call of `method` answers 429 with `Retry-After: seconds`. */
    rateLimitOnce(method: string, seconds = 1) {
      rateLimited.set(method, seconds);
    },
    /** Each users.list page waits this long before it answers. */
    delayPages(milliseconds: number) {
      pageDelayMs = milliseconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeSlack = Awaited<ReturnType<typeof startFakeSlack>>;

/** The fake's set-up from another process, by its `url` (a browser journey's worker). */
export function fakeSlackControl(url: string) {
  const origin = new URL(url).origin;
  const send = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}/control/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ json: JSON.stringify(body) }),
    });
    if (response.status !== 204) {
      throw new Error(`The fake Slack refused ${path}: ${response.status}`);
    }
  };
  return {
    /** Every request the fake answered so far (without tokens): method, page and status. */
    requests: async () =>
      (await (await fetch(`${origin}/control/requests`, { method: 'POST' })).json()) as Omit<
        FakeSlackRequest,
        'token'
      >[],
    addToken: (token: string, workspace: FakeSlackWorkspace) => send('token', { token, workspace }),
    revoke: (token: string) => send('revoke', { token }),
    rateLimitOnce: (method: string, seconds = 1) => send('rate-limit', { method, seconds }),
  };
}

/** A workspace of these people (ids U<workspace>0001…), with Slackbot, a bot and a deactivated account around them, as Slack lists them. */
export function fakeWorkspace(
  id: string,
  name: string,
  people: { name: string; email?: string }[],
): FakeSlackWorkspace {
  return {
    id,
    name,
    members: [
      { id: 'USLACKBOT', name: 'slackbot', real_name: 'Slackbot', profile: { real_name: 'Slackbot' } },
      ...people.map((person, index) => ({
        id: `U${id}${String(index + 1).padStart(4, '0')}`,
        name: person.name.toLowerCase().replaceAll(' ', '.'),
        real_name: person.name,
        profile: { real_name: person.name, ...(person.email ? { email: person.email } : {}) },
      })),
      { id: `B${id}BOT`, name: 'deploy-bot', is_bot: true, profile: { real_name: 'Deploy bot' } },
      {
        id: `U${id}GONE`,
        name: 'gone',
        deleted: true,
        profile: { real_name: 'Gone Person', email: 'gone@example.com' },
      },
    ],
  };
}
