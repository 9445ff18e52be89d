import type { Call, CallList } from '@parley/api';
import { ERROR_CODES } from '@parley/api';
import { UiProvider } from '@parley/ui/provider';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishRealtime } from '../../lib/realtime-bus';
import { errorBody, json, storeSession, stubServer } from '../../testing/test-utils';
import { type CallActions, CallActionsContext } from './call-actions';
import {
  applyCallEvent,
  callListKey,
  callListQueryOptions,
  GENERATING_REFETCH_MS,
  teamMembersQueryOptions,
  useLiveCalls,
} from './call-queries';
import { mockCallActions } from './call-table-test-utils';
import { makeCall } from './call-test-utils';
import { RecordingCell } from './recording-cell';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const QUERY = { current: 1, pageSize: 10, tab: 'all' } as const;

/** The cell of the cached page's first call, following the socket as the screen does. */
function Cell() {
  useLiveCalls();
  const { data } = useQuery({ queryKey: callListKey(QUERY), queryFn: () => new Promise<CallList>(() => {}) });
  const call = data?.list[0];
  return call ? <RecordingCell call={call} /> : null;
}

function renderCell(call: Call, actions: Partial<CallActions> = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData<CallList>(callListKey(QUERY), { list: [call], total: 1 });
  const all = mockCallActions(actions);
  render(
    <QueryClientProvider client={queryClient}>
      <UiProvider locale="en-US">
        <MemoryRouter>
          <CallActionsContext value={all}>
            <Cell />
          </CallActionsContext>
        </MemoryRouter>
      </UiProvider>
    </QueryClientProvider>,
  );
  return { queryClient, actions: all };
}

const ERROR_TEXT = 'Recording cannot be generated ,Please contact admin';
const NONE = (serial: number) => `Recording not generated, click the icon to generate it, Call ${serial}`;

