import type { RealtimeServerMessage, Video } from '@parley/api';
import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishRealtime } from '../../lib/realtime-bus';
import { UNDO_SECONDS } from '../../lib/undoable-delete';
import { PROCESSING_REFRESH_MS } from '../../lib/video-queries';
import {
  errorBody,
  json,
  landedOn,
  makeCurrentUser,
  renderRoutes,
  storeSession,
  stubServer,
} from '../../testing/test-utils';
import { makeVideo } from '../../testing/video-test-utils';
import { LIBRARY_VIEW_STORAGE_KEY, LibraryScreen } from './library-screen';

vi.setConfig({ testTimeout: 20_000 });
// An admin, who may rename and delete every video (a user's menu is tested on its own below).
beforeEach(() => storeSession('admin'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function page(list: Video[], total = list.length) {
  return () => json(200, { list, total });
}

function renderLibrary(path = '/video-library') {
  return renderRoutes([{ path: '/video-library', element: <LibraryScreen /> }], path);
}

describe('LibraryScreen (/video-library)', () => {
  it('shows the team’s videos as cards: poster, title, duration, date and owner', async () => {
    const welcome = makeVideo({ title: 'Welcome tour', durationSeconds: 65 });
    const calls = stubServer({
      'GET /api/videos': page([welcome, makeVideo({ title: 'Pricing', status: 'processing' })]),
    });
    renderLibrary();
    expect(screen.getByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('library-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Welcome tour' })).toBeInTheDocument();
    expect(first.getByText('1:05')).toBeInTheDocument();
    expect(first.getByText(/Nora Ali/)).toBeInTheDocument();
    expect(first.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Processing')).toBeInTheDocument();
    expect(calls[0]?.query.get('current')).toBe('1');
    expect(calls[0]?.query.get('pageSize')).toBe('10');
    expect(calls[0]?.query.get('kind')).toBe('library');
    await expectNoAxeViolations();
  });

  it('shows the duration the browser gave on a card still uploading or processing, and a dash when nobody knows it', async () => {
    stubServer({
      'GET /api/videos': page([
        makeVideo({ title: 'Just recorded', status: 'uploading', durationSeconds: 6.5 }),
        makeVideo({ title: 'Being processed', status: 'processing', durationSeconds: 3725 }),
        makeVideo({ title: 'No clue', status: 'ready', durationSeconds: null }),
      ]),
    });
    renderLibrary();
    const [uploading, processing, unknown] = (await screen.findAllByTestId('library-card')) as HTMLElement[];
    expect(within(uploading as HTMLElement).getByText('0:06')).toHaveAttribute('dateTime', 'PT7S');
    expect(within(uploading as HTMLElement).getByText('Uploading')).toBeInTheDocument();
    expect(within(processing as HTMLElement).getByText('1:02:05')).toBeInTheDocument();
    expect(within(unknown as HTMLElement).getByText('Duration not known yet')).toHaveClass('sr-only');
  });

  it('says Failed next to the error icon on a card whose video failed', async () => {
    stubServer({
      'GET /api/videos': page([
        makeVideo({ title: 'Broken', status: 'error', errorMessage: 'The video could not be processed.' }),
      ]),
    });
    renderLibrary();
    const [card] = (await screen.findAllByTestId('library-card')) as HTMLElement[];
    expect(within(card as HTMLElement).getByText('Failed')).toBeVisible();
    expect(within(card as HTMLElement).queryByText('Recording cannot be generated ,Please contact admin')).toBeNull();
  });

  it('asks for a page size the size changer offers; another in the address falls back to 10', async () => {
    const calls = stubServer({ 'GET /api/videos': page([makeVideo({ title: 'One' })]) });
    renderLibrary('/video-library?pageSize=7');
    await screen.findAllByTestId('library-card');
    expect(calls[0]?.query.get('pageSize')).toBe('10');
  });

  it('switches to the list view and remembers it', async () => {
    stubServer({ 'GET /api/videos': page([makeVideo({ title: 'Welcome tour' })]) });
    renderLibrary();
    await screen.findAllByTestId('library-card');
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    const table = await screen.findByRole('table', { name: 'Library' });
    expect(within(table).getByRole('columnheader', { name: 'Title' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Welcome tour' })).toBeInTheDocument();
    expect(localStorage.getItem(LIBRARY_VIEW_STORAGE_KEY)).toBe('list');
  });

  it('keeps the grid or list choice in the address, which wins over the remembered one', async () => {
    stubServer({ 'GET /api/videos': page([makeVideo({ title: 'Welcome tour' })]) });
    localStorage.setItem(LIBRARY_VIEW_STORAGE_KEY, 'grid');
    const router = renderLibrary('/video-library?view=list');
    expect(await screen.findByRole('table', { name: 'Library' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Grid' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('view')).toBe('grid'));
    expect(await screen.findAllByTestId('library-card')).toHaveLength(1);
    expect(localStorage.getItem(LIBRARY_VIEW_STORAGE_KEY)).toBe('grid');
  });

  it('searches by title after typing pauses, in the address, from the first page', async () => {
    const calls = stubServer({ 'GET /api/videos': page([makeVideo()], 30) });
    const router = renderLibrary('/video-library?current=2');
    await screen.findAllByTestId('library-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'tour');
    // Typing pauses for the debounce (300 ms) first: a busy machine needs more than waitFor's 1 s.
    await waitFor(() => expect(router.state.location.search).toBe('?title=tour'), { timeout: 5000 });
    await waitFor(() => expect(calls.at(-1)?.query.get('title')).toBe('tour'));
    expect(calls.at(-1)?.query.get('current')).toBe('1');
  });

  it('pages through the list with the page in the address', async () => {
    const calls = stubServer({ 'GET /api/videos': page([makeVideo()], 25) });
    const router = renderLibrary();
    await screen.findAllByTestId('library-card');
    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?current=2'));
    await waitFor(() => expect(calls.at(-1)?.query.get('current')).toBe('2'));
  });

  it('shows an empty state that leads to recording', async () => {
    stubServer({ 'GET /api/videos': page([]) });
    renderLibrary();
    expect(await screen.findByText('No videos yet. Record the first one.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Record new' });
    expect(links[0]).toHaveAttribute('href', '/record/library/new');
  });

  it('shows an error with Retry when the list does not load', async () => {
    let fail = true;
    stubServer({
      'GET /api/videos': () =>
        fail
          ? json(500, errorBody(ERROR_CODES.internal, 'Boom', undefined, 0))
          : json(200, { list: [makeVideo({ title: 'Back' })], total: 1 }),
    });
    renderLibrary();
    expect(await screen.findByText('The videos could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Back' })).toBeInTheDocument();
  });

  it('plays a ready video in a dialog, starting at once', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const video = makeVideo({ title: 'Welcome tour' });
    stubServer({ 'GET /api/videos': page([video]) });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Play Welcome tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome tour' });
    expect(dialog.querySelector('source')).toHaveAttribute('src', `${window.location.origin}${video.playbackUrl}`);
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
    expect(play.mock.contexts[0]).toBe(dialog.querySelector('video'));
    play.mockRestore();
  });

  it('gives focus back to what opened the player or the rename dialog when it closes', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    stubServer({ 'GET /api/videos': page([makeVideo({ title: 'Welcome tour' })]) });
    renderLibrary();
    // The card's poster button.
    const poster = await screen.findByRole('button', { name: 'Play Welcome tour' });
    await userEvent.click(poster);
    await screen.findByRole('dialog', { name: 'Welcome tour' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(poster).toHaveFocus());
    // Play and Rename from the card's menu: back to the menu's button.
    const actions = screen.getByRole('button', { name: 'Actions for Welcome tour' });
    await userEvent.click(actions);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Play' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome tour' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(actions).toHaveFocus());
    await userEvent.click(actions);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename video' });
    await userEvent.click(within(rename).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(actions).toHaveFocus());
    play.mockRestore();
  });

  it('offers a user Rename and Delete on their own videos only', async () => {
    const me = '00000000-0000-4000-8000-000000000123';
    storeSession('user', me);
    const mine = makeVideo({ title: 'Mine', owner: { id: me, name: 'Tess Tester' } });
    const theirs = makeVideo({ title: 'Theirs' });
    stubServer({
      'GET /api/videos': page([mine, theirs]),
      'GET /api/currentUser': () =>
        json(200, { success: true, data: makeCurrentUser({ userid: me, name: 'Tess Tester', access: 'user' }) }),
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Theirs' }));
    expect(await screen.findByRole('menuitem', { name: 'Play' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Mine' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('renames a video', async () => {
    const video = makeVideo({ title: 'Old name' });
    const calls = stubServer({
      'GET /api/videos': page([video]),
      [`PUT /api/videos/${video.id}`]: (call) =>
        json(200, { success: true, data: { ...video, title: (call.body as { title: string }).title } }),
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Old name' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename video' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please input a title!')).toBeInTheDocument();
    await userEvent.type(title, 'New name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'New name' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ title: 'New name' });
  });

  it('deletes a video after the SPEC confirmation: gone at once, sent after the ten seconds of Undo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const video = makeVideo({ title: 'Old' });
    let list = [video];
    const calls = stubServer({
      'GET /api/videos': () => json(200, { list, total: list.length }),
      [`DELETE /api/videos/${video.id}`]: () => {
        list = [];
        return json(200, { success: true });
      },
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Old' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    // Never sent in a video message: no word about recipients.
    expect(confirm).not.toHaveTextContent(/recipient/i);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No videos yet. Record the first one.')).toBeInTheDocument();
    expect(await screen.findByText('The video is deleted.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    expect(screen.getByText('No videos yet. Record the first one.')).toBeInTheDocument();
  });

  it('brings the video back with Undo and sends no DELETE', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubServer({ 'GET /api/videos': page([makeVideo({ title: 'Keep me' })]) });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Keep me' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Keep me' })).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('heading', { name: 'Keep me' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000 * 2));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('says in the confirmation that the recipients’ links stop working when the video was sent', async () => {
    stubServer({ 'GET /api/videos': page([makeVideo({ title: 'Sent one', messageCount: 3 })]) });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Sent one' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    expect(confirm).toHaveTextContent('Sent one');
    expect(confirm).toHaveTextContent(
      "This video was sent in 3 video messages: their recipients' links will stop working.",
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  });

  it('brings the video back and reports a refused delete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const video = makeVideo({ title: 'Stubborn' });
    stubServer({
      'GET /api/videos': page([video]),
      [`DELETE /api/videos/${video.id}`]: () => json(500, errorBody(ERROR_CODES.internal, 'The database is down.')),
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Stubborn' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Stubborn' })).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000));
    expect(await screen.findByText('The database is down.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Stubborn' })).toBeInTheDocument();
  });

  it('opens the Recipient details modal from Send', async () => {
    stubServer({ 'GET /api/videos': page([makeVideo({ title: 'Tour' })]) });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Tour' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Recipient details' })).toBeInTheDocument();
  });

  it('leads Record new to the recorder', async () => {
    stubServer({ 'GET /api/videos': page([makeVideo()]) });
    renderLibrary();
    await screen.findAllByTestId('library-card');
    await userEvent.click(screen.getByRole('link', { name: 'Record new' }));
    expect(await landedOn()).toBe('/record/library/new');
  });

  it('follows status changes from the realtime socket', async () => {
    const video = makeVideo({ title: 'Fresh', status: 'processing', durationSeconds: null });
    stubServer({ 'GET /api/videos': page([video]) });
    renderLibrary();
    const card = (await screen.findAllByTestId('library-card'))[0] as HTMLElement;
    expect(within(card).getByText('Processing')).toBeInTheDocument();
    const message: RealtimeServerMessage = { type: 'video', video: { ...video, status: 'ready', durationSeconds: 12 } };
    act(() => publishRealtime(message));
    expect(await within(card).findByText('0:12')).toBeInTheDocument();
    expect(within(card).queryByText('Processing')).toBeNull();
  });

  // A 'ready' message missed by the socket left a video shown as Processing until the page was reloaded.
  it('asks again while a video is processing, so a missed realtime message does not leave it stuck', async () => {
    const video = makeVideo({ title: 'Fresh', status: 'processing', durationSeconds: null });
    let reads = 0;
    stubServer({
      'GET /api/videos': () => {
        reads += 1;
        return json(200, {
          list: [reads === 1 ? video : { ...video, status: 'ready', durationSeconds: 12 }],
          total: 1,
        });
      },
    });
    renderLibrary();
    const card = (await screen.findAllByTestId('library-card'))[0] as HTMLElement;
    expect(within(card).getByText('Processing')).toBeInTheDocument();
    expect(await within(card).findByText('0:12', {}, { timeout: PROCESSING_REFRESH_MS + 3000 })).toBeInTheDocument();
    expect(reads).toBe(2);
    // Nothing is processing any more: no further reads.
    await new Promise((resolve) => setTimeout(resolve, PROCESSING_REFRESH_MS + 500));
    expect(reads).toBe(2);
  });
});
