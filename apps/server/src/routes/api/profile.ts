import {
  confirmMfaRequestSchema,
  currentUserSchema,
  dataSchema,
  ERROR_CODES,
  englishMessages,
  errorBodySchema,
  mfaCodeRequestSchema,
  mfaEnrolmentSchema,
  mfaRecoveryCodesSchema,
  notificationSettingsSchema,
  securitySettingsSchema,
  updateNotificationSettingsRequestSchema,
  updateProfileRequestSchema,
} from '@parley/api';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import { notifyMember } from '../../repositories/notices';
import {
  bindMfa,
  lockUser,
  notificationSettingsOf,
  securitySettings,
  setPendingMfaSecret,
  unbindMfa,
  updateNotificationSettings,
} from '../../repositories/profile';
import {
  findActiveUserByEmail,
  findActiveUserByPhone,
  findCurrentUser,
  findUser,
  type UserRow,
  updateUser,
} from '../../repositories/users';
import {
  checkMfaCode,
  newEnrolment,
  newRecoveryCodes,
  openMfaSecret,
  recoveryCodeHash,
  sealMfaSecret,
  totpStep,
} from '../../services/mfa';
import { limits } from '../../services/rate-limits';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const emailTaken = () => conflict(ERROR_CODES.emailTaken, englishMessages.emailTaken, { email: 'emailTaken' });
const phoneTaken = () => conflict(ERROR_CODES.phoneTaken, englishMessages.phoneTaken, { phone: 'phoneTaken' });
const codeRefused = () =>
  new AppError(422, ERROR_CODES.mfaCodeInvalid, englishMessages.mfaCodeInvalid, { fields: { code: 'mfaCodeInvalid' } });

/** Codes typed on the profile: per member, so guessing a device's codes is slow. */
const codeLimit = (app: FastifyInstance) =>
  limits(app, [
    {
      name: 'mfa-profile-member',
      max: 10,
      windowSeconds: 15 * 60,
      key: (request) => request.principal?.userId,
    },
  ]);

async function currentMember(app: FastifyInstance, userId: string): Promise<UserRow> {
  const user = await findUser(app.db, userId);
  if (!user) {
    throw notFound();
  }
  return user;
}