describe('RecordingCell', () => {
  it('goes none → generating (asked) → ready (socket) → plays', async () => {
    const call = makeCall({ recordingStatus: 'none' });
    const calls = stubServer({
      [`POST /api/calls/${call.id}/recording`]: () =>
        json(202, { success: true, data: { recordingStatus: 'generating', recordingUrl: null, recordingError: null } }),
    });
    const { actions } = renderCell(call);
    await userEvent.click(screen.getByRole('button', { name: NONE(call.serialNumber) }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Generating recording…, Call ${call.serialNumber}`);
    expect(calls.map((received) => `${received.method} ${received.path}`)).toEqual([
      `POST /api/calls/${call.id}/recording`,
    ]);

    // Another call's news changes nothing here.
    act(() =>
      publishRealtime({
        type: 'call',
        call: { id: makeCall().id, recordingStatus: 'ready', recordingUrl: '/files/other.mp4', recordingError: null },
      }),
    );
    expect(screen.getByRole('status')).toBeInTheDocument();

    act(() =>
      publishRealtime({
        type: 'call',
        call: { id: call.id, recordingStatus: 'ready', recordingUrl: '/files/r.mp4', recordingError: null },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: `Play recording, Call ${call.serialNumber}` }));
    expect(actions.playRecording).toHaveBeenCalledWith(
      expect.objectContaining({ id: call.id, recordingStatus: 'ready', recordingUrl: '/files/r.mp4' }),
    );
  });

  it('shows the SPEC §8 error in words with Retry when the socket says generation failed; Retry starts again', async () => {
    storeSession('user');
    const call = makeCall({ recordingStatus: 'generating' });
    const calls = stubServer({
      [`POST /api/calls/${call.id}/recording`]: () =>
        json(202, { success: true, data: { recordingStatus: 'generating', recordingUrl: null, recordingError: null } }),
    });
    renderCell(call);
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() =>
      publishRealtime({
        type: 'call',
        call: { id: call.id, recordingStatus: 'error', recordingUrl: null, recordingError: 'noMedia' },
      }),
    );
    // Written next to the icon, not only in a tooltip; a member is not told the cause, an admin is.
    expect(await screen.findByText(ERROR_TEXT)).toBeVisible();
    expect(screen.getByText(`${ERROR_TEXT}, Call ${call.serialNumber}`)).toHaveClass('sr-only');
    expect(screen.queryByText(/recorded media/)).toBeNull();

    const retry = screen.getByRole('button', { name: `Retry, Call ${call.serialNumber}` });
    await userEvent.click(retry);
    expect(await screen.findByRole('status')).toHaveTextContent(`Generating recording…, Call ${call.serialNumber}`);
    // The spinner replaced the button: a second click has nothing to press.
    expect(screen.queryByRole('button', { name: `Retry, Call ${call.serialNumber}` })).toBeNull();
    expect(calls.map((received) => `${received.method} ${received.path}`)).toEqual([
      `POST /api/calls/${call.id}/recording`,
    ]);
  });

  it('keeps what the socket said when the job ended before the Retry was answered', async () => {
    storeSession('user');
    const call = makeCall({ recordingStatus: 'error', recordingError: 'noMedia' });
    let answer: (response: Response) => void = () => {};
    stubServer({
      [`POST /api/calls/${call.id}/recording`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderCell(call);
    await userEvent.click(screen.getByRole('button', { name: `Retry, Call ${call.serialNumber}` }));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    // The job found no media at once: both messages come before the 202.
    for (const recordingStatus of ['generating', 'error'] as const) {
      act(() =>
        publishRealtime({
          type: 'call',
          call: {
            id: call.id,
            recordingStatus,
            recordingUrl: null,
            recordingError: recordingStatus === 'error' ? 'noMedia' : null,
          },
        }),
      );
    }
    act(() =>
      answer(
        json(202, { success: true, data: { recordingStatus: 'generating', recordingUrl: null, recordingError: null } }),
      ),
    );
    expect(await screen.findByRole('button', { name: `Retry, Call ${call.serialNumber}` })).toBeEnabled();
    expect(screen.getByText(ERROR_TEXT)).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells an admin why the recording failed, in the interface language, with Retry', async () => {
    storeSession('admin');
    const call = makeCall({ recordingStatus: 'error', recordingError: 'noFfmpeg' });
    stubServer({});
    renderCell(call);
    expect(screen.getByText('Recording cannot be generated: ffmpeg is not installed on the server.')).toBeVisible();
    expect(screen.queryByText(ERROR_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: `Retry, Call ${call.serialNumber}` })).toBeEnabled();

    // A cause this version does not know still reads as a sentence.
    act(() =>
      publishRealtime({
        type: 'call',
        call: { id: call.id, recordingStatus: 'error', recordingUrl: null, recordingError: 'unknown' },
      }),
    );
    expect(
      await screen.findByText('Recording cannot be generated: the server did not say why; its log may.'),
    ).toBeVisible();
  });

  it('shows the error again with Retry when the retry is refused', async () => {
    storeSession('user');
    const call = makeCall({ recordingStatus: 'error', recordingError: 'noMedia' });
    stubServer({
      [`POST /api/calls/${call.id}/recording`]: () => json(409, errorBody(ERROR_CODES.conflict, 'Try again later.')),
    });
    renderCell(call);
    await userEvent.click(screen.getByRole('button', { name: `Retry, Call ${call.serialNumber}` }));
    expect(await screen.findByRole('button', { name: `Retry, Call ${call.serialNumber}` })).toBeEnabled();
    expect(screen.getByText(ERROR_TEXT)).toBeVisible();
  });

  it('reports a refused request and offers to generate again', async () => {
    const call = makeCall({ recordingStatus: 'none' });
    stubServer({
      [`POST /api/calls/${call.id}/recording`]: () =>
        json(409, errorBody(ERROR_CODES.conflict, 'This call has no media.')),
    });
    renderCell(call);
    await userEvent.click(screen.getByRole('button', { name: NONE(call.serialNumber) }));
    expect(await screen.findByText('This call has no media.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NONE(call.serialNumber) })).toBeEnabled();
  });

  it('opens the captions when the call has them', async () => {
    const call = makeCall({ hasCaptions: true, recordingStatus: 'ready' });
    stubServer({});
    const { actions } = renderCell(call);
    await userEvent.click(screen.getByRole('button', { name: `Captions of Call ${call.serialNumber}` }));
    expect(actions.showCaptions).toHaveBeenCalledWith(call);
  });
});

describe('call queries', () => {
  it('asks again every 10 s while a recording on the page is generating, as a fallback to the socket', () => {
    const options = callListQueryOptions(QUERY);
    const interval = options.refetchInterval as (query: { state: { data?: CallList } }) => number | false;
    expect(interval({ state: { data: { list: [makeCall({ recordingStatus: 'generating' })], total: 1 } } })).toBe(
      GENERATING_REFETCH_MS,
    );
    expect(interval({ state: { data: { list: [makeCall({ recordingStatus: 'ready' })], total: 1 } } })).toBe(false);
    expect(interval({ state: {} })).toBe(false);
  });

  it('puts a recording status and its cause into every cached page that shows the call', () => {
    const queryClient = new QueryClient();
    const call = makeCall();
    const other = makeCall();
    queryClient.setQueryData<CallList>(callListKey(QUERY), { list: [call, other], total: 2 });
    queryClient.setQueryData<CallList>(callListKey({ ...QUERY, tab: 'missed' }), { list: [other], total: 1 });
    applyCallEvent(queryClient, {
      id: call.id,
      recordingStatus: 'error',
      recordingUrl: null,
      recordingError: 'joinFailed',
    });
    const page = queryClient.getQueryData<CallList>(callListKey(QUERY));
    expect(page?.list[0]).toMatchObject({ recordingStatus: 'error', recordingUrl: null, recordingError: 'joinFailed' });
    expect(page?.list[1]).toEqual(other);
    expect(queryClient.getQueryData<CallList>(callListKey({ ...QUERY, tab: 'missed' }))?.list).toEqual([other]);
  });

  it('fetches every member for Received By, a hundred at a time, by name', async () => {
    const member = (index: number) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      email: `m${index}@example.test`,
      name: `Member ${String(index).padStart(3, '0')}`,
      role: 'user',
      phone: null,
      avatar: null,
      firstLogin: false,
      disabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      availability: 'offline',
      lastSeenAt: null,
      callsThisWeek: 0,
    });
    const everyone = Array.from({ length: 130 }, (_, index) => member(130 - index));
    const calls = stubServer({
      'GET /api/users': (received) => {
        const current = Number(received.query.get('current'));
        return json(200, { list: everyone.slice((current - 1) * 100, current * 100), total: everyone.length });
      },
    });
    const members = await new QueryClient().fetchQuery(teamMembersQueryOptions());
    expect(members).toHaveLength(130);
    expect(members[0]?.name).toBe('Member 001');
    expect(calls.map((received) => received.query.get('current'))).toEqual(['1', '2']);
    expect(calls[0]?.query.get('pageSize')).toBe('100');
  });
});
