import {
  currentUserSchema,
  dataSchema,
  ERROR_CODES,
  englishMessages,
  errorBodySchema,
  idParamsSchema,
  inviteMemberRequestSchema,
  memberSchema,
  okSchema,
  pageQuerySchema,
  teamMemberListSchema,
  teamSchema,
  updateCurrentUserRequestSchema,
  updateMemberRequestSchema,
  updateTeamRequestSchema,
} from '@parley/api';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { oneTimePassword } from '../../lib/phrases';
import { principalOf } from '../../plugins/auth';
import { findTeam, renameTeam } from '../../repositories/teams';
import {
  findActiveUserByEmail,
  findCurrentUser,
  findTeamUser,
  insertUser,
  listTeamUsers,
  lockActiveAdmins,
  renewInvitation,
  teamListsEmail,
  toMember,
  toTeamMember,
  type UserRow,
  updateUser,
} from '../../repositories/users';
import { takeSend } from '../../services/send-limits';

/**
 * The invitation e-mail: where and how to sign in with the one-time password, or, for an address
 * that belongs to another team's member, why this invitation cannot be taken up.
 */
async function sendInvitation(
  app: FastifyInstance,
  inviter: { teamId: string; name: string },
  invitee: { email: string; name: string; password: string; addressTaken: boolean },
): Promise<void> {
  const team = await findTeam(app.db, inviter.teamId);
  const teamName = team?.name ?? 'their team';
  const howToJoin = invitee.addressTaken
    ? [
        'This address already belongs to a Parley account in another team, and an address can belong to one team at a time, so this invitation cannot be taken up with it.',
        `To join ${teamName}, ask ${inviter.name} to invite another address of yours. If you did not expect this message, you can ignore it.`,
      ]
    : [
        `Sign in at ${app.config.publicUrl}/user/team-login/${inviter.teamId}`,
        `E-mail: ${invitee.email}`,
        `One-time password: ${invitee.password}`,
        '',
        'You will choose your own password when you first sign in.',
      ];
  await app.outbox.sendEmail({
    teamId: inviter.teamId,
    to: invitee.email,
    subject: `${inviter.name} invited you to ${teamName} on Parley`,
    text: [
      `Hello ${invitee.name},`,
      '',
      `${inviter.name} invited you to answer calls with ${teamName} on Parley.`,
      '',
      ...howToJoin,
    ].join('\n'),
  });
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const invitationTaken = () =>
  conflict(ERROR_CODES.invitationTaken, 'This member has signed in already: there is no invitation to send again.');
const lastAdmin = () => conflict(ERROR_CODES.lastAdmin, 'The team needs at least one admin.');
const noLongerAdmin = () =>
  new AppError(409, ERROR_CODES.roleChanged, 'You are no longer an admin of this team; nothing was changed.');

/**
 * Runs a change to one member with the team's admins locked (see `lockActiveAdmins`): the member
 * as it is now, and whether the change leaves an admin is decided under the lock. An acting admin
 * who lost the role to a change that landed first gets 409, and nothing is changed.
 */
function changeMember<Result>(
  db: Db,
  actor: { teamId: string; userId: string },
  memberId: string,
  change: (transaction: Db, member: UserRow, otherAdmins: number) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (transaction) => {
    const admins = await lockActiveAdmins(transaction, actor.teamId);
    if (!admins.includes(actor.userId)) {
      throw noLongerAdmin();
    }
    const member = await findTeamUser(transaction, actor.teamId, memberId);
    if (!member) {
      throw notFound();
    }
    const otherAdmins = admins.filter((id) => id !== member.id).length;
    return change(transaction, member, otherAdmins);
  });
}

