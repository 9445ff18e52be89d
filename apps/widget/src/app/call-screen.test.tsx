import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, CALL_ID, CALL_TOKEN, FakeSocket, visitorCall } from './testing/fakes';
import { WidgetApp } from './widget-app';

const KEY = 'a'.repeat(32);
const SESSION = { success: true, data: { teamName: 'Acme', menu: [{ id: 'call' }, { id: 'message' }] } };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn().mockResolvedValueOnce(answer(200, SESSION));
  vi.stubGlobal('fetch', fetchMock);
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

/** Opens the widget, calls with an empty form, and answers the call as given. */
async function placeCall(call = visitorCall()) {
  fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: { call, token: CALL_TOKEN } }));
  const user = userEvent.setup();
  render(<WidgetApp widgetKey={KEY} />);
  await user.click(await screen.findByRole('button', { name: /^Call us/ }));
  await user.click(screen.getByRole('button', { name: 'Call' }));
  await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  return user;
}

/** The socket the call screen opened. */
async function openedSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
  return FakeSocket.last();
}

/** The server tells the visitor's socket where their call stands. */
function tell(socket: FakeSocket, call: ReturnType<typeof visitorCall>) {
  act(() => socket.receive({ type: 'visitorCall', call }));
}

/** The hang-up requests the frame sent: address, headers and whether they outlive the page. */
function hangUps() {
  return (fetchMock.mock.calls as [string, RequestInit][])
    .filter(([url]) => url.endsWith('/hang-up'))
    .map(([url, init]) => ({ url, headers: new Headers(init.headers), keepalive: init.keepalive === true }));
}

describe("the visitor's call", () => {
  it('rings with their place in line and the likely wait, updated live from the socket', async () => {
    await placeCall(visitorCall({ position: 2, estimatedWaitSeconds: 170 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Calling…' })).toHaveFocus();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('You are number 2 in line');
    expect(status).toHaveTextContent('Estimated wait: about 3 min');

    const socket = await openedSocket();
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'auth', token: CALL_TOKEN }]);
    act(() => socket.receive({ type: 'ready' }));
    tell(socket, visitorCall({ position: 1, estimatedWaitSeconds: 40 }));
    expect(status).toHaveTextContent('You are number 1 in line');
    expect(status).toHaveTextContent('Estimated wait: less than a minute');
    tell(socket, visitorCall({ position: 1, estimatedWaitSeconds: null }));
    expect(status).toHaveTextContent(/^You are number 1 in line$/);
  });

  it('keeps the last state while the socket reconnects', async () => {
    await placeCall();
    const socket = await openedSocket();
    act(() => socket.open());
    act(() => socket.receive({ type: 'ready' }));
    act(() => socket.drop());
    expect(screen.getByText('Connection lost. Reconnecting…')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('You are number 2 in line');
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeEnabled();
  });

  it('says who answered once connected, and thanks the visitor when they hang up', async () => {
    const user = await placeCall();
    const socket = await openedSocket();
    act(() => socket.open());
    tell(socket, visitorCall({ state: 'connected', position: null, estimatedWaitSeconds: null, memberName: 'Ada' }));
    const heading = screen.getByRole('heading', { level: 2, name: '\u2068Ada\u2069 answered — you are connected' });
    expect(heading).toHaveFocus();
    // The member's name is isolated, so a name in another script does not reorder the sentence.
    expect(heading.textContent).toBe('\u2068Ada\u2069 answered — you are connected');

    fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: visitorCall({ state: 'ended' }) }));
    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Thank you for calling' })).toHaveFocus();
    expect(hangUps()).toHaveLength(1);
    expect(hangUps()[0]?.url).toMatch(new RegExp(`/api/visitor/calls/${CALL_ID}/hang-up$`));
    expect(hangUps()[0]?.headers.get('authorization')).toBe(`Bearer ${CALL_TOKEN}`);
    await waitFor(() => expect(socket.closedWith).toBe(1000));

    await user.click(screen.getByRole('button', { name: 'Back to the menu' }));
    expect(screen.getByRole('heading', { level: 2, name: 'How can we help?' })).toHaveFocus();
  });

  it('thanks the visitor who hangs up while it rings, with the hang-up sent with the call’s token', async () => {
    const user = await placeCall();
    const socket = await openedSocket();
    act(() => socket.open());
    // The server's answer comes after the socket's news of the call the hang-up ended.
    let answerHangUp: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(
      new Promise<Response>((resolve) => {
        answerHangUp = resolve;
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Thank you for calling' })).toHaveFocus();
    tell(socket, visitorCall({ state: 'missed', position: null, estimatedWaitSeconds: null }));
    await act(async () => answerHangUp(answer(200, { success: true, data: visitorCall({ state: 'missed' }) })));
    expect(screen.getByRole('heading', { level: 2, name: 'Thank you for calling' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Nobody could answer/ })).toBeNull();
    // Sent to outlive the frame, which the visitor may close right after.
    expect(hangUps()).toEqual([
      {
        url: expect.stringMatching(new RegExp(`/api/visitor/calls/${CALL_ID}/hang-up$`)),
        headers: expect.any(Headers),
        keepalive: true,
      },
    ]);
    expect(hangUps()[0]?.headers.get('authorization')).toBe(`Bearer ${CALL_TOKEN}`);
  });

  it('thanks the visitor when the member ends the call', async () => {
    await placeCall(visitorCall({ state: 'connected', position: null, memberName: 'Ada' }));
    tell(await openedSocket(), visitorCall({ state: 'ended', position: null, memberName: 'Ada' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Thank you for calling' })).toHaveFocus();
    await waitFor(() => expect(FakeSocket.last().closedWith).toBe(1000));
  });

  it('offers a video message when nobody could answer at once, and opens no socket', async () => {
    const user = await placeCall(visitorCall({ state: 'missed', position: null, estimatedWaitSeconds: null }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nobody could answer — leave a video message' }),
    ).toHaveFocus();
    expect(FakeSocket.instances).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Leave a video message' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Leave a video message' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('This is not open yet. Please try again later.');
  });

  it('offers a video message when the ring time runs out, or the menu', async () => {
    const user = await placeCall();
    const socket = await openedSocket();
    act(() => socket.open());
    tell(socket, visitorCall({ state: 'missed', position: null, estimatedWaitSeconds: null }));
    expect(screen.getByRole('heading', { level: 2, name: /^Nobody could answer/ })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Hang up' })).toBeNull();
    await waitFor(() => expect(socket.closedWith).toBe(1000));
    await user.click(screen.getByRole('button', { name: 'Back to the menu' }));
    expect(screen.getByRole('button', { name: /^Call us/ })).toBeVisible();
  });

  it('hangs up, outliving the page, when the frame goes away while the call is live', async () => {
    await placeCall();
    // The socket and the page's listener start together, once the call shows.
    await openedSocket();
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: visitorCall({ state: 'missed' }) }));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(hangUps()).toHaveLength(1));
    expect(hangUps()[0]?.keepalive).toBe(true);
    expect(hangUps()[0]?.headers.get('authorization')).toBe(`Bearer ${CALL_TOKEN}`);
  });

  it('sends no hang-up when the page goes away after the call ended', async () => {
    await placeCall(visitorCall({ state: 'missed', position: null }));
    await screen.findByRole('heading', { level: 2, name: /^Nobody could answer/ });
    window.dispatchEvent(new Event('pagehide'));
    expect(hangUps()).toHaveLength(0);
  });
});
