/**
 * Type tests for the public client. They are checked by `pnpm typecheck` (root tsconfig includes
 * packages/*\/src) and never run: every call sits in a function nothing invokes.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  type ChangePasswordRequest,
  CLIENT_ERROR_CODES,
  type CreateLeadRequest,
  type CreateVideoMessageRequest,
  type CreateVideoRequest,
  type CurrentUser,
  createApiClient,
  createRequest,
  type HttpMethod,
  type InviteMemberRequest,
  isApiError,
  type Lead,
  type LoginRequest,
  type LoginResponse,
  type Member,
  type Notice,
  type NoticeType,
  type Ok,
  type OutboxMessage,
  type PageQuery,
  type PublicTeam,
  type RequestOptions,
  type Role,
  type ShowTypeValue,
  type TeamMember,
  type UpdateMemberRequest,
  type Video,
  type VideoKind,
  type VideoMessage,
  type WatchVideo,
} from './index';

declare const api: ApiClient;

describe('createApiClient', () => {
  it('takes optional options and returns the ApiClient shape', () => {
    expectTypeOf(createApiClient).parameters.toEqualTypeOf<[options?: ApiClientOptions]>();
    expectTypeOf(createApiClient()).toEqualTypeOf<ApiClient>();
    expectTypeOf<ApiClient>().toHaveProperty('request');
    expectTypeOf(api.request.clearCache).toEqualTypeOf<() => void>();
  });

  it('types the auth endpoints', () => {
    expectTypeOf(api.auth.login).parameters.toEqualTypeOf<[body: LoginRequest]>();
    expectTypeOf(api.auth.login).returns.toEqualTypeOf<Promise<LoginResponse>>();
    expectTypeOf<LoginResponse['currentAuthority']>().toEqualTypeOf<'admin' | 'user'>();
    expectTypeOf<LoginResponse['data']>().toEqualTypeOf<{
      token: string;
      firstLogin: boolean;
      mfaRequired?: boolean | undefined;
    }>();
    expectTypeOf(api.profile.loginMfa).returns.toEqualTypeOf<Promise<LoginResponse>>();
    expectTypeOf<LoginRequest>().toEqualTypeOf<{
      email: string;
      password: string;
      teamId?: string | undefined;
      autoLogin?: boolean | undefined;
    }>();
    expectTypeOf(api.auth.captcha).parameters.toEqualTypeOf<[mobile: string]>();
    expectTypeOf(api.auth.captcha).returns.resolves.toEqualTypeOf<{
      success: true;
      data: { expiresInSeconds: number };
    }>();
    expectTypeOf(api.auth.logout).parameters.toEqualTypeOf<[]>();
    expectTypeOf(api.auth.logout).returns.toEqualTypeOf<Promise<Ok>>();
    expectTypeOf(api.auth.changePassword).parameter(0).toEqualTypeOf<ChangePasswordRequest>();
    expectTypeOf(api.auth.changePassword).returns.toEqualTypeOf<Promise<LoginResponse>>();
    expectTypeOf(api.auth.team).returns.toEqualTypeOf<Promise<{ success: true; data: PublicTeam }>>();
  });

  it('types the user endpoints', () => {
    expectTypeOf(api.users.current).parameters.toEqualTypeOf<[]>();
    expectTypeOf(api.users.current).returns.toEqualTypeOf<Promise<{ success: true; data: CurrentUser }>>();
    expectTypeOf<CurrentUser['access']>().toEqualTypeOf<'admin' | 'user'>();
    expectTypeOf<CurrentUser['avatar']>().toEqualTypeOf<string | null>();

    expectTypeOf(api.users.list).parameters.toEqualTypeOf<[query?: Partial<PageQuery>]>();
    expectTypeOf(api.users.list).returns.toEqualTypeOf<Promise<{ list: TeamMember[]; total: number }>>();
    expectTypeOf(api.users.resendInvitation).parameters.toEqualTypeOf<[id: string]>();
    expectTypeOf(api.users.resendInvitation).returns.toEqualTypeOf<Promise<{ success: true; data: Member }>>();
    expectTypeOf<PageQuery>().toEqualTypeOf<{ current: number; pageSize: number }>();

    expectTypeOf(api.users.invite).parameter(0).toEqualTypeOf<InviteMemberRequest>();
    expectTypeOf<InviteMemberRequest['role']>().toEqualTypeOf<Role | undefined>();
    expectTypeOf(api.users.invite).returns.toEqualTypeOf<Promise<{ success: true; data: Member }>>();
    expectTypeOf(api.users.update).parameters.toEqualTypeOf<[id: string, body: UpdateMemberRequest]>();
    expectTypeOf(api.users.update).returns.toEqualTypeOf<Promise<{ success: true; data: Member }>>();
    expectTypeOf(api.users.remove).returns.toEqualTypeOf<Promise<Ok>>();
    expectTypeOf<Role>().toEqualTypeOf<'admin' | 'user'>();
    expectTypeOf<Member['role']>().toEqualTypeOf<Role>();
  });

  it('types the notice and dev endpoints', () => {
    expectTypeOf(api.notices.list).returns.toEqualTypeOf<Promise<Notice[]>>();
    expectTypeOf(api.notices.clear).parameters.toEqualTypeOf<[type: NoticeType]>();
    expectTypeOf<NoticeType>().toEqualTypeOf<'notification' | 'message' | 'event'>();
    expectTypeOf(api.notices.clear).returns.resolves.toEqualTypeOf<{ success: true; data: { removed: number } }>();
    expectTypeOf(api.dev.outbox).parameters.toEqualTypeOf<[to?: string]>();
    expectTypeOf(api.dev.outbox).returns.toEqualTypeOf<Promise<OutboxMessage[]>>();
  });

  it('types the lead endpoints', () => {
    expectTypeOf(api.leads.create).parameters.toEqualTypeOf<[body: CreateLeadRequest]>();
    expectTypeOf(api.leads.create).returns.toEqualTypeOf<Promise<{ success: true; data: { id: string } }>>();
    expectTypeOf<CreateLeadRequest['kind']>().toEqualTypeOf<'contact' | 'demo'>();
    expectTypeOf<CreateLeadRequest['phone']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf(api.leads.list).parameters.toEqualTypeOf<[query?: Partial<PageQuery>]>();
    expectTypeOf(api.leads.list).returns.toEqualTypeOf<Promise<{ list: Lead[]; total: number }>>();
  });

  it('types the video endpoints', () => {
    expectTypeOf(api.videos.create).parameters.toEqualTypeOf<[body: CreateVideoRequest]>();
    expectTypeOf<CreateVideoRequest['kind']>().toEqualTypeOf<VideoKind>();
    expectTypeOf<VideoKind>().toEqualTypeOf<'library' | 'message' | 'followup' | 'menu'>();
    expectTypeOf<Video['status']>().toEqualTypeOf<'uploading' | 'processing' | 'ready' | 'error'>();
    expectTypeOf(api.videos.create).returns.resolves.toEqualTypeOf<{
      success: true;
      data: { video: Video; upload: { partSize: number; partCount: number } };
    }>();
    expectTypeOf(api.videos.list).returns.toEqualTypeOf<Promise<{ list: Video[]; total: number }>>();
    expectTypeOf(api.videos.abortUpload).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(api.videoMessages.create).parameters.toEqualTypeOf<[body: CreateVideoMessageRequest]>();
    expectTypeOf(api.videoMessages.watch).returns.resolves.toEqualTypeOf<{ success: true; data: WatchVideo }>();
    expectTypeOf(api.videoMessages.list).returns.resolves.toEqualTypeOf<{ list: VideoMessage[]; total: number }>();
  });

  it('rejects wrong inputs', () => {
    // @ts-expect-error a video is library, message, followup or menu
    void api.videos.create({ title: 'Hi', kind: 'movie', contentType: 'video/mp4', size: 1 });
    // @ts-expect-error statuses are the four of a video
    void api.videos.list({ status: ['done'] });
    // @ts-expect-error the form is for contact or demo
    void api.leads.create({ kind: 'sales', name: 'Ada', email: 'ada@example.com', message: 'Hi' });
    // @ts-expect-error the form needs a message
    void api.leads.create({ kind: 'demo', name: 'Ada', email: 'ada@example.com' });
    // @ts-expect-error a login needs a password
    void api.auth.login({ email: 'ada@example.com' });
    // @ts-expect-error a role is 'admin' or 'user'
    void api.users.invite({ email: 'ada@example.com', name: 'Ada', role: 'owner' });
    // @ts-expect-error a role is 'admin' or 'user'
    void api.users.update('id', { role: 'superadmin' });
    // @ts-expect-error page numbers are numbers, not query text
    void api.users.list({ current: '2' });
    // @ts-expect-error notices are cleared by one of the three types
    void api.notices.clear('alert');
    // @ts-expect-error the current user takes no arguments
    void api.users.current('me');
    // @ts-expect-error the token getter gives text (or nothing)
    createApiClient({ getToken: () => 42 });
  });
});

describe('createRequest', () => {
  const request = createRequest();

  it('returns the schema’s output type', () => {
    const schema = z.object({ id: z.string(), at: z.string().transform((value) => new Date(value)) });
    expectTypeOf(request(schema, 'GET', '/x')).toEqualTypeOf<Promise<{ id: string; at: Date }>>();
    expectTypeOf(request(z.array(z.number()), 'POST', '/x', { body: new FormData() })).toEqualTypeOf<
      Promise<number[]>
    >();
  });

  it('takes the five methods and the documented options', () => {
    expectTypeOf<HttpMethod>().toEqualTypeOf<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>();
    expectTypeOf<RequestOptions['cache']>().toEqualTypeOf<boolean | number | undefined>();
    expectTypeOf<RequestOptions['timeout']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RequestOptions['auth']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ApiClientOptions['xsrf']>().toEqualTypeOf<
      { cookieName: string; headerName: string } | false | undefined
    >();
    expectTypeOf<ApiClientOptions['getToken']>().toEqualTypeOf<(() => string | null | undefined) | undefined>();

    // @ts-expect-error HEAD is not one of the request layer's methods
    void request(z.unknown(), 'HEAD', '/x');
    // @ts-expect-error the first argument is a zod schema
    void request({ id: 'string' }, 'GET', '/x');
    // @ts-expect-error query values are text, numbers, booleans or lists of them
    void request(z.unknown(), 'GET', '/x', { query: { when: new Date() } });
  });
});

describe('ApiError', () => {
  it('exposes status, codes, message, show-type, fields and url', () => {
    const error = new ApiError({ status: 422, errorCode: 'X', errorMessage: 'm', showType: 2, url: '/x' });
    expectTypeOf(error).toExtend<Error>();
    expectTypeOf(error.status).toEqualTypeOf<number>();
    expectTypeOf(error.errorCode).toEqualTypeOf<string>();
    expectTypeOf(error.errorMessage).toEqualTypeOf<string>();
    expectTypeOf(error.showType).toEqualTypeOf<ShowTypeValue>();
    expectTypeOf<ShowTypeValue>().toEqualTypeOf<0 | 1 | 2 | 3 | 9>();
    expectTypeOf(error.fields).toEqualTypeOf<Record<string, string>>();
    expectTypeOf(error.url).toEqualTypeOf<string>();
    expectTypeOf(error.isNetworkError).toEqualTypeOf<boolean>();
    expectTypeOf(ApiError.fromResponse).returns.toEqualTypeOf<ApiError>();

    // @ts-expect-error the fields are read-only
    error.status = 500;
    // @ts-expect-error 7 is not a show-type
    new ApiError({ status: 0, errorCode: 'X', errorMessage: 'm', showType: 7, url: '/x' });
  });

  it('narrows unknown errors with isApiError', () => {
    const caught: unknown = null;
    if (isApiError(caught)) {
      expectTypeOf(caught).toEqualTypeOf<ApiError>();
    }
    expectTypeOf(CLIENT_ERROR_CODES).toEqualTypeOf<{
      readonly network: 'NETWORK';
      readonly invalidResponse: 'INVALID_RESPONSE';
      readonly http: 'HTTP';
    }>();
  });
});
