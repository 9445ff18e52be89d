import type { Call, RealtimeServerMessage } from '@parley/api';
import { ERROR_CODES } from '@parley/api';
import { formatDate } from '@parley/i18n';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishRealtime } from '../../lib/realtime-bus';
import { UNDO_SECONDS } from '../../lib/undoable-delete';
import { errorBody, json, type ReceivedCall, storeSession, stubServer } from '../../testing/test-utils';
import { CALL_TIME_FORMAT } from './call-columns';
import { callWithNotes, renderCallHistory, serveCalls } from './call-table-test-utils';
import { makeCall, makeMissedCall, NORA, SAM } from './call-test-utils';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  // An admin: the one who may delete calls (a user's screen is tested on its own below).
  storeSession('admin');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:captions'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderScreen = renderCallHistory;
const serve = serveCalls;

function listCalls(calls: ReceivedCall[]) {
  return calls.filter((call) => call.method === 'GET' && call.path === '/api/calls');
}

async function table() {
  const found = await screen.findByRole('table', { name: 'Call history' });
  await within(found).findAllByRole('row');
  return found;
}

async function rowOf(serial: number) {
  const found = await table();
  const cell = await within(found).findByRole('button', { name: `Delete Call ${serial}` });
  return cell.closest('tr') as HTMLTableRowElement;
}

