import type { Role } from '@parley/api';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

const ISSUER = 'parley';
const AUDIENCE = 'parley';
const HOUR = 3600;

/**
 * How long a token lives: a working day, 30 days with Remember me, 15 minutes to set a first
 * password, 5 minutes to give the second factor.
 */
export const SESSION_TTL_SECONDS = {
  full: 12 * HOUR,
  remembered: 30 * 24 * HOUR,
  password: 15 * 60,
  mfa: 5 * 60,
} as const;

export type SessionScope = 'full' | 'password' | 'mfa';

/** The audience of a visitor's call token: a member's check refuses it, and the other way round. */
const VISITOR_AUDIENCE = 'parley-visitor';
/** How long a visitor's call token lives: longer than any call, short enough to be of no later use. */
export const VISITOR_TOKEN_TTL_SECONDS = 4 * HOUR;

/** A visitor of the widget, for their one call (issue 16): no member, no row in `sessions`. */
export interface VisitorPrincipal {
  callId: string;
  teamId: string;
}

/** The signed-in member behind a request, read from the database at each call. */
export interface Principal {
  userId: string;
  teamId: string;
  sessionId: string;
  scope: SessionScope;
  role: Role;
  name: string;
  email: string;
}

/** The JWT claims Parley signs (ARCHITECTURE §4): `user_name`, `role`, team, token id, expiry. */
interface Claims {
  sub: string;
  user_name: string;
  role: Role;
  team: string;
  scope: SessionScope;
  jti: string;
}

interface IssueInput {
  userId: string;
  teamId: string;
  name: string;
  role: Role;
  scope: SessionScope;
  remember?: boolean;
}

/** Issues, checks and revokes tokens: a signed JWT whose id is a row in `sessions`. */
export function createSessions(db: Db, secret: string) {
  // Imported once: given the bytes, jose imports the key again at every check (about 75 µs of each request).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Every API request checks its session: built and prepared once, not per request.
  const verifyStatement = db
    .select({
      sessionId: sessions.id,
      scope: sessions.scope,
      userId: users.id,
      teamId: users.teamId,
      role: users.role,
      name: users.name,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('jti')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.disabled, false),
        isNull(users.removedAt),
      ),
    )
    .prepare('session_verify');

  async function issue(input: IssueInput): Promise<string> {
    const ttl =
      input.scope !== 'full'
        ? SESSION_TTL_SECONDS[input.scope]
        : input.remember
          ? SESSION_TTL_SECONDS.remembered
          : SESSION_TTL_SECONDS.full;
    // One clock reading for the row and the token: read twice, around the insert, a second could
    // pass between them and the token would last ttl ± 1 s.
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = new Date((issuedAt + ttl) * 1000);
    const [row] = await db
      .insert(sessions)
      .values({ userId: input.userId, teamId: input.teamId, scope: input.scope, expiresAt })
      .returning({ id: sessions.id });
    if (!row) {
      throw new Error('The session was not stored.');
    }
    return new SignJWT({ user_name: input.name, role: input.role, team: input.teamId, scope: input.scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(input.userId)
      .setJti(row.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(await key);
  }

  /**
   * The principal of a token, or null when it is malformed, signed with another key or algorithm,
   * expired, revoked, or its member was disabled or removed — all of which must answer 401.
   */
  async function verify(token: string): Promise<Principal | null> {
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(token, await key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      claims = payload as unknown as Claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        return null;
      }
      throw error;
    }
    if (typeof claims.jti !== 'string' || !/^[0-9a-f-]{36}$/i.test(claims.jti) || typeof claims.sub !== 'string') {
      return null;
    }
    const [row] = await verifyStatement.execute({ jti: claims.jti });
    if (!row || row.userId !== claims.sub || row.teamId !== claims.team) {
      return null;
    }
    return row;
  }

  /** A token for the visitor's own call only: its socket and hanging up. The call's state decides the rest. */
  async function issueVisitor(input: VisitorPrincipal): Promise<string> {
    return new SignJWT({ team: input.teamId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(input.callId)
      .setIssuer(ISSUER)
      .setAudience(VISITOR_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${VISITOR_TOKEN_TTL_SECONDS}s`)
      .sign(await key);
  }

  /** The call a visitor's token is good for, or null (malformed, expired, a member's token). */
  async function verifyVisitor(token: string): Promise<VisitorPrincipal | null> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        issuer: ISSUER,
        audience: VISITOR_AUDIENCE,
        algorithms: ['HS256'],
      });
      const { sub, team } = payload as { sub?: unknown; team?: unknown };
      const uuid = /^[0-9a-f-]{36}$/i;
      return typeof sub === 'string' && uuid.test(sub) && typeof team === 'string' && uuid.test(team)
        ? { callId: sub, teamId: team }
        : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        return null;
      }
      throw error;
    }
  }

  /** Told of each member whose sessions (some of them) just ended: their open sockets check theirs again. */
  let ended: (userId: string) => Promise<void> = async () => {};

  async function revoke(sessionId: string): Promise<void> {
    const [row] = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, sessionId))
      .returning({ userId: sessions.userId });
    if (row) {
      await ended(row.userId);
    }
  }

  /** Ends every session of a member (password changed or reset, member removed), but `except`. */
  async function revokeAll(userId: string, except?: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined),
      );
    await ended(userId);
  }

  return {
    issue,
    verify,
    issueVisitor,
    verifyVisitor,
    revoke,
    revokeAll,
    /** Who hears that a member's sessions ended (the realtime events, once they exist). */
    whenEnded(listener: (userId: string) => Promise<void>): void {
      ended = listener;
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
