import { ErrorCode, type Logger, LogLevel, WebClient } from '@slack/web-api';
import type { FastifyBaseLogger } from 'fastify';

/** The workspace a token belongs to, as `auth.test` names it. */
export interface SlackWorkspace {
  id: string;
  name: string;
}

/** A person of the workspace, as `users.list` gives them: bots and deactivated accounts left out. */
export interface SlackPersonRow {
  slackId: string;
  name: string;
  email: string | null;
}

/**
 * Slack refused or failed. `cause` is what the server logs (Slack's error code such as
 * `token_revoked`, or the HTTP or network failure); the token is never part of it.
 */
export class SlackFailure extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`Slack: ${reason}`);
    this.name = 'SlackFailure';
    this.reason = reason;
  }
}

/** The two calls Slack settings make. */
export interface SlackApi {
  /** `auth.test`: the token works, and for which workspace. */
  check: (token: string) => Promise<SlackWorkspace>;
  /** `users.list`, every page (200 a page), rate limits waited out as `Retry-After` says. */
  people: (token: string) => Promise<SlackPersonRow[]>;
}

export interface SlackApiOptions {
  /** Slack's Web API address (config SLACK_API_URL; a local fake in tests). */
  apiUrl: string;
  log: FastifyBaseLogger;
  /** Retries of a rate-limited (429) or failed request; the wait before each is at least `Retry-After`. */
  retries?: number;
  /** One request's time limit in milliseconds. */
  timeoutMs?: number;
}

/** At most this many pages of `users.list` (200 people each): a workspace of 100,000. */
const MAX_PAGES = 500;

/** The client's own log lines go to the server's log (debug and info at debug: they hold request details). */
function slackLogger(log: FastifyBaseLogger): Logger {
  let level = LogLevel.WARN;
  return {
    debug: () => {},
    info: (...message: unknown[]) => log.debug({ slack: message.map(String).join(' ') }, 'Slack client'),
    warn: (...message: unknown[]) => log.warn({ slack: message.map(String).join(' ') }, 'Slack client'),
    error: (...message: unknown[]) => log.error({ slack: message.map(String).join(' ') }, 'Slack client'),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => {},
  };
}

/** Slack's error in words for the log: its own code for a refusal, else the failure's kind and message. */
function reasonOf(error: unknown): string {
  const coded = error as { code?: unknown; data?: { error?: unknown }; statusCode?: unknown; message?: unknown };
  if (coded.code === ErrorCode.PlatformError && typeof coded.data?.error === 'string') {
    return coded.data.error;
  }
  if (coded.code === ErrorCode.HTTPError) {
    return `HTTP ${String(coded.statusCode)}`;
  }
  if (coded.code === ErrorCode.RateLimitedError) {
    return 'rate limited';
  }
  return error instanceof Error ? error.message : String(error);
}

export function createSlackApi(options: SlackApiOptions): SlackApi {
  const logger = slackLogger(options.log);
  const client = (token: string) =>
    new WebClient(token, {
      slackApiUrl: options.apiUrl,
      logger,
      timeout: options.timeoutMs ?? 15_000,
      // A 429 pauses the client for Retry-After seconds, then the retry runs after this policy's wait.
      retryConfig: { retries: options.retries ?? 4, factor: 2, minTimeout: 250, maxTimeout: 4_000 },
      rejectRateLimitedCalls: false,
      allowAbsoluteUrls: false,
    });

  async function call<Result>(work: () => Promise<Result>): Promise<Result> {
    try {
      return await work();
    } catch (error) {
      throw error instanceof SlackFailure ? error : new SlackFailure(reasonOf(error));
    }
  }

  return {
    check: (token) =>
      call(async () => {
        const answer = await client(token).auth.test();
        if (!answer.team_id) {
          throw new SlackFailure('auth.test named no workspace');
        }
        return { id: answer.team_id, name: answer.team ?? answer.team_id };
      }),
    people: (token) =>
      call(async () => {
        const slack = client(token);
        const people: SlackPersonRow[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page += 1) {
          const answer = await slack.users.list({ limit: 200, ...(cursor ? { cursor } : {}) });
          for (const member of answer.members ?? []) {
            if (!member.id || member.deleted || member.is_bot || member.id === 'USLACKBOT') {
              continue;
            }
            const email = member.profile?.email?.trim().toLowerCase();
            people.push({
              slackId: member.id,
              name: member.profile?.real_name || member.real_name || member.name || member.id,
              email: email || null,
            });
          }
          cursor = answer.response_metadata?.next_cursor || undefined;
          if (!cursor) {
            return people;
          }
        }
        throw new SlackFailure(`users.list has more than ${MAX_PAGES} pages`);
      }),
  };
}
