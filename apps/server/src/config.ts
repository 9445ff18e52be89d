import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_CALL_RING_SECONDS,
  DEFAULT_UPLOAD_PART_SIZE,
  DEFAULT_VIDEO_MAX_BYTES,
  MIN_UPLOAD_PART_SIZE,
} from '@parley/api';
import { z } from 'zod';
import { findFfmpeg } from './lib/ffmpeg-binary';
import { StartupError } from './lib/startup-error';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '../../..');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

function wholeBytes(min: number) {
  const message = `must be a whole number of bytes, at least ${min}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });
}

/** proxy-addr's names for address ranges, as Fastify's `trustProxy` takes them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`: an address or a CIDR range of one. */
function isAddressOrRange(item: string): boolean {
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    return false;
  }
  if (prefix === undefined) {
    return true;
  }
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_MESSAGE =
  "must be false, the number of proxies in front of Parley (1), or the proxies' addresses " +
  '(loopback, linklocal, uniquelocal, 10.0.0.5, 10.0.0.0/8, comma-separated); true is refused: it would take ' +
  "any client's X-Forwarded-For as its address and switch off every per-address limit";

/**
 * Which proxies' `X-Forwarded-For` to believe: none, the nearest N hops, or proxies at these
 * addresses (Fastify's `trustProxy`). `true` — every hop — is refused: a client writes that header.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(text)) {
    return false;
  }
  if (/^\d{1,2}$/.test(text)) {
    return Number(text);
  }
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length > 0 && items.every((item) => PROXY_RANGE_NAMES.has(item) || isAddressOrRange(item))) {
    return items;
  }
  context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
  return z.NEVER;
});

const ICE_SERVERS_MESSAGE =
  'must be a JSON list of ICE servers, e.g. [{"urls":"stun:stun.example.com:3478"}] (each with urls, and username and credential for a TURN server)';

/** `ICE_SERVERS`: what RTCPeerConnection takes as `iceServers` (STUN, or TURN with fixed credentials). */
const iceServers = z.string().transform((value, context): IceServer[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    context.addIssue({ code: 'custom', message: ICE_SERVERS_MESSAGE });
    return z.NEVER;
  }
  const url = z.string().regex(/^(stun|stuns|turn|turns):[^\s]+$/);
  const server = z.object({
    urls: z.union([url, z.array(url).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  });
  const list = z.array(server).safeParse(parsed);
  if (!list.success) {
    context.addIssue({ code: 'custom', message: ICE_SERVERS_MESSAGE });
    return z.NEVER;
  }
  return list.data.map((entry) => ({ ...entry, urls: entry.urls }));
});

/** `TURN_URLS`: the TURN server's addresses, comma-separated. */
const turnUrls = z.string().transform((value, context): string[] => {
  const urls = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (urls.length === 0 || !urls.every((item) => /^turns?:[^\s]+$/.test(item))) {
    context.addIssue({ code: 'custom', message: 'must be turn: or turns: addresses, comma-separated' });
    return z.NEVER;
  }
  return urls;
});

function wholeNumber(min: number) {
  const message = `must be a whole number, at least ${min}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(1_000_000_000, { error: message });
}

const SLACK_TOKEN_KEY_MESSAGE = 'must be 32 bytes: 64 hex digits or 44 characters of base64';

/** `SLACK_TOKEN_KEY`: an AES-256 key, hex or base64. */
const slackTokenKey = z.string().transform((value, context): Buffer => {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(text) && !/^[A-Za-z0-9+/]{43}=?$/.test(text))) {
    context.addIssue({ code: 'custom', message: SLACK_TOKEN_KEY_MESSAGE });
    return z.NEVER;
  }
  return key;
});

const postgresUrl = z
  .url({ error: 'must be a postgres:// or postgresql:// address' })
  .refine((value) => /^postgres(ql)?:\/\//.test(value), { error: 'must be a postgres:// or postgresql:// address' });

/** Every setting Parley reads from its environment, with its default. */
const environmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int({ error: 'must be a whole number from 1 to 65535' })
    .min(1, { error: 'must be a whole number from 1 to 65535' })
    .max(65_535, { error: 'must be a whole number from 1 to 65535' })
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where the embedded database, the signing key and video files live. */
  DATA_DIR: z.string().min(1).default(path.join(repositoryRoot, 'data')),
  /** PostgreSQL instead of the embedded PGlite. */
  DATABASE_URL: postgresUrl.optional(),
  /** The address people open Parley at; links in e-mails point here. */
  PUBLIC_URL: z.url({ error: 'must be an http(s) address such as https://parley.example.com' }).optional(),
  /** The JWT signing secret; generated and kept in DATA_DIR when unset. Set it when several instances run. */
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** smtp:// or smtps:// address of the mail server; without it mail goes to the development mailbox. */
  SMTP_URL: z
    .url({ error: 'must be an smtp:// or smtps:// address' })
    .refine((value) => /^smtps?:\/\//.test(value), { error: 'must be an smtp:// or smtps:// address' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Parley <no-reply@parley.local>'),
  /** The development mailbox page (`/dev/mailbox`): off unless turned on (`npm start` turns it on for the demo). */
  DEV_MAILBOX: flag.default(false),
  /** Loads the demo team on first start with an empty database. */
  DEMO_DATA: flag.default(true),
  /** How many calls the demo's year holds; the demo's own 20,000 when unset (fewer start quicker: tests). */
  DEMO_CALL_COUNT: z.coerce
    .number({ error: 'must be a whole number from 100 to 200000' })
    .int({ error: 'must be a whole number from 100 to 200000' })
    .min(100, { error: 'must be a whole number from 100 to 200000' })
    .max(200_000, { error: 'must be a whole number from 100 to 200000' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind proxies: whose X-Forwarded-For gives the client address (rate limits). */
  TRUST_PROXY: trustProxy.default(false),
  WEB_DIST: z.string().min(1).default(path.join(repositoryRoot, 'apps/web/dist')),
  /** The built visitor widget: its loader (widget.js) and the app of its frame. */
  WIDGET_DIST: z.string().min(1).default(path.join(repositoryRoot, 'apps/widget/dist')),
  /** The team that receives the contact/demo form's requests; the oldest team when unset. */
  LEADS_TEAM_ID: z
    .uuid({ error: "must be a team's id, a UUID such as 0b8c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e" })
    .transform((value) => value.toLowerCase())
    .optional(),
  /** STUN and TURN servers for the calls' WebRTC, as JSON; none works on one machine and a LAN. */
  ICE_SERVERS: iceServers.default([]),
  /** A TURN server with the TURN REST shared secret (coturn's static-auth-secret): its addresses. */
  TURN_URLS: turnUrls.optional(),
  /** The shared secret: the server signs short-lived TURN credentials with it; it never reaches a browser. */
  TURN_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** How long a TURN credential lasts. */
  TURN_TTL_SECONDS: wholeNumber(60).default(3600),
  /** How long a visitor's call rings before it counts as missed (issue 16). */
  CALL_RING_SECONDS: wholeNumber(1).default(DEFAULT_CALL_RING_SECONDS),
  /** Messages (video messages, invitations) one member may send in an hour. */
  SEND_LIMIT_PER_MEMBER_HOUR: wholeNumber(1).default(30),
  /** Messages one team may send in a day. */
  SEND_LIMIT_PER_TEAM_DAY: wholeNumber(1).default(200),
  /** Messages a team may send in its first day: a new sign-up is where spam comes from. */
  SEND_LIMIT_NEW_TEAM_DAY: wholeNumber(1).default(20),
  /** argon2 memory cost in KiB (OWASP: 19 MiB); lower only in tests. */
  PASSWORD_HASH_MEMORY: z.coerce.number().int().min(1024).default(19_456),
  /** The largest video a member may upload, in bytes (500 MB). */
  VIDEO_MAX_BYTES: wholeBytes(1).default(DEFAULT_VIDEO_MAX_BYTES),
  /** The size of each upload part but the last, in bytes (S3's floor is 5 MiB). */
  UPLOAD_PART_SIZE: wholeBytes(MIN_UPLOAD_PART_SIZE).default(DEFAULT_UPLOAD_PART_SIZE),
  /**
   * The ffmpeg that makes posters, reads durations and joins call recordings. Left out: one on the
   * PATH, else the static build installed from npm (lib/ffmpeg-binary.ts).
   */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Any S3-compatible store instead of DATA_DIR for video files; all of S3_* together, or none. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://s3.example.com' })
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3, { error: 'must be a bucket name' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket as a path (`https://host/bucket/key`), as MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * The key the team's Slack token is encrypted with at rest (AES-256-GCM): 32 bytes, as 64 hex digits
   * or base64. Unset: derived from the JWT signing secret with HKDF-SHA256.
   */
  SLACK_TOKEN_KEY: slackTokenKey.optional(),
  /** Slack's Web API address; tests point it at a local fake. */
  SLACK_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://slack.com/api/' })
    .default('https://slack.com/api/'),
});

/** One entry of RTCPeerConnection's `iceServers`. */
export interface IceServer {
  urls: string | string[];
  username?: string | undefined;
  credential?: string | undefined;
}

/** The S3 settings that must come together. */
const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface S3Config {
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  devMailbox: boolean;
  demoData: boolean;
  /** How many calls the demo loads; the demo's own year (20,000) when undefined. */
  demoCallCount?: number | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and ranges; never `true`. */
  trustProxy: false | number | string[];
  webDist: string;
  widgetDist: string;
  passwordHashMemory: number;
  /** How long a visitor's call rings before it counts as missed. */
  callRingSeconds: number;
  /** The calls' ICE servers: those of ICE_SERVERS, and a TURN server with REST credentials when set. */
  ice: { servers: IceServer[]; turn: { urls: string[]; secret: string; ttlSeconds: number } | undefined };
  /** Outbound messages a member's actions may send: per member an hour, per team a day, and in a team's first day. */
  sendLimits: { perMemberHour: number; perTeamDay: number; newTeamDay: number };
  /** The team the contact/demo form's requests go to; the oldest team when undefined. */
  leadsTeamId: string | undefined;
  videoMaxBytes: number;
  uploadPartSize: number;
  ffmpegPath: string;
  /** Video files in an S3-compatible store; on local disk under DATA_DIR when undefined. */
  s3: S3Config | undefined;
  /** Slack settings: the token's encryption key (derived from the JWT secret when undefined) and the Web API address. */
  slack: { tokenKey: Buffer | undefined; apiUrl: string };
}

/** A setting with a bad value: start-up stops with a message that names it. */
export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

/** Settings whose values are secrets, or may hold one (a password inside an address). */
const SECRET_SETTINGS = new Set([
  'JWT_SECRET',
  'SMTP_URL',
  'DATABASE_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'TURN_SECRET',
  'ICE_SERVERS',
  'SLACK_TOKEN_KEY',
]);

/** A bad value as the start-up message quotes it: secrets only by their length, never their text. */
function shown(name: string, value: string | undefined): string {
  if (value === undefined) {
    return 'nothing';
  }
  return SECRET_SETTINGS.has(name) ? `a value of ${value.length} characters, not shown` : `'${value}'`;
}

/** Reads the settings once; a bad value stops start-up with a message naming it. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema
    .superRefine((settings, context) => {
      if ((settings.TURN_URLS === undefined) !== (settings.TURN_SECRET === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [settings.TURN_URLS === undefined ? 'TURN_URLS' : 'TURN_SECRET'],
          message: 'must be set too: a TURN server needs both TURN_URLS and TURN_SECRET',
        });
      }
      const given = Object.keys(settings).filter((name) => name.startsWith('S3_') && name !== 'S3_FORCE_PATH_STYLE');
      if (given.length > 0) {
        for (const name of S3_REQUIRED.filter((required) => settings[required] === undefined)) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `must be set too: S3 storage needs ${S3_REQUIRED.join(', ')} (and S3_ENDPOINT unless it is AWS)`,
          });
        }
      }
    })
    .safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message} (got ${shown(name, present[name])})`;
    });
    throw new ConfigError(`Parley cannot start, a setting is wrong:\n  ${problems.join('\n  ')}`);
  }
  const settings = parsed.data;
  const { S3_REGION: region, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = settings;
  const secretAccessKey = settings.S3_SECRET_ACCESS_KEY;
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: path.resolve(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, ''),
    jwtSecret: settings.JWT_SECRET,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    devMailbox: settings.DEV_MAILBOX,
    demoData: settings.DEMO_DATA,
    demoCallCount: settings.DEMO_CALL_COUNT,
    logLevel: settings.LOG_LEVEL,
    trustProxy: settings.TRUST_PROXY,
    webDist: path.resolve(settings.WEB_DIST),
    widgetDist: path.resolve(settings.WIDGET_DIST),
    passwordHashMemory: settings.PASSWORD_HASH_MEMORY,
    callRingSeconds: settings.CALL_RING_SECONDS,
    ice: {
      servers: settings.ICE_SERVERS,
      turn:
        settings.TURN_URLS && settings.TURN_SECRET
          ? { urls: settings.TURN_URLS, secret: settings.TURN_SECRET, ttlSeconds: settings.TURN_TTL_SECONDS }
          : undefined,
    },
    sendLimits: {
      perMemberHour: settings.SEND_LIMIT_PER_MEMBER_HOUR,
      perTeamDay: settings.SEND_LIMIT_PER_TEAM_DAY,
      newTeamDay: settings.SEND_LIMIT_NEW_TEAM_DAY,
    },
    leadsTeamId: settings.LEADS_TEAM_ID,
    videoMaxBytes: settings.VIDEO_MAX_BYTES,
    uploadPartSize: settings.UPLOAD_PART_SIZE,
    ffmpegPath: findFfmpeg(settings.FFMPEG_PATH, env.PATH ?? '').path,
    s3:
      region && bucket && accessKeyId && secretAccessKey
        ? {
            endpoint: settings.S3_ENDPOINT,
            region,
            bucket,
            accessKeyId,
            secretAccessKey,
            forcePathStyle: settings.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    slack: { tokenKey: settings.SLACK_TOKEN_KEY, apiUrl: settings.SLACK_API_URL },
  };
}