/** The signed-in member's own settings (SPEC §2.5 `/settings/profile`), any role. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  /** An account notice to the member about their own security, if they keep those switched on. */
  async function tellMember(user: UserRow, title: string, description: string) {
    await notifyMember(app.db, app.events, {
      teamId: user.teamId,
      userId: user.id,
      category: 'account',
      type: 'notification',
      title,
      description,
      link: '/settings/profile',
    });
  }

  app.put(
    '/currentUser',
    {
      schema: {
        summary: "The signed-in member's Basic Settings: e-mail, nickname, personal profile, where they are, phone",
        description:
          'Every field is required. A changed e-mail address is told to the previous one. The phone number is the one phone login texts.',
        tags: ['members'],
        body: updateProfileRequestSchema,
        response: { 200: dataSchema(currentUserSchema), 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const { email, name, signature, country, province, city, address, phone } = request.body;
      const before = await currentMember(app, userId);
      if (email !== before.email && (await findActiveUserByEmail(app.db, email))) {
        throw emailTaken();
      }
      const phoneOwner = phone === before.phone ? undefined : await findActiveUserByPhone(app.db, phone);
      if (phoneOwner && phoneOwner.id !== userId) {
        throw phoneTaken();
      }
      try {
        await updateUser(app.db, userId, { email, name, signature, country, province, city, address, phone });
      } catch (error) {
        // Another member took the address or the number between the check and the change.
        if (isUniqueViolation(error)) {
          throw email !== before.email && (await findActiveUserByEmail(app.db, email)) ? emailTaken() : phoneTaken();
        }
        throw error;
      }
      if (email !== before.email) {
        await app.outbox.sendEmail({
          teamId: before.teamId,
          to: before.email,
          subject: 'Your Parley e-mail address was changed',
          text: [
            `Hello ${name},`,
            '',
            `The e-mail address of your Parley account is now ${email}. You sign in with it from now on.`,
            '',
            'If you did not change it, tell your team’s admin at once.',
          ].join('\n'),
        });
      }
      const user = await findCurrentUser(app.db, userId);
      if (!user) {
        throw notFound();
      }
      return { success: true as const, data: user };
    },
  );

  app.get(
    '/currentUser/security',
    {
      schema: {
        summary: "The signed-in member's MFA device and New Message Notification switches",
        tags: ['members'],
        response: { 200: dataSchema(securitySettingsSchema), ...errors },
      },
    },
    async (request) => {
      const user = await currentMember(app, principalOf(request).userId);
      return { success: true as const, data: await securitySettings(app.db, user) };
    },
  );

  app.patch(
    '/currentUser/notifications',
    {
      schema: {
        summary: 'New Message Notification: switch account, system or to-do notices on or off',
        tags: ['members'],
        body: updateNotificationSettingsRequestSchema,
        response: { 200: dataSchema(notificationSettingsSchema), 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = await updateNotificationSettings(app.db, principalOf(request).userId, request.body);
      if (!user) {
        throw notFound();
      }
      return { success: true as const, data: notificationSettingsOf(user) };
    },
  );

  app.post(
    '/currentUser/mfa',
    {
      schema: {
        summary: 'Start binding an MFA device: a new TOTP secret and its QR code',
        description: 'Nothing changes at sign-in until a code from the new secret confirms it.',
        tags: ['members'],
        response: { 200: dataSchema(mfaEnrolmentSchema), 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const enrolment = await newEnrolment(principal.email);
      if (!(await setPendingMfaSecret(app.db, principal.userId, sealMfaSecret(app.secretKey, enrolment.secret)))) {
        throw conflict(ERROR_CODES.mfaState, 'An MFA device is bound already: unbind it first.');
      }
      return { success: true as const, data: enrolment };
    },
  );

  app.post(
    '/currentUser/mfa/confirm',
    {
      schema: {
        summary: 'Bind the MFA device with its first code; answers ten single-use recovery codes, shown once',
        tags: ['members'],
        body: confirmMfaRequestSchema,
        response: {
          200: dataSchema(mfaRecoveryCodesSchema),
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
          ...errors,
        },
      },
      preHandler: codeLimit(app),
    },
    async (request) => {
      const { userId } = principalOf(request);
      const codes = newRecoveryCodes();
      // Under the member's row lock: two confirmations at once bind once, the second is told so.
      const user = await app.db.transaction(async (transaction) => {
        const member = await lockUser(transaction, userId);
        if (!member) {
          throw notFound();
        }
        if (member.mfaSecret !== null || member.mfaPendingSecret === null) {
          throw conflict(ERROR_CODES.mfaState, 'There is no MFA device waiting to be bound.');
        }
        if (totpStep(openMfaSecret(app.secretKey, member.mfaPendingSecret), request.body.code) === undefined) {
          throw codeRefused();
        }
        const hashes = codes.map((code) => recoveryCodeHash(app.secretKey, userId, code));
        await bindMfa(transaction, userId, member.mfaPendingSecret, hashes);
        return member;
      });
      await tellMember(
        user,
        'Two-step sign-in is on',
        'Signing in now asks for a code from your authenticator app, or one of your recovery codes.',
      );
      return { success: true as const, data: { recoveryCodes: codes } };
    },
  );

  app.post(
    '/currentUser/mfa/unbind',
    {
      schema: {
        summary: 'Unbind the MFA device, with a code from it or a recovery code',
        tags: ['members'],
        body: mfaCodeRequestSchema,
        response: {
          200: dataSchema(securitySettingsSchema),
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
          ...errors,
        },
      },
      preHandler: codeLimit(app),
    },
    async (request) => {
      const { userId } = principalOf(request);
      const user = await currentMember(app, userId);
      if (user.mfaSecret === null) {
        throw conflict(ERROR_CODES.mfaState, 'No MFA device is bound.');
      }
      if (!(await checkMfaCode(app.db, app.secretKey, user, request.body.code))) {
        throw codeRefused();
      }
      await unbindMfa(app.db, userId);
      await tellMember(user, 'Two-step sign-in is off', 'Signing in asks for your password only.');
      const after = await currentMember(app, userId);
      return { success: true as const, data: await securitySettings(app.db, after) };
    },
  );
};

export default profileRoutes;
