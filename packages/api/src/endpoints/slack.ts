import type { RequestFunction } from '../client';
import { type SaveSlackTokenRequest, slackSettingsResponseSchema } from '../schemas/slack';

/** Slack settings: the team's token and Sync Users. */
export function slackEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/slack`: the token's last 4 characters, the workspace, and the latest Sync Users. */
    get: () => request(slackSettingsResponseSchema, 'GET', '/api/slack'),
    /** Admin: `PUT /api/slack/token`, checked with Slack's `auth.test`, then stored encrypted. */
    saveToken: (body: SaveSlackTokenRequest) =>
      request(slackSettingsResponseSchema, 'PUT', '/api/slack/token', { body }),
    /** Admin: `POST /api/slack/sync`, reads the workspace's people and matches them to members by e-mail. */
    sync: () => request(slackSettingsResponseSchema, 'POST', '/api/slack/sync'),
  };
}
