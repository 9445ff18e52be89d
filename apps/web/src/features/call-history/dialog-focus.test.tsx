import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, storeSession } from '../../testing/test-utils';
import { callWithNotes, renderCallHistory, serveCalls } from './call-table-test-utils';
import { makeCall, makeMissedCall } from './call-test-utils';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  storeSession('admin');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:captions'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const serve = serveCalls;
const renderScreen = renderCallHistory;

/** Opens a row's dialog with the mouse, closes it (Escape or its Close button) and says where focus is. */
async function openAndClose(opener: HTMLElement, dialogName: string, closeWith: 'escape' | 'close') {
  await userEvent.click(opener);
  // The dialogs' code loads when first opened.
  const dialog = await screen.findByRole('dialog', { name: dialogName }, { timeout: 5000 });
  if (closeWith === 'escape') {
    await userEvent.keyboard('{Escape}');
  } else {
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  }
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('CallHistoryScreen dialogs give focus back to the row button that opened them', () => {
  it('Notes, after a note is saved and the count on the button changed', async () => {
    const call = makeCall({ notesCount: 0 });
    serve([], callWithNotes(call));
    renderScreen();
    const opener = await screen.findByRole(
      'button',
      { name: `0 notes on Call ${call.serialNumber}` },
      { timeout: 5000 },
    );
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Notes' }, { timeout: 5000 });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Call back tomorrow');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('cell', { name: 'Call back tomorrow' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const updated = await screen.findByRole('button', { name: `1 note on Call ${call.serialNumber}` });
    await waitFor(() => expect(updated).toHaveFocus());
  });

  it('Captions, closed with Escape or with Close', async () => {
    const call = makeCall({ hasCaptions: true });
    serve([call], {
      [`GET /api/calls/${call.id}/captions`]: () =>
        json(200, { list: [{ start: 0, end: 2, speaker: 'Grace', text: 'Hello' }], total: 1 }),
    });
    renderScreen();
    const opener = await screen.findByRole('button', { name: `Captions of Call ${call.serialNumber}` });
    await openAndClose(opener, 'Captions', 'escape');
    await waitFor(() => expect(opener).toHaveFocus());
    await openAndClose(opener, 'Captions', 'close');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("the visitor's video message and the call's recording", async () => {
    const missed = makeMissedCall({ callerName: 'Ada Lovelace' });
    const recorded = makeCall({ recordingStatus: 'ready', recordingUrl: '/files/recordings/1.mp4?signature=x' });
    serve([missed, recorded]);
    renderScreen();
    const message = await screen.findByRole('button', {
      name: `Play the video message of Call ${missed.serialNumber}`,
    });
    await openAndClose(message, 'Video message from Ada Lovelace', 'escape');
    await waitFor(() => expect(message).toHaveFocus());

    const recording = await screen.findByRole('button', { name: `Play recording, Call ${recorded.serialNumber}` });
    await openAndClose(recording, `Recording of Call ${recorded.serialNumber}`, 'close');
    await waitFor(() => expect(recording).toHaveFocus());
  });
});