/** The signed-in member (SPEC §3) and the team's members; changes to members are for admins. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/currentUser',
    {
      schema: {
        summary: 'The signed-in member',
        tags: ['members'],
        response: { 200: dataSchema(currentUserSchema), ...errors },
      },
    },
    async (request) => {
      const user = await findCurrentUser(app.db, principalOf(request).userId);
      if (!user) {
        throw notFound();
      }
      return { success: true as const, data: user };
    },
  );

  app.patch(
    '/currentUser',
    {
      schema: {
        summary: 'The signed-in member changes their own name',
        tags: ['members'],
        body: updateCurrentUserRequestSchema,
        response: { 200: dataSchema(currentUserSchema), 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      await updateUser(app.db, userId, { name: request.body.name });
      const user = await findCurrentUser(app.db, userId);
      if (!user) {
        throw notFound();
      }
      return { success: true as const, data: user };
    },
  );

  app.patch(
    '/team',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Rename the signed-in admin's team",
        tags: ['members'],
        body: updateTeamRequestSchema,
        response: { 200: dataSchema(teamSchema), 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      // Under the admins' lock, as every change an admin makes: one demoted meanwhile changes nothing.
      const team = await app.db.transaction(async (transaction) => {
        const admins = await lockActiveAdmins(transaction, principal.teamId);
        if (!admins.includes(principal.userId)) {
          throw noLongerAdmin();
        }
        return renameTeam(transaction, principal.teamId, request.body.name);
      });
      return { success: true as const, data: { id: team.id, name: team.name } };
    },
  );

  app.get(
    '/users',
    {
      schema: {
        summary: "The team's members, newest first, with availability, last seen and calls answered this week",
        tags: ['members'],
        querystring: pageQuerySchema,
        response: { 200: teamMemberListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listTeamUsers(app.db, principalOf(request).teamId, request.query);
      return { list: page.list.map(toTeamMember), total: page.total };
    },
  );

  app.post(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Invite a member: they get a one-time password by e-mail',
        tags: ['members'],
        body: inviteMemberRequestSchema,
        response: {
          201: dataSchema(memberSchema),
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { email, name, role } = request.body;
      // The team's own list shows its members and invitations: saying so tells it nothing new.
      if (await teamListsEmail(app.db, principal.teamId, email)) {
        throw conflict(ERROR_CODES.emailTaken, englishMessages.emailTaken, { email: 'emailTaken' });
      }
      await takeSend(app, principal);
      const password = oneTimePassword();
      const invitation = {
        teamId: principal.teamId,
        email,
        name,
        role,
        firstLogin: true,
        passwordHash: await app.passwords.hash(password),
      };
      // An address registered in another team gets the same answer and the same listing as any
      // other (whether it is registered anywhere is not this team's to learn), and the invitee an
      // e-mail that says why this invitation cannot be taken up.
      let user = (await findActiveUserByEmail(app.db, email))
        ? undefined
        : await insertUser(app.db, invitation).catch((error: unknown) => {
            if (isUniqueViolation(error)) {
              return undefined;
            }
            throw error;
          });
      const addressTaken = user === undefined;
      user ??= await insertUser(app.db, { ...invitation, addressTaken: true });
      await sendInvitation(app, principal, { email, name, password, addressTaken });
      reply.code(201);
      return { success: true as const, data: toMember(user) };
    },
  );

  app.post(
    '/users/:id/invitation',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Send an invitation again: a new one-time password by e-mail, for a member who has not signed in yet',
        tags: ['members'],
        params: idParamsSchema,
        response: { 200: dataSchema(memberSchema), 409: errorBodySchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const member = await findTeamUser(app.db, principal.teamId, request.params.id);
      if (!member) {
        throw notFound();
      }
      if (!member.firstLogin) {
        throw invitationTaken();
      }
      if (member.disabled) {
        throw conflict(
          ERROR_CODES.conflict,
          'This member is disabled: enable them before sending the invitation again.',
        );
      }
      await takeSend(app, principal);
      const password = oneTimePassword();
      // Only while the invitation is still open: a sign-in that lands first keeps its own password.
      const updated = await renewInvitation(app.db, member.id, await app.passwords.hash(password));
      if (!updated) {
        throw invitationTaken();
      }
      // The previous one-time password's first-login tokens end with it.
      await app.sessions.revokeAll(updated.id);
      await sendInvitation(app, principal, {
        email: updated.email,
        name: updated.name,
        password,
        addressTaken: updated.addressTaken,
      });
      return { success: true as const, data: toMember(updated) };
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Rename a member, change their role, or disable them (they are signed out at once)',
        tags: ['members'],
        params: idParamsSchema,
        body: updateMemberRequestSchema,
        response: { 200: dataSchema(memberSchema), 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { name, role, disabled } = request.body;
      const updated = await changeMember(app.db, principal, request.params.id, async (transaction, member, others) => {
        const isActiveAdmin = member.role === 'admin' && !member.disabled;
        if (isActiveAdmin && (role === 'user' || disabled === true) && others === 0) {
          throw lastAdmin();
        }
        if (disabled === true && member.id === principal.userId) {
          throw conflict(ERROR_CODES.self, 'You cannot disable yourself.');
        }
        return updateUser(transaction, member.id, {
          ...(name === undefined ? {} : { name }),
          ...(role === undefined ? {} : { role }),
          ...(disabled === undefined ? {} : { disabled }),
        });
      });
      if (disabled === true) {
        await app.sessions.revokeAll(updated.id);
      }
      return { success: true as const, data: toMember(updated) };
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Remove a member: their sessions end at once; calls they took keep their name',
        tags: ['members'],
        params: idParamsSchema,
        response: { 200: okSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const removed = await changeMember(app.db, principal, request.params.id, async (transaction, member, others) => {
        if (member.id === principal.userId) {
          throw conflict(ERROR_CODES.self, 'You cannot remove yourself.');
        }
        if (member.role === 'admin' && !member.disabled && others === 0) {
          throw lastAdmin();
        }
        return updateUser(transaction, member.id, { removedAt: new Date() });
      });
      await app.sessions.revokeAll(removed.id);
      return { success: true as const };
    },
  );
};

export default userRoutes;
