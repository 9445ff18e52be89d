import {
  CAPTCHA_MAX_ATTEMPTS,
  changePasswordRequestSchema,
  dataSchema,
  ERROR_CODES,
  englishMessages,
  errorBodySchema,
  forgotPasswordRequestSchema,
  idParamsSchema,
  type LoginResponse,
  loginRequestSchema,
  loginResponseSchema,
  mfaLoginRequestSchema,
  mobileLoginRequestSchema,
  okSchema,
  publicTeamSchema,
  type Role,
  registerRequestSchema,
  resetLinkCheckRequestSchema,
  resetLinkCheckResponseSchema,
  resetPasswordRequestSchema,
} from '@parley/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, conflict, invalid, notFound, unauthorized } from '../../lib/errors';
import { hmac, randomToken, sha256 } from '../../lib/secrets';
import { principalOf } from '../../plugins/auth';
import {
  checkPhoneCode,
  insertPasswordReset,
  isPasswordResetLive,
  spendPasswordReset,
} from '../../repositories/credentials';
import { notifyMember } from '../../repositories/notices';
import { createTeam, findTeam } from '../../repositories/teams';
import {
  findActiveUserByEmail,
  findActiveUserByPhone,
  findUser,
  insertUser,
  listTeamAdmins,
  type UserRow,
  updateUser,
} from '../../repositories/users';
import { beginPasswordAttempt } from '../../services/login-throttle';
import { checkMfaCode } from '../../services/mfa';
import { assertPhoneUnlocked, recordWrongPhoneCode } from '../../services/phone-lock';
import { limits } from '../../services/rate-limits';

/** A reset link that was used, has expired, or never was: the same answer for each. */
const resetLinkRefused = () =>
  new AppError(400, ERROR_CODES.resetLinkInvalid, 'This link is invalid or has expired. Ask for a new one.');

const errors = {
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};

function loginAnswer(
  token: string,
  firstLogin: boolean,
  role: Role,
  type: 'account' | 'mobile',
  mfaRequired = false,
): LoginResponse {
  return {
    statusCode: 200,
    status: 'ok',
    type,
    currentAuthority: role,
    data: { token, firstLogin, ...(mfaRequired ? { mfaRequired } : {}) },
  };
}

/** The member a token's `sub` names, unverified: only to count second-factor tries per member. */
function tokenSubject(request: FastifyRequest): string | undefined {
  const token = (request.body as { token?: unknown } | undefined)?.token;
  const payload = typeof token === 'string' ? token.split('.')[1] : undefined;
  try {
    const sub = payload
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: unknown }).sub
      : undefined;
    return typeof sub === 'string' ? sub.slice(0, 64) : undefined;
  } catch {
    return undefined;
  }
}

const byAddress = (request: FastifyRequest) => request.ip;
const bodyField = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
};