describe('CallHistoryScreen (/call-history)', () => {
  it('lists the calls with every SPEC §2.4 column, in order, formatted for the locale', async () => {
    const call = makeCall({ callerName: 'Grace Hopper', holdSeconds: 42, durationSeconds: 3725, notesCount: 2 });
    const missed = makeMissedCall({ callerName: 'Ada Lovelace', holdSeconds: 75 });
    const calls = serve([call, missed]);
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Call history' })).toBeInTheDocument();
    const found = await table();
    const headers = within(found)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // The caller's name is pinned: it comes first, and the actions last.
    expect(headers).toEqual([
      '',
      'Name',
      'Incoming Time',
      'SR No',
      'Player Id',
      'Hold time',
      'Received by',
      'Received at',
      'Duration',
      'End time',
      'Message',
      'Recording Status',
      'Notes',
      'Contact',
      'Email',
      'Follow Up',
      'Delete',
    ]);
    const cells = within(await rowOf(call.serialNumber))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(2, 10)).toEqual([
      formatDate(call.incomingAt, 'en-US', CALL_TIME_FORMAT),
      String(call.serialNumber),
      call.playerId,
      '0:42',
      'Nora Ali',
      formatDate(call.receivedAt as string, 'en-US', CALL_TIME_FORMAT),
      '1:02:05',
      formatDate(call.endedAt as string, 'en-US', CALL_TIME_FORMAT),
    ]);
    expect(cells[1]).toBe('Grace Hopper');
    // The phone number grouped for reading.
    expect(cells.slice(13, 15)).toEqual(['+1 202 555 0123', call.callerEmail]);
    const missedRow = within(await rowOf(missed.serialNumber));
    expect(missedRow.getByText('1:15')).toBeInTheDocument();
    expect(missedRow.getByText('Not answered')).toHaveClass('sr-only');
    expect(
      missedRow.getByRole('button', { name: `Play the video message of Call ${missed.serialNumber}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `2 notes on Call ${call.serialNumber}` })).toHaveTextContent('2');

    const first = listCalls(calls)[0];
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      current: '1',
      pageSize: '10',
      tab: 'all',
      sort: 'incomingAt',
      order: 'desc',
    });
    expect(within(found).getByRole('columnheader', { name: /Incoming Time/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expectNoAxeViolations();
  });

  it('switches tabs in the address, from the first page', async () => {
    const calls = serve([makeCall()], {}, 30);
    const router = renderScreen('/call-history?current=3&callerName=Ada');
    await table();
    await userEvent.click(screen.getByRole('tab', { name: 'Missed calls' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=missed&callerName=Ada'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('tab')).toBe('missed'));
    expect(listCalls(calls).at(-1)?.query.get('current')).toBe('1');
    expect(listCalls(calls).at(-1)?.query.get('callerName')).toBe('Ada');
    expect(screen.getByRole('tab', { name: 'Missed calls' })).toHaveAttribute('aria-selected', 'true');
  });

  // A mouse click on a tab reported the change twice (pointer down, then focus), so one Back stayed on the same view.
  it('adds one history entry for one click on a tab, so one Back returns to the previous tab', async () => {
    serve([makeCall()], {}, 30);
    const router = renderScreen('/call-history');
    await table();
    await userEvent.click(screen.getByRole('tab', { name: 'Missed calls' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=missed'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'All calls' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the view the address names, and Back returns to the previous one', async () => {
    const calls = serve([makeCall()], {}, 50);
    const router = renderScreen('/call-history?tab=missed&holdMin=10&sort=holdSeconds&order=asc&current=2');
    const found = await table();
    expect(Object.fromEntries(listCalls(calls)[0]?.query ?? [])).toMatchObject({
      tab: 'missed',
      holdMin: '10',
      sort: 'holdSeconds',
      order: 'asc',
      current: '2',
    });
    expect(screen.getByRole('tab', { name: 'Missed calls' })).toHaveAttribute('aria-selected', 'true');
    expect(within(found).getByRole('columnheader', { name: /Hold time/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('spinbutton', { name: 'Hold time in seconds Min' })).toHaveValue(10);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('current')).toBe('3'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('current')).toBe('2'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('current')).toBe('2'));
  });

  it('goes to the page typed into "Go to" (SPEC §9), clamped to the last page', async () => {
    const calls = serve([makeCall()], {}, 50);
    const router = renderScreen('/call-history');
    await table();
    await userEvent.type(screen.getByRole('textbox', { name: 'Go to' }), '4{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('current')).toBe('4'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('current')).toBe('4'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Go to' }), '99{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('current')).toBe('5'));
  });

  // A broad text search's total is capped by the server ("10,000+"): the pager still goes on past it.
  it('says "10,000+" for a capped total and keeps paging past it while pages are full', async () => {
    const page = Array.from({ length: 10 }, () => makeCall({ callerName: 'Ada Lovelace' }));
    const calls = stubServer({
      'GET /api/calls': () => json(200, { list: page, total: 10_000, totalCapped: true }),
      'GET /api/users': () => json(200, { list: [NORA, SAM], total: 2 }),
    });
    const router = renderScreen('/call-history?callerName=a&current=1000');
    await table();
    expect(await screen.findByText('9,991-10,000 of 10,000+ items')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('current')).toBe('1001'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('current')).toBe('1001'));
    expect(await screen.findByText('10,001-10,010 of 10,000+ items')).toBeInTheDocument();
  });

  it('ignores what is not valid in the address', async () => {
    const calls = serve([makeCall()]);
    renderScreen('/call-history?tab=bogus&holdMin=ten&from=2026-13-01&receivedBy=nobody&sort=name&current=-2');
    await table();
    expect(Object.fromEntries(listCalls(calls)[0]?.query ?? [])).toEqual({
      current: '1',
      pageSize: '10',
      tab: 'all',
      sort: 'incomingAt',
      order: 'desc',
    });
    expect(screen.getByRole('tab', { name: 'All calls' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the field message when the server refuses a filter (400)', async () => {
    serve([], {
      'GET /api/calls': () =>
        json(
          400,
          errorBody(ERROR_CODES.validationFailed, 'The maximum must not be below the minimum.', {
            holdMax: 'maximumBelowMinimum',
          }),
        ),
    });
    renderScreen('/call-history?holdMin=60&holdMax=10');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These filters cannot be applied.');
    expect(alert).toHaveTextContent('Hold time in seconds: The maximum must not be below the minimum.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('sorts by Incoming Time, Hold time and Duration on the server, from the first page', async () => {
    const calls = serve([makeCall()], {}, 30);
    const router = renderScreen('/call-history?current=2');
    const found = await table();
    const sortButton = (name: string) =>
      within(within(found).getByRole('columnheader', { name: new RegExp(name) })).getByRole('button');
    expect(within(within(found).getByRole('columnheader', { name: 'Name' })).queryByRole('button')).toBeNull();

    await userEvent.click(sortButton('Hold time'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=holdSeconds&order=asc'));
    await userEvent.click(sortButton('Hold time'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=holdSeconds&order=desc'));
    await userEvent.click(sortButton('Hold time'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await userEvent.click(sortButton('Incoming Time'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=incomingAt&order=asc'));
    await userEvent.click(sortButton('Duration'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=durationSeconds&order=asc'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('durationSeconds'));
  });

  it('says there are no calls, or that nothing matches the filters, per tab', async () => {
    serve([]);
    const router = renderScreen('/call-history?tab=missed');
    expect(await screen.findByText('No missed calls.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByText('No video messages yet.')).toBeInTheDocument();
    await act(() => router.navigate('/call-history?callerName=Zed'));
    expect(await screen.findByText('No calls match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No calls yet.')).toBeInTheDocument();
  });

  it('filters on Search, from the first page, and Reset clears the filters', async () => {
    const calls = serve([makeCall()], {}, 30);
    const router = renderScreen('/call-history?current=2');
    await table();
    // jsdom lays the bar out in one column, so only the first filter shows until it is expanded.
    await userEvent.click(screen.getByRole('button', { name: 'Expand' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Caller Name' }), 'Grace{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?callerName=Grace'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('callerName')).toBe('Grace'));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Caller Name' })).toHaveValue('');
  });

  it('gives a user (not admin) no Delete column and no selection: deleting calls is for admins', async () => {
    storeSession('user');
    const call = makeCall();
    serve([call]);
    renderScreen();
    // The first render of the screen's table can take over a second on a loaded machine.
    await screen.findByRole('cell', { name: String(call.serialNumber) }, { timeout: 5000 });
    expect(screen.queryByRole('columnheader', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete Call ${call.serialNumber}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('deletes one record after the SPEC confirmation: gone at once, sent after the ten seconds of Undo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const call = makeCall();
    let list = [call, makeCall()];
    const calls = serve([], {
      'GET /api/calls': () => json(200, { list, total: list.length }),
      [`DELETE /api/calls/${call.id}`]: () => {
        list = list.filter((item) => item.id !== call.id);
        return json(200, { success: true });
      },
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Delete Call ${call.serialNumber}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    expect(confirm).toHaveTextContent(`Call ${call.serialNumber}`);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    // The row goes at once, and the toast offers Undo; nothing is sent yet.
    expect(screen.queryByRole('button', { name: `Delete Call ${call.serialNumber}` })).toBeNull();
    expect(await screen.findByText('1 record deleted.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000 - 500));
    expect(calls.filter((received) => received.method === 'DELETE')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(calls.filter((received) => received.method === 'DELETE')).toHaveLength(1));
    // The list is asked for again, and the record stays gone.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: `Delete Call ${call.serialNumber}` })).toBeNull();
  });

  it('brings the record back with Undo and sends no DELETE', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const call = makeCall();
    const calls = serve([call, makeCall()]);
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Delete Call ${call.serialNumber}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: `Delete Call ${call.serialNumber}` })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: `Delete Call ${call.serialNumber}` })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000 * 2));
    expect(calls.some((received) => received.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('button', { name: `Delete Call ${call.serialNumber}` })).toBeInTheDocument();
  });

  it('keeps the record when the confirmation is cancelled', async () => {
    const call = makeCall();
    const calls = serve([call]);
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Delete Call ${call.serialNumber}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((received) => received.method === 'DELETE')).toBe(false);
  });

  it('deletes the selected records at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const [first, second, third] = [makeCall(), makeCall(), makeCall()];
    const calls = serve(
      [first, second, third].filter((call): call is Call => call !== undefined),
      {
        'DELETE /api/calls': () => json(200, { success: true, data: { deleted: 2 } }),
      },
    );
    renderScreen();
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: `Select Call ${first?.serialNumber}` }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Select Call ${third?.serialNumber}` }));
    expect(screen.getAllByText('2 items selected').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    expect(confirm).toHaveTextContent('2 records will be deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 records deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: `Select Call ${first?.serialNumber}` })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: `Select Call ${third?.serialNumber}` })).toBeNull();
    expect(screen.getByRole('checkbox', { name: `Select Call ${second?.serialNumber}` })).toBeInTheDocument();
    expect(calls.some((received) => received.method === 'DELETE')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000));
    await waitFor(() => expect(calls.some((received) => received.method === 'DELETE')).toBe(true));
    const bulk = calls.find((received) => received.method === 'DELETE');
    expect(bulk?.path).toBe('/api/calls');
    expect(bulk?.query.get('ids')?.split(',').sort()).toEqual([first?.id, third?.id].sort());
    await waitFor(() => expect(screen.queryByText('2 items selected')).toBeNull());
  });

  it('brings the record back and reports a failed delete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const call = makeCall();
    serve([call], {
      [`DELETE /api/calls/${call.id}`]: () => json(500, errorBody(ERROR_CODES.internal, 'The database is down.')),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Delete Call ${call.serialNumber}` }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Delete Call ${call.serialNumber}` })).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000));
    expect(await screen.findByText('The database is down.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `Delete Call ${call.serialNumber}` })).toBeInTheDocument();
  });

  it('generates a recording, follows it over the socket, and plays it with its captions', async () => {
    const call = makeCall({ recordingStatus: 'none', hasCaptions: true });
    const calls = serve([call], {
      [`POST /api/calls/${call.id}/recording`]: () =>
        json(202, { success: true, data: { recordingStatus: 'generating', recordingUrl: null, recordingError: null } }),
      [`GET /api/calls/${call.id}/captions.vtt`]: () =>
        new Response('WEBVTT\n\n00:00.000 --> 00:02.000\n<v Grace>Hello\n', {
          status: 200,
          headers: { 'Content-Type': 'text/vtt' },
        }),
    });
    renderScreen();
    const generate = await screen.findByRole('button', {
      name: `Recording not generated, click the icon to generate it, Call ${call.serialNumber}`,
    });
    await userEvent.click(generate);
    await waitFor(() =>
      expect(screen.getByText(`Generating recording…, Call ${call.serialNumber}`)).toBeInTheDocument(),
    );
    expect(calls.some((received) => received.method === 'POST')).toBe(true);

    const ready: RealtimeServerMessage = {
      type: 'call',
      call: {
        id: call.id,
        recordingStatus: 'ready',
        recordingUrl: '/files/recordings/1.mp4?signature=x',
        recordingError: null,
      },
    };
    act(() => publishRealtime(ready));
    await userEvent.click(await screen.findByRole('button', { name: `Play recording, Call ${call.serialNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: `Recording of Call ${call.serialNumber}` });
    await waitFor(() => expect(dialog.querySelector('track')).toHaveAttribute('src', 'blob:captions'));
    expect(dialog.querySelector('source')).toHaveAttribute(
      'src',
      `${window.location.origin}/files/recordings/1.mp4?signature=x`,
    );
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('shows the SPEC §8 message when a recording cannot be generated', async () => {
    const call = makeCall({ recordingStatus: 'error' });
    serve([call]);
    renderScreen();
    expect(
      await screen.findByText(`Recording cannot be generated ,Please contact admin, Call ${call.serialNumber}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Retry, Call ${call.serialNumber}` })).toBeEnabled();
  });

  it('plays the video message a visitor left', async () => {
    const missed = makeMissedCall({ callerName: 'Ada Lovelace' });
    serve([missed]);
    renderScreen('/call-history?tab=messages');
    await userEvent.click(
      await screen.findByRole('button', { name: `Play the video message of Call ${missed.serialNumber}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Video message from Ada Lovelace' });
    expect(dialog.querySelector('source')).toHaveAttribute(
      'src',
      `${window.location.origin}${missed.message?.playbackUrl}`,
    );
    expect(dialog.querySelector('track')).toBeNull();
  });

  it('lists the timed captions of a call', async () => {
    const call = makeCall({ hasCaptions: true, callerName: 'Grace Hopper' });
    serve([call], {
      [`GET /api/calls/${call.id}/captions`]: () =>
        json(200, {
          list: [
            { start: 0, end: 2.5, speaker: 'Grace Hopper', text: 'Hello, is anyone there?' },
            { start: 65, end: 68, speaker: 'Nora Ali', text: 'Yes, how can I help?' },
          ],
          total: 2,
        }),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Captions of Call ${call.serialNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Captions' });
    await within(dialog).findByText('Yes, how can I help?');
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((row) => Array.from((row as HTMLTableRowElement).cells).map((cell) => cell.textContent))).toEqual([
      ['Time', 'Speaker', 'Text'],
      ['0:00', 'Grace Hopper', 'Hello, is anyone there?'],
      ['1:05', 'Nora Ali', 'Yes, how can I help?'],
    ]);
  });

  it('refreshes the Notes count after a note is added', async () => {
    const call = makeCall({ notesCount: 0 });
    serve([], callWithNotes(call));
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `0 notes on Call ${call.serialNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Notes' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Call back tomorrow');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('cell', { name: 'Call back tomorrow' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: `1 note on Call ${call.serialNumber}` })).toBeInTheDocument();
  });
});

describe('CallHistoryScreen follow-up', () => {
  it('shows the state and sets it from the menu', async () => {
    const call = makeCall({ followUp: 'needed' });
    let state = 'needed';
    const calls = serve([], {
      'GET /api/calls': () => json(200, { list: [{ ...call, followUp: state }], total: 1 }),
      [`PATCH /api/calls/${call.id}`]: (received) => {
        state = (received.body as { followUp: string }).followUp;
        return json(200, { success: true, data: { ...call, followUp: state, transcript: null } });
      },
    });
    renderScreen();
    const trigger = await screen.findByRole('button', { name: `Follow Up of Call ${call.serialNumber}: Needed` });
    expect(trigger).toHaveTextContent('Needed');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Done' }));
    expect(
      await screen.findByRole('button', { name: `Follow Up of Call ${call.serialNumber}: Done` }),
    ).toBeInTheDocument();
    expect(calls.find((received) => received.method === 'PATCH')?.body).toEqual({ followUp: 'done' });
    expect(await screen.findByText('The follow-up is updated.')).toBeInTheDocument();
  });

  it('sends a video message to the caller, prefilled, and shows the follow-up as sent', async () => {
    const call = makeCall({
      callerEmail: 'grace@example.test',
      callerContact: '+12025550123',
      callerContactDisplay: '+1 202 555 0123',
    });
    const video = {
      id: '44444444-0000-4000-8000-000000000001',
      title: 'Thanks for calling',
      kind: 'library',
      ref: null,
      status: 'ready',
      contentType: 'video/webm',
      size: 1000,
      durationSeconds: 30,
      posterUrl: null,
      playbackUrl: '/files/videos/1.webm',
      owner: { id: NORA.id, name: NORA.name },
      createdAt: '2026-11-20T10:00:00.000Z',
      errorMessage: null,
    };
    let state = 'none';
    const calls = serve([], {
      'GET /api/calls': () => json(200, { list: [{ ...call, followUp: state }], total: 1 }),
      'GET /api/videos': () => json(200, { list: [video], total: 1 }),
      'POST /api/video-messages': () => {
        state = 'sent';
        return json(201, { success: true, data: { id: video.id, shareUrl: 'http://parley.test/v/abc' } });
      },
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Follow Up of Call ${call.serialNumber}: None` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send a video message' }));
    const library = await screen.findByRole('dialog', { name: 'Library recording' });
    await userEvent.click(await within(library).findByRole('button', { name: 'Choose Thanks for calling' }));
    const recipient = await screen.findByRole('dialog', { name: 'Recipient details' });
    expect(within(recipient).getByRole('textbox', { name: /^E-mail/ })).toHaveValue('grace@example.test');
    await userEvent.type(within(recipient).getByRole('textbox', { name: /^Message/ }), 'Here is the answer.');
    await userEvent.click(within(recipient).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByRole('button', { name: `Follow Up of Call ${call.serialNumber}: Sent` }),
    ).toBeInTheDocument();
    expect(calls.find((received) => received.method === 'POST')?.body).toEqual({
      videoId: video.id,
      callId: call.id,
      email: 'grace@example.test',
      phone: '+12025550123',
      message: 'Here is the answer.',
    });
  });
});
