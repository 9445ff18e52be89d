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
  pageSchema,
  teamSchema,
  updateCurrentUserRequestSchema,
  updateMemberRequestSchema,
  updateTeamRequestSchema,
} from '@parley/api';
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
  teamListsEmail,
  toMember,
  type UserRow,
  updateUser,
} from '../../repositories/users';
import { takeSend } from '../../services/send-limits';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

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
        summary: "The team's members, newest first",
        tags: ['members'],
        querystring: pageQuerySchema,
        response: { 200: pageSchema(memberSchema), ...errors },
      },
    },
    async (request) => {
      const page = await listTeamUsers(app.db, principalOf(request).teamId, request.query);
      return { list: page.list.map(toMember), total: page.total };
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
      const team = await findTeam(app.db, principal.teamId);
      const teamName = team?.name ?? 'their team';
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
      const howToJoin = user
        ? [
            `Sign in at ${app.config.publicUrl}/user/team-login/${principal.teamId}`,
            `E-mail: ${email}`,
            `One-time password: ${password}`,
            '',
            'You will choose your own password when you first sign in.',
          ]
        : [
            'This address already belongs to a Parley account in another team, and an address can belong to one team at a time, so this invitation cannot be taken up with it.',
            `To join ${teamName}, ask ${principal.name} to invite another address of yours. If you did not expect this message, you can ignore it.`,
          ];
      user ??= await insertUser(app.db, { ...invitation, addressTaken: true });
      await app.outbox.sendEmail({
        teamId: principal.teamId,
        to: email,
        subject: `${principal.name} invited you to ${teamName} on Parley`,
        text: [
          `Hello ${name},`,
          '',
          `${principal.name} invited you to answer calls with ${teamName} on Parley.`,
          '',
          ...howToJoin,
        ].join('\n'),
      });
      reply.code(201);
      return { success: true as const, data: toMember(user) };
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