/** Sign-in, registration and passwords (SPEC §2.2–2.3, §4 Login, issue 3). */
const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Signs a member in, or — on a first login — gives them a token that can only set a new password,
   * or — with an MFA device bound — one that can only give its code (`POST /common/login/mfa`).
   */
  async function signIn(
    user: UserRow,
    type: 'account' | 'mobile',
    remember: boolean | undefined,
    secondFactor: 'ask' | 'given' = 'ask',
  ) {
    if (user.mfaSecret !== null && secondFactor === 'ask' && !user.firstLogin) {
      const token = await app.sessions.issue({
        userId: user.id,
        teamId: user.teamId,
        name: user.name,
        role: user.role,
        scope: 'mfa',
      });
      return loginAnswer(token, false, user.role, type, true);
    }
    if (user.firstLogin) {
      const token = await app.sessions.issue({
        userId: user.id,
        teamId: user.teamId,
        name: user.name,
        role: user.role,
        scope: 'password',
      });
      return loginAnswer(token, true, user.role, type);
    }
    const token = await app.sessions.issue({
      userId: user.id,
      teamId: user.teamId,
      name: user.name,
      role: user.role,
      scope: 'full',
      remember: remember ?? false,
    });
    return loginAnswer(token, false, user.role, type);
  }

  const credentialsRefused = () => unauthorized(englishMessages.credentialsIncorrect, ERROR_CODES.badCredentials);

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in with e-mail and password',
        tags: ['accounts'],
        security: [],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      // Per address, every attempt; per account, only failures, and without locking the owner out (login-throttle).
      preHandler: limits(app, [{ name: 'login-ip', max: 5, windowSeconds: 60, key: byAddress }]),
    },
    async (request) => {
      const { email, password, teamId, autoLogin } = request.body;
      const settle = await beginPasswordAttempt(app.db, email, request.ip);
      const user = await findActiveUserByEmail(app.db, email);
      const passwordMatches = await app.passwords.verify(user?.passwordHash ?? null, password);
      const accepted =
        user && passwordMatches && !user.disabled && (teamId === undefined || user.teamId === teamId)
          ? user
          : undefined;
      await settle(accepted !== undefined);
      if (!accepted) {
        throw credentialsRefused();
      }
      return signIn(accepted, 'account', autoLogin);
    },
  );

  app.post(
    '/login/mobile',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in with a phone number and the code sent to it',
        tags: ['accounts'],
        security: [],
        body: mobileLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      preHandler: limits(app, [{ name: 'login-ip', max: 5, windowSeconds: 60, key: byAddress }]),
    },
    async (request) => {
      const { mobile, captcha, teamId, autoLogin } = request.body;
      await assertPhoneUnlocked(app, mobile);
      const codeRight = await checkPhoneCode(
        app.db,
        mobile,
        hmac(app.secretKey, `${mobile}:${captcha}`),
        CAPTCHA_MAX_ATTEMPTS,
      );
      if (!codeRight) {
        await recordWrongPhoneCode(app, mobile);
      }
      const user = codeRight ? await findActiveUserByPhone(app.db, mobile) : undefined;
      if (!user || user.disabled || (teamId !== undefined && user.teamId !== teamId)) {
        throw unauthorized(englishMessages.captchaInvalid, ERROR_CODES.captchaInvalid);
      }
      return signIn(user, 'mobile', autoLogin);
    },
  );

  app.post(
    '/login/mfa',
    {
      config: { access: 'public' },
      schema: {
        summary: "Sign in's second step: a code from the member's MFA device, or a recovery code",
        description: 'The token is the one the first step answered with `mfaRequired`; it lasts five minutes.',
        tags: ['accounts'],
        security: [],
        body: mfaLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      // Per member (however many first steps they took) and per address: six digits are few.
      preHandler: limits(app, [
        { name: 'login-mfa-member', max: 5, windowSeconds: 15 * 60, key: tokenSubject },
        { name: 'login-mfa-ip', max: 20, windowSeconds: 15 * 60, key: byAddress },
      ]),
    },
    async (request) => {
      const { token, code, autoLogin } = request.body;
      const principal = await app.sessions.verify(token);
      const user = principal?.scope === 'mfa' ? await findUser(app.db, principal.userId) : undefined;
      if (!principal || !user || user.disabled) {
        throw unauthorized('This sign-in has expired. Please sign in again.', ERROR_CODES.tokenInvalid);
      }
      if (!(await checkMfaCode(app.db, app.secretKey, user, code))) {
        throw unauthorized(englishMessages.mfaCodeInvalid, ERROR_CODES.mfaCodeInvalid);
      }
      // The first step's token is spent: it cannot take a second full session.
      await app.sessions.revoke(principal.sessionId);
      return signIn(user, 'account', autoLogin, 'given');
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'Sign out: the token stops working at once',
        tags: ['accounts'],
        response: { 200: okSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await app.sessions.revoke(principalOf(request).sessionId);
      return { success: true as const };
    },
  );

  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Register a team with its first admin, and sign them in',
        tags: ['accounts'],
        security: [],
        body: registerRequestSchema,
        response: { 201: loginResponseSchema, ...errors },
      },
      preHandler: limits(app, [{ name: 'register-ip', max: 10, windowSeconds: 60 * 60, key: byAddress }]),
    },
    async (request, reply) => {
      const { name, teamName, email, password } = request.body;
      if (await findActiveUserByEmail(app.db, email)) {
        throw conflict(ERROR_CODES.emailTaken, englishMessages.emailTaken, { email: 'emailTaken' });
      }
      const passwordHash = await app.passwords.hash(password);
      // One transaction: a registration that loses a race for the address leaves no empty team.
      const { team, user } = await app.db.transaction(async (transaction) => {
        const created = await createTeam(transaction, teamName);
        const admin = await insertUser(transaction, {
          teamId: created.id,
          email,
          name,
          passwordHash,
          role: 'admin',
          firstLogin: false,
        });
        return { team: created, user: admin };
      });
      await notifyMember(app.db, app.events, {
        category: 'system',
        teamId: team.id,
        userId: user.id,
        type: 'notification',
        title: `Welcome to Parley, ${team.name} is ready`,
        // Only what works today: the team and domain screens are not built yet (issue 15).
        description: 'Look around the call history, record a video for your library, and send a video message.',
        link: '/call-history',
      });
      reply.code(201);
      return signIn(user, 'account', false);
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        summary: 'E-mail a link to set a new password',
        description: 'Answers the same whether or not the address belongs to a member.',
        tags: ['accounts'],
        security: [],
        body: forgotPasswordRequestSchema,
        response: { 200: okSchema, ...errors },
      },
      // Apart from the link's own limit (reset-password): asking for links must not block using one.
      preHandler: limits(app, [
        { name: 'forgot-ip', max: 5, windowSeconds: 30 * 60, key: byAddress },
        { name: 'forgot-account', max: 5, windowSeconds: 30 * 60, key: bodyField('email') },
      ]),
    },
    async (request) => {
      const user = await findActiveUserByEmail(app.db, request.body.email);
      if (user && !user.disabled) {
        const token = randomToken();
        await insertPasswordReset(app.db, user.id, sha256(token));
        const link = `${app.config.publicUrl}/user/reset-password/${token}/${user.id}`;
        await app.outbox.sendEmail({
          teamId: user.teamId,
          to: user.email,
          subject: 'Reset your Parley password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone asked to reset the password of your Parley account. To choose a new one, open this link within an hour:',
            '',
            link,
            '',
            'If it was not you, ignore this message: your password stays as it is.',
          ].join('\n'),
        });
      }
      return { success: true as const };
    },
  );

  app.post(
    '/reset-password/check',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether an e-mailed reset link can still be used (its page asks before the member types)',
        tags: ['accounts'],
        security: [],
        body: resetLinkCheckRequestSchema,
        response: { 200: resetLinkCheckResponseSchema, 400: errorBodySchema, ...errors },
      },
      // The same limit as using a link: guessing tokens through here is no cheaper.
      preHandler: limits(app, [{ name: 'reset-link-ip', max: 10, windowSeconds: 15 * 60, key: byAddress }]),
    },
    async (request) => {
      const { token, userId } = request.body;
      const user = await findUser(app.db, userId);
      if (!user || !(await isPasswordResetLive(app.db, userId, sha256(token)))) {
        throw resetLinkRefused();
      }
      return { success: true as const, data: { email: user.email } };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a new password with the e-mailed link',
        tags: ['accounts'],
        security: [],
        body: resetPasswordRequestSchema,
        response: { 200: okSchema, 400: errorBodySchema, ...errors },
      },
      preHandler: limits(app, [{ name: 'reset-link-ip', max: 10, windowSeconds: 15 * 60, key: byAddress }]),
    },
    async (request) => {
      const { token, userId, password } = request.body;
      const user = await findUser(app.db, userId);
      if (!user || !(await spendPasswordReset(app.db, userId, sha256(token)))) {
        throw resetLinkRefused();
      }
      await updateUser(app.db, user.id, { passwordHash: await app.passwords.hash(password), firstLogin: false });
      await app.sessions.revokeAll(user.id);
      return { success: true as const };
    },
  );

  app.post(
    '/change-password',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a new password (first login, or a signed-in member with their current one)',
        tags: ['accounts'],
        security: [],
        body: changePasswordRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      preHandler: limits(app, [{ name: 'change-password-ip', max: 10, windowSeconds: 15 * 60, key: byAddress }]),
    },
    async (request) => {
      const { token, currentPassword, password } = request.body;
      const principal = await app.sessions.verify(token);
      const user = principal ? await findUser(app.db, principal.userId) : undefined;
      // A first login's token, or a full session with the current password. A sign-in still owing
      // its second factor (`mfa`) may not: a new password would give it a full session without the code.
      if (!principal || !user || (principal.scope !== 'full' && principal.scope !== 'password')) {
        throw unauthorized('This link has expired. Please sign in again.', ERROR_CODES.tokenInvalid);
      }
      if (principal.scope === 'full' && !(await app.passwords.verify(user.passwordHash, currentPassword ?? ''))) {
        throw invalid({ currentPassword: 'currentPasswordWrong' });
      }
      const joined = user.firstLogin;
      const updated = await updateUser(app.db, user.id, {
        passwordHash: await app.passwords.hash(password),
        firstLogin: false,
      });
      await app.sessions.revokeAll(user.id);
      if (!joined) {
        await notifyMember(app.db, app.events, {
          category: 'account',
          teamId: user.teamId,
          userId: user.id,
          type: 'notification',
          title: 'Your password was changed',
          description: 'Your other sessions were signed out. If it was not you, reset your password at once.',
          link: '/settings/profile',
        });
      }
      if (joined) {
        for (const admin of await listTeamAdmins(app.db, user.teamId)) {
          if (admin.id !== user.id) {
            await notifyMember(app.db, app.events, {
              category: 'system',
              teamId: user.teamId,
              userId: admin.id,
              type: 'notification',
              title: `${user.name} joined the team`,
              description: user.email,
              link: '/Support-Team',
            });
          }
        }
      }
      // A full session gave its second factor already; a first login has none bound.
      return signIn(updated, 'account', false, 'given');
    },
  );

  app.get(
    '/teams/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: "A team's name, for its sign-in page",
        tags: ['accounts'],
        security: [],
        params: idParamsSchema,
        response: { 200: dataSchema(publicTeamSchema), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const team = await findTeam(app.db, request.params.id);
      if (!team) {
        throw notFound('This team does not exist.');
      }
      return { success: true as const, data: { id: team.id, name: team.name } };
    },
  );
};

export default commonRoutes;
