import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { PasswordHasher } from '../lib/passwords';
import type { UrlSigner } from '../lib/signed-urls';
import type { CallMedia } from '../services/call-media';
import type { Events } from '../services/events';
import type { Ffmpeg } from '../services/ffmpeg';
import type { LiveCalls, QueueWatch } from '../services/live-calls';
import type { Outbox } from '../services/outbox';
import type { Presence } from '../services/presence';
import type { Readiness } from '../services/readiness';
import type { RecordingService } from '../services/recordings';
import type { Principal, Sessions } from '../services/sessions';
import type { Signalling } from '../services/signalling';
import type { LocalStore } from '../services/storage/local';
import type { VideoStore } from '../services/storage/store';
import type { VideoProcessor } from '../services/video-processing';
import type { VideoService } from '../services/videos';

/** Who may call a route: anyone, any signed-in member, or admins only. */
export type Access = 'public' | 'member' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    sessions: Sessions;
    passwords: PasswordHasher;
    /** Keys low-entropy secrets (phone codes) before they are stored. */
    secretKey: string;
    outbox: Outbox;
    events: Events;
    /** Members' availability: their choice, and their open sockets on every instance. */
    presence: Presence;
    /** Calls as they happen: ringing, answering, missing, ending. */
    liveCalls: LiveCalls;
    /** Waiting visitors' places in line, read once per change for every visitor on this instance. */
    queueWatch: QueueWatch;
    /** WebRTC signals between the two sides of a connected call, on any instances. */
    signalling: Signalling;
    /** Where video files and posters live: local disk or S3. */
    storage: VideoStore;
    /** The same store when it is local disk (its signed `/uploads` and `/files` routes); null on S3. */
    localStore: LocalStore | null;
    /** Signs and checks the local store's addresses. */
    urlSigner: UrlSigner;
    ffmpeg: Ffmpeg;
    videos: VideoService;
    videoProcessor: VideoProcessor;
    /** Call recordings (generation job, signed addresses) and captions. */
    recordings: RecordingService;
    /** Each side's recording of a live call, sent in parts while the call runs. */
    callMedia: CallMedia;
    /** Whether start-up work (the demo load) still holds the API back (`/readyz`). */
    readiness: Readiness;
  }
  interface FastifyRequest {
    /** The signed-in member, set on routes that need one. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes under /api and /common are for members unless they say otherwise. */
    access?: Access;
    /** What an `access: 'admin'` route says to a user (not an admin); the generic wording otherwise. */
    forbiddenMessage?: string;
  }
}

/** The Fastify instance with zod schemas typing each route's params, query, body and replies. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
