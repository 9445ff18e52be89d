import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WidgetApp } from './widget-app';

const KEY = 'a'.repeat(32);

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("the widget's frame", () => {
  it("starts the visitor's session for its page, then shows the team's name and menu", async () => {
    fetchMock.mockResolvedValue(
      answer(200, { success: true, data: { teamName: 'Acme support', menu: [{ id: 'call' }, { id: 'message' }] } }),
    );
    render(<WidgetApp widgetKey={KEY} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme support' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Call us/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Leave a video message/ })).toBeVisible();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/visitor\/session$/);
    // Not framed here: the page is its own host, as on Parley's preview page.
    expect(JSON.parse(String(init.body))).toEqual({ widgetKey: KEY, host: window.location.origin });
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('says so when this page may not open the widget (403) or the key names no team (404)', async () => {
    for (const status of [403, 404]) {
      fetchMock.mockResolvedValueOnce(
        answer(status, { success: false, errorCode: 'FORBIDDEN', errorMessage: 'No.', showType: 2 }),
      );
      const { unmount } = render(<WidgetApp widgetKey={KEY} />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You cannot contact us from this page right now. Please try again later.',
      );
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      unmount();
    }
  });

  it('offers Try again when Parley cannot be reached, and then shows the menu', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200, { success: true, data: { teamName: 'Acme', menu: [{ id: 'call' }] } }));
    render(<WidgetApp widgetKey={KEY} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not connect.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Leave a video message/ })).toBeNull();
  });

  it('opens the call form for a message from Leave a video message, and goes back to the menu', async () => {
    fetchMock.mockResolvedValue(
      answer(200, { success: true, data: { teamName: 'Acme', menu: [{ id: 'call' }, { id: 'message' }] } }),
    );
    render(<WidgetApp widgetKey={KEY} />);
    // The first screen leaves the focus where the loader put it (on the frame).
    expect(await screen.findByRole('heading', { level: 2, name: 'How can we help?' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: /^Leave a video message/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Leave a video message' })).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Leave a video message' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Record a message' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'How can we help?' })).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Call us/ })).toBeVisible();
  });

  it('opens the call form from Call us', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: { teamName: 'Acme', menu: [{ id: 'call' }] } }));
    render(<WidgetApp widgetKey={KEY} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Call us/ }));
    expect(screen.getByRole('form', { name: 'Call us' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Call' })).toBeVisible();
  });
});
