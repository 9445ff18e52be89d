import { type ApiClientOptions, createRequest } from './client';
import { authEndpoints } from './endpoints/auth';
import { callEndpoints } from './endpoints/calls';
import { contactEndpoints } from './endpoints/contacts';
import { devEndpoints } from './endpoints/dev';
import { domainEndpoints } from './endpoints/domains';
import { leadEndpoints } from './endpoints/leads';
import { liveCallEndpoints } from './endpoints/live-calls';
import { noticeEndpoints } from './endpoints/notices';
import { preferenceEndpoints } from './endpoints/preferences';
import { presenceEndpoints } from './endpoints/presence';
import { profileEndpoints } from './endpoints/profile';
import { requestEndpoints } from './endpoints/requests';
import { searchEndpoints } from './endpoints/search';
import { slackEndpoints } from './endpoints/slack';
import { userEndpoints } from './endpoints/users';
import { videoMessageEndpoints } from './endpoints/video-messages';
import { videoEndpoints } from './endpoints/videos';
import { visitorEndpoints } from './endpoints/visitor';

/** The typed client of Parley's API: one function per endpoint, answers parsed with the contract. */
export function createApiClient(options: ApiClientOptions = {}) {
  const request = createRequest(options);
  return {
    request,
    auth: authEndpoints(request),
    users: userEndpoints(request),
    notices: noticeEndpoints(request),
    presence: presenceEndpoints(request),
    profile: profileEndpoints(request),
    leads: leadEndpoints(request),
    requests: requestEndpoints(request),
    search: searchEndpoints(request),
    calls: callEndpoints(request),
    contacts: contactEndpoints(request),
    liveCalls: liveCallEndpoints(request),
    videos: videoEndpoints(request),
    videoMessages: videoMessageEndpoints(request),
    domains: domainEndpoints(request),
    slack: slackEndpoints(request),
    preferences: preferenceEndpoints(request),
    visitor: visitorEndpoints(request),
    dev: devEndpoints(request),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

export {
  type ApiClientOptions,
  createRequest,
  DEFAULT_CACHE_TTL_MS,
  type HttpMethod,
  type RequestFunction,
  type RequestOptions,
} from './client';
export { visitorEndpoints } from './endpoints/visitor';
export { CLIENT_ERROR_CODES, ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes';
export { ApiError, isApiError } from './errors';
export * from './limits';
export { englishMessages, isMessageId, type MessageId, type Messages, type MessagesFor, messageIds } from './messages';
export * from './schemas/auth';
export * from './schemas/calls';
export * from './schemas/common';
export * from './schemas/contacts';
export * from './schemas/domains';
export * from './schemas/leads';
export * from './schemas/live-calls';
export * from './schemas/notices';
export * from './schemas/outbox';
export * from './schemas/preferences';
export * from './schemas/presence';
export * from './schemas/profile';
export * from './schemas/realtime';
export * from './schemas/requests';
export * from './schemas/search';
export * from './schemas/slack';
export * from './schemas/users';
export * from './schemas/video-messages';
export * from './schemas/videos';
export * from './schemas/visitor';
