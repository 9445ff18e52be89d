import { ERROR_CODES, errorBodySchema, saveSlackTokenRequestSchema, slackSettingsResponseSchema } from '@parley/api';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { createTokenCipher, tokenKey } from '../../lib/token-cipher';
import { principalOf } from '../../plugins/auth';
import { findSlackIntegration, saveSlackIntegration, slackSettings, storeSlackSync } from '../../repositories/slack';
import { createSlackApi, SlackFailure } from '../../services/slack';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Said to a user (not an admin) who tries to save the token or sync. */
const ADMINS_ONLY = 'Only team admins can change the Slack settings.';

/** SPEC §8: what the Slack settings screen says when anything fails. */
export const SLACK_FAILED_MESSAGE = 'Something went wrong, please try again later';

/** Any failure of Slack's: logged with its cause (never the token), answered with SPEC's message. */
function slackFailed(log: FastifyBaseLogger, step: string, error: unknown): AppError {
  const cause = error instanceof SlackFailure ? error.reason : error instanceof Error ? error.message : String(error);
  log.warn({ slackStep: step, slackError: cause }, `Slack ${step} failed: ${cause}`);
  return new AppError(502, ERROR_CODES.slackFailed, SLACK_FAILED_MESSAGE);
}

/**
 * Slack settings (issue 17, `/settings/slack-settings`): the team's token, checked with Slack's
 * `auth.test` and kept encrypted (only its last 4 characters are shown), and Sync Users, which reads
 * the workspace's people (`users.list`, every page) and matches them to members by e-mail. Every
 * member reads the settings; admins save the token and sync.
 */
const slackRoutes: FastifyPluginAsyncZod = async (app) => {
  // SLACK_TOKEN_KEY, else derived from the server's secret key (the auth plugin's, made once from the JWT secret).
  const key = tokenKey(app.config.slack.tokenKey, app.secretKey, 'slack-token');
  const cipher = createTokenCipher(key, 'slack-token');
  const slack = createSlackApi({ apiUrl: app.config.slack.apiUrl, log: app.log });

  app.get(
    '/slack',
    {
      schema: {
        summary: "The team's Slack settings",
        description:
          "The saved token's last 4 characters (never the token), the workspace, and the latest Sync Users: the workspace's people who matched a member by e-mail and those who did not, and when it ran.",
        tags: ['slack'],
        response: { 200: slackSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await slackSettings(app.db, principalOf(request).teamId) }),
  );

  app.put(
    '/slack/token',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: 'Save the Slack token',
        description:
          "Checked with Slack's `auth.test` first, then stored encrypted (AES-256-GCM). A token of another workspace drops the previous sync's result. 502 `SLACK_FAILED` when Slack refuses it or cannot be reached (the cause is logged).",
        tags: ['slack'],
        body: saveSlackTokenRequestSchema,
        response: { 200: slackSettingsResponseSchema, 422: errorBodySchema, 502: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { token } = request.body;
      let workspace: Awaited<ReturnType<typeof slack.check>>;
      try {
        workspace = await slack.check(token);
      } catch (error) {
        throw slackFailed(request.log, 'auth.test', error);
      }
      await saveSlackIntegration(app.db, principal.teamId, {
        sealed: cipher.seal(token),
        last4: token.slice(-4),
        workspace,
        savedBy: principal.userId,
      });
      return { success: true as const, data: await slackSettings(app.db, principal.teamId) };
    },
  );

  app.post(
    '/slack/sync',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: "Sync Users: read the Slack workspace's people and match them to members by e-mail",
        description:
          "Reads every page of `users.list` (waiting as Slack's `Retry-After` says when rate-limited), leaves out bots and deactivated accounts, and replaces the previous result as a whole. 409 `SLACK_NOT_CONNECTED` without a saved token; 502 `SLACK_FAILED` when Slack refuses (a revoked token) or fails (the cause is logged).",
        tags: ['slack'],
        response: { 200: slackSettingsResponseSchema, 409: errorBodySchema, 502: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { teamId } = principalOf(request);
      const integration = await findSlackIntegration(app.db, teamId);
      if (!integration) {
        throw new AppError(409, ERROR_CODES.slackNotConnected, 'Save a Slack token first.');
      }
      let stored: boolean;
      try {
        const people = await slack.people(cipher.open(integration.tokenSecret));
        stored = await storeSlackSync(app.db, teamId, integration.tokenSecret, people);
      } catch (error) {
        throw slackFailed(request.log, 'users.list', error);
      }
      if (!stored) {
        throw slackFailed(request.log, 'users.list', new Error('the token changed while the workspace was read'));
      }
      return { success: true as const, data: await slackSettings(app.db, teamId) };
    },
  );
};

export default slackRoutes;
