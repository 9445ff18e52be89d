import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  answer,
  CALL_ID,
  CALL_TOKEN,
  FakeMediaStream,
  FakePeerConnection,
  FakeSocket,
  fakeStats,
  fakeStream,
  fakeTrack,
  stubMediaDevices,
  visitorCall,
} from './testing/fakes';
import { WidgetApp } from './widget-app';

const KEY = 'a'.repeat(32);
const SESSION = { success: true, data: { teamName: 'Acme', menu: [{ id: 'call' }, { id: 'message' }] } };

const ICE_SERVERS = { success: true, data: { iceServers: [], ttlSeconds: 0 } };

let fetchMock: ReturnType<typeof vi.fn>;
let play: MockInstance<HTMLMediaElement['play']>;
beforeEach(() => {
  // The call's ICE servers whenever asked; every other request as each test says.
  fetchMock = vi
    .fn(async (url: string) => (url.endsWith('/ice-servers') ? answer(200, ICE_SERVERS) : undefined))
    .mockResolvedValueOnce(answer(200, SESSION));
  vi.stubGlobal('fetch', fetchMock);
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  FakePeerConnection.instances = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeMediaStream);
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  stubMediaDevices(undefined);
});

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
    // The recorder, for this call (message-screen.test.tsx records and sends).
    expect(await screen.findByRole('heading', { level: 2, name: 'Record your message' })).toHaveFocus();
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

const CONNECTED = visitorCall({ state: 'connected', position: null, estimatedWaitSeconds: null, memberName: 'Ada' });
const ANSWER = { kind: 'description', description: { type: 'answer', sdp: 'answer' } };

