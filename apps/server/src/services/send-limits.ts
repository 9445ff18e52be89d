import { ERROR_CODES } from '@parley/api';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { findTeam } from '../repositories/teams';
import { countUp } from './rate-limits';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

const sendLimitReached = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ERROR_CODES.sendLimit,
    'You have reached the limit on messages sent for now. You can send more later; nothing was sent this time.',
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );

/**
 * Takes one send (a message to one recipient: a video message's e-mail and SMS, an invitation)
 * from the member's hourly allowance and the team's daily quota, lower in the team's first day,
 * before anything is stored or queued. Over either, 429 SEND_LIMIT and nothing is sent: Parley
 * sends through the operator's mail account, and a self-registered team must not turn it into a
 * spam or phishing relay. Counted in one statement each, so parallel sends cannot slip past.
 */
export async function takeSend(app: FastifyInstance, sender: { teamId: string; userId: string }): Promise<void> {
  const limits = app.config.sendLimits;
  const member = await countUp(app.db, `send-member:${sender.userId}`, HOUR);
  if (member.current > limits.perMemberHour) {
    throw sendLimitReached(member.ttlSeconds);
  }
  const team = await findTeam(app.db, sender.teamId);
  const isNew = team !== undefined && Date.now() - team.createdAt.getTime() < DAY * 1000;
  const quota = await countUp(app.db, `send-team:${sender.teamId}`, DAY);
  if (quota.current > (isNew ? limits.newTeamDay : limits.perTeamDay)) {
    throw sendLimitReached(quota.ttlSeconds);
  }
}
