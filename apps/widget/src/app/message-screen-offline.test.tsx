import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, CALL_TOKEN, visitorCall } from './testing/fakes';
import { WidgetApp } from './widget-app';

/** Whether the recorder's file can be fetched: not at first, as when offline or replaced by a release. */
const reachable = vi.hoisted(() => ({ now: false }));
vi.mock('./message-screen', async (importOriginal) => {
  if (!reachable.now) {
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

const SESSION = { success: true, data: { teamName: 'Acme', menu: [{ id: 'call' }, { id: 'message' }] } };
const MISSED = visitorCall({ state: 'missed', position: null, estimatedWaitSeconds: null });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi
      .fn()
      .mockResolvedValueOnce(answer(200, SESSION))
      .mockResolvedValueOnce(answer(200, { success: true, data: { call: MISSED, token: CALL_TOKEN } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the recorder’s file', () => {
  it('says so when it cannot be fetched, and fetches it again on Try again', async () => {
    const user = userEvent.setup();
    render(<WidgetApp widgetKey={'a'.repeat(32)} />);
    await user.click(await screen.findByRole('button', { name: /^Leave a video message/ }));
    await user.click(screen.getByRole('button', { name: 'Record a message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not connect.');

    reachable.now = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Record your message' })).toBeVisible();
  });
});