/** The visitor's devices open as `devices` says (the camera and microphone named by their ids). */
function stubDevices(getUserMedia: ReturnType<typeof vi.fn>) {
  stubMediaDevices({
    getUserMedia,
    enumerateDevices: vi.fn().mockResolvedValue([
      { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
      { kind: 'videoinput', deviceId: 'cam-2', label: 'Back camera' },
      { kind: 'audioinput', deviceId: 'mic-1', label: 'Headset' },
    ]),
  } as Partial<MediaDevices>);
}

/** The member answers the call placed: the socket is signed in, then says so; answers the connection. */
async function answered(socket: FakeSocket): Promise<FakePeerConnection> {
  act(() => socket.open());
  act(() => socket.receive({ type: 'ready' }));
  tell(socket, CONNECTED);
  await waitFor(() =>
    expect(socket.sent).toContainEqual({
      type: 'signal',
      callId: CALL_ID,
      signal: { kind: 'description', description: { type: 'offer', sdp: 'offer 1' } },
    }),
  );
  return FakePeerConnection.last();
}

describe('the connected call', () => {
  it('shows the member large and the visitor small, and how the connection is doing from its stats', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    stubDevices(vi.fn().mockResolvedValue(own.stream));
    await placeCall();
    const socket = await openedSocket();
    const connection = await answered(socket);

    expect(screen.getByLabelText('Your video')).toBeVisible();
    expect(screen.getByLabelText("Ada's video")).toBeVisible();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Connecting…');
    // The ICE servers were asked with the call's own token.
    const [iceUrl, iceInit] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/ice-servers')) as [
      string,
      RequestInit,
    ];
    expect(iceUrl).toMatch(new RegExp(`/api/visitor/calls/${CALL_ID}/ice-servers$`));
    expect(new Headers(iceInit.headers).get('authorization')).toBe(`Bearer ${CALL_TOKEN}`);

    act(() => socket.receive({ type: 'signal', callId: CALL_ID, signal: ANSWER }));
    await waitFor(() => expect(connection.remoteDescription).toEqual(ANSWER.description));
    act(() => {
      connection.receiveTrack(fakeTrack('audio'));
      connection.receiveTrack(fakeTrack('video'));
    });
    expect(play).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Tap to hear' })).toBeNull();

    connection.stats = fakeStats({ roundTripSeconds: 0.05 });
    act(() => connection.setIceState('connected'));
    await waitFor(() => expect(status).toHaveTextContent('Connection: good'));
    act(() => connection.setIceState('disconnected'));
    expect(status).toHaveTextContent('Reconnecting…');
    connection.stats = fakeStats({ roundTripSeconds: 0.45 });
    act(() => connection.setIceState('connected'));
    await waitFor(() => expect(status).toHaveTextContent('Connection: fair'));
    act(() => connection.setIceState('disconnected'));
    connection.stats = fakeStats({ roundTripSeconds: 0.9 });
    act(() => connection.setIceState('connected'));
    await waitFor(() => expect(status).toHaveTextContent('Connection: poor'));
    // Still the call: nothing was hung up.
    expect(connection.closed).toBe(false);
    expect(hangUps()).toHaveLength(0);
  });

  it('mutes the microphone and turns the camera off, saying which is pressed', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    stubDevices(vi.fn().mockResolvedValue(own.stream));
    const user = await placeCall();
    await answered(await openedSocket());
    const [microphone, camera] = own.tracks;

    const mute = await screen.findByRole('button', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(microphone?.enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');

    const cameraOff = screen.getByRole('button', { name: 'Turn camera off' });
    expect(cameraOff).toHaveAttribute('aria-pressed', 'false');
    await user.click(cameraOff);
    expect(camera?.enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Turn camera off' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(microphone?.enabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'false');
    expect(camera?.enabled).toBe(false);
  });

  it('closes the connection and turns the camera and microphone off on Hang up', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    stubDevices(vi.fn().mockResolvedValue(own.stream));
    const user = await placeCall();
    const connection = await answered(await openedSocket());
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: visitorCall({ state: 'ended' }) }));
    await user.click(await screen.findByRole('button', { name: 'Hang up' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Thank you for calling' })).toHaveFocus();
    expect(connection.closed).toBe(true);
    expect(own.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    expect(screen.queryByLabelText('Your video')).toBeNull();
  });

  it('closes the connection when the member ends the call', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    stubDevices(vi.fn().mockResolvedValue(own.stream));
    await placeCall();
    const socket = await openedSocket();
    const connection = await answered(socket);
    tell(socket, { ...CONNECTED, state: 'ended' });
    expect(connection.closed).toBe(true);
    expect(own.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
  });

  it('closes the connection, and hangs up, when the page goes away', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    stubDevices(vi.fn().mockResolvedValue(own.stream));
    await placeCall();
    const connection = await answered(await openedSocket());
    window.dispatchEvent(new Event('pagehide'));
    expect(connection.closed).toBe(true);
    expect(own.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    await waitFor(() => expect(hangUps()).toHaveLength(1));
  });

  it('opens the camera and microphone chosen on the form once a member answers', async () => {
    const preview = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    const chosen = fakeStream({ audio: 'mic-1', video: 'cam-2' });
    const inCall = fakeStream({ audio: 'mic-1', video: 'cam-2' });
    const getUserMedia = vi
      .fn()
      .mockResolvedValueOnce(preview.stream)
      .mockResolvedValueOnce(chosen.stream)
      .mockResolvedValueOnce(inCall.stream);
    stubDevices(getUserMedia);
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: { call: visitorCall(), token: CALL_TOKEN } }));
    const user = userEvent.setup();
    render(<WidgetApp widgetKey={KEY} />);
    await user.click(await screen.findByRole('button', { name: /^Call us/ }));
    await user.click(screen.getByRole('button', { name: 'Check camera and microphone' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Camera' }), 'Back camera');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Camera' })).toHaveValue('cam-2'));
    await user.click(screen.getByRole('button', { name: 'Call' }));
    await screen.findByRole('heading', { level: 2, name: 'Calling…' });
    // The preview's devices stop with the form: nothing films the visitor while it rings.
    expect(chosen.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);

    await answered(await openedSocket());
    expect(getUserMedia).toHaveBeenLastCalledWith({
      audio: { deviceId: { exact: 'mic-1' } },
      video: { deviceId: { exact: 'cam-2' } },
    });
    expect(await screen.findByLabelText('Your video')).toBeVisible();
  });

  it('sends no camera with Audio only, and still shows the member', async () => {
    const own = fakeStream({ audio: 'mic-1' });
    const getUserMedia = vi.fn().mockResolvedValue(own.stream);
    stubDevices(getUserMedia);
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: { call: visitorCall(), token: CALL_TOKEN } }));
    const user = userEvent.setup();
    render(<WidgetApp widgetKey={KEY} />);
    await user.click(await screen.findByRole('button', { name: /^Call us/ }));
    // Chosen without opening the devices first.
    await user.click(screen.getByRole('checkbox', { name: 'Audio only' }));
    await user.click(screen.getByRole('button', { name: 'Call' }));

    const connection = await answered(await openedSocket());
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: false });
    expect(connection.transceivers.map(({ kind, direction }) => [kind, direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'recvonly'],
    ]);
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn camera off' })).toBeNull();
    expect(screen.queryByLabelText('Your video')).toBeNull();
    expect(screen.queryByText(/Your camera could not be used/)).toBeNull();
    expect(screen.getByLabelText("Ada's video")).toBeVisible();
  });

  it('still shows and plays the member when the visitor’s devices cannot be used, and says so', async () => {
    stubDevices(vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError')));
    await placeCall();
    const connection = await answered(await openedSocket());
    expect(
      await screen.findByText(
        'Your camera and microphone could not be used: you can see and hear us, but we cannot see or hear you.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn camera off' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeVisible();
    expect(connection.transceivers.map(({ direction }) => direction)).toEqual(['recvonly', 'recvonly']);
  });

  it("offers Tap to hear when the browser will not play the member's sound by itself", async () => {
    stubDevices(vi.fn().mockResolvedValue(fakeStream({ audio: 'mic-1', video: 'cam-1' }).stream));
    play.mockRejectedValueOnce(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    const user = await placeCall();
    const socket = await openedSocket();
    const connection = await answered(socket);
    act(() => socket.receive({ type: 'signal', callId: CALL_ID, signal: ANSWER }));
    act(() => connection.receiveTrack(fakeTrack('audio')));
    await user.click(await screen.findByRole('button', { name: 'Tap to hear' }));
    expect(play).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Tap to hear' })).toBeNull());
  });
});
