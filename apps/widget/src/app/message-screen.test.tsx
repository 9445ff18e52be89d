import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageRecorder } from './message-screen';
import {
  answer,
  CALL_ID,
  CALL_TOKEN,
  FakeMediaRecorder,
  FakeSocket,
  fakeStream,
  stubMediaDevices,
  visitorCall,
} from './testing/fakes';
import { WidgetApp } from './widget-app';

const KEY = 'a'.repeat(32);
const SESSION = { success: true, data: { teamName: 'Acme', menu: [{ id: 'call' }, { id: 'message' }] } };
const MEDIA_ID = '5d0c1a0e-7b1f-4f3e-9a51-3c2b1d4e6f70';
const MISSED = visitorCall({ state: 'missed', position: null, estimatedWaitSeconds: null });
const STORE = 'https://store.test';
const MESSAGE_PATH = `/api/visitor/calls/${CALL_ID}/message`;

/** The requests the frame made, as `METHOD path` (the store's with its host), in order. */
let requests: string[];
/** Each request's body and headers, by its `METHOD path`, last one kept. */
let sent: Map<string, RequestInit>;
/** Answers for the next requests to a path, before the usual answer. */
let queued: Map<string, Array<() => Response | Promise<Response>>>;

function route(method: string, path: string, init: RequestInit): Response | Promise<Response> {
  const next = queued.get(`${method} ${path}`)?.shift();
  if (next) {
    return next();
  }
  if (path === '/api/visitor/session') {
    return answer(200, SESSION);
  }
  if (method === 'POST' && path === '/api/visitor/calls') {
    return answer(200, { success: true, data: { call: MISSED, token: CALL_TOKEN } });
  }
  if (method === 'POST' && path === MESSAGE_PATH) {
    return answer(200, {
      success: true,
      data: { id: MEDIA_ID, minPartBytes: 1, maxPartBytes: 1 << 20, maxParts: 100 },
    });
  }
  if (method === 'POST' && path === `${MESSAGE_PATH}/${MEDIA_ID}/parts`) {
    const { partNumbers } = JSON.parse(String(init.body)) as { partNumbers: number[] };
    const parts = partNumbers.map((partNumber) => ({
      partNumber,
      url: `${STORE}/part/${partNumber}`,
      expiresAt: '2026-11-28T11:00:00.000Z',
    }));
    return answer(200, { success: true, data: { parts } });
  }
  if (method === 'PUT' && path.startsWith(`${STORE}/part/`)) {
    return new Response(null, { status: 200, headers: { etag: '"etag"' } });
  }
  if (method === 'POST' && path === `${MESSAGE_PATH}/${MEDIA_ID}/complete`) {
    return answer(200, { success: true, data: { id: MEDIA_ID, bytes: 6 } });
  }
  if (method === 'DELETE' && path === `${MESSAGE_PATH}/${MEDIA_ID}`) {
    return new Response(null, { status: 204 });
  }
  throw new Error(`Unexpected request: ${method} ${path}`);
}

/** The next request to `METHOD path` answers this instead. */
function answerNext(request: string, response: () => Response | Promise<Response>) {
  queued.set(request, [...(queued.get(request) ?? []), response]);
}

/** The message's own requests: the session's, the call's and the store's left out where asked. */
const messageRequests = () => requests.filter((request) => request.includes('/message'));

let getUserMedia: ReturnType<typeof vi.fn>;
let camera: ReturnType<typeof fakeStream>;
beforeEach(() => {
  requests = [];
  sent = new Map();
  queued = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = input.startsWith(STORE) ? input : new URL(input, window.location.href).pathname;
      requests.push(`${method} ${path}`);
      sent.set(`${method} ${path}`, init);
      return route(method, path, init);
    }),
  );
  FakeMediaRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:message'), revokeObjectURL: vi.fn() }));
  camera = fakeStream({ audio: 'mic-1', video: 'cam-1' });
  getUserMedia = vi.fn().mockResolvedValue(camera.stream);
  stubMediaDevices({ getUserMedia } as Partial<MediaDevices>);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stubMediaDevices(undefined);
});

const onMenu = vi.fn();

/** The recorder for the missed call, its camera open. */
async function openRecorder(media = { cameraId: 'cam-1', microphoneId: 'mic-1', audioOnly: false }) {
  const user = userEvent.setup();
  const view = render(<MessageRecorder callId={CALL_ID} token={CALL_TOKEN} media={media} onMenu={onMenu} />);
  expect(screen.getByRole('heading', { level: 2, name: 'Record your message' })).toHaveFocus();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled());
  return { user, ...view };
}

/** Record, one slice, then Stop: the message to watch. */
async function recordOne(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Record' }));
  expect(screen.getByRole('heading', { level: 2, name: 'Recording…' })).toHaveFocus();
  const recorder = FakeMediaRecorder.last();
  act(() => recorder.emit('hello'));
  await waitFor(() => expect(requests).toContain(`PUT ${STORE}/part/1`));
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  expect(screen.getByRole('heading', { level: 2, name: 'Watch your message' })).toHaveFocus();
  expect(await screen.findByLabelText('Your message')).toHaveAttribute('src', 'blob:message');
  return recorder;
}

describe('the video message recorder', () => {
  it('records, stops, shows the message to watch, sends it and thanks the visitor', async () => {
    const { user } = await openRecorder();
    // The devices chosen on the form, previewed.
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { deviceId: { exact: 'mic-1' } },
      video: { deviceId: { exact: 'cam-1' } },
    });
    expect(screen.getByLabelText('Your camera preview')).toBeVisible();
    expect(screen.getByText(/^Record a video of up to 3 minutes\./)).toBeVisible();

    const recorder = await recordOne(user);
    expect(recorder.stream).toBe(camera.stream);
    // Recording stopped, the camera off: nothing films the visitor while they watch.
    expect(recorder.state).toBe('inactive');
    expect(camera.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    expect(screen.queryByLabelText('Your camera preview')).toBeNull();
    const [blob] = vi.mocked(URL.createObjectURL).mock.calls.at(-1) as [Blob];
    expect(await blob.text()).toBe('helloend');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you — we got your message' })).toHaveFocus();
    expect(messageRequests()).toEqual([
      `POST ${MESSAGE_PATH}`,
      `POST ${MESSAGE_PATH}/${MEDIA_ID}/parts`,
      `POST ${MESSAGE_PATH}/${MEDIA_ID}/parts`,
      `POST ${MESSAGE_PATH}/${MEDIA_ID}/complete`,
    ]);
    expect(requests.filter((request) => request.startsWith('PUT'))).toEqual([
      `PUT ${STORE}/part/1`,
      `PUT ${STORE}/part/2`,
    ]);
    // With the call's token, what the recorder records as its type.
    const opened = sent.get(`POST ${MESSAGE_PATH}`) as RequestInit;
    expect(new Headers(opened.headers).get('authorization')).toBe(`Bearer ${CALL_TOKEN}`);
    expect(JSON.parse(String(opened.body))).toEqual({ contentType: 'video/webm;codecs=vp8,opus' });

    await user.click(screen.getByRole('button', { name: 'Back to the menu' }));
    expect(onMenu).toHaveBeenCalled();
  });

  it('shows how much of the message went while it is sent', async () => {
    const { user } = await openRecorder();
    await recordOne(user);
    let complete: (response: Response) => void = () => undefined;
    answerNext(
      `POST ${MESSAGE_PATH}/${MEDIA_ID}/complete`,
      () =>
        new Promise<Response>((resolve) => {
          complete = resolve;
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Sending your message…' })).toHaveFocus();
    const bar = screen.getByRole('progressbar', { name: 'Sending your message…' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAccessibleDescription('8 byte of 8 byte');
    await act(async () => complete(answer(200, { success: true, data: { id: MEDIA_ID, bytes: 8 } })));
    expect(screen.getByRole('heading', { level: 2, name: 'Thank you — we got your message' })).toHaveFocus();
  });

  it('throws the message away on Record again, and records a new one', async () => {
    const { user } = await openRecorder();
    await recordOne(user);
    await user.click(screen.getByRole('button', { name: 'Record again' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Record your message' })).toHaveFocus();
    await waitFor(() => expect(requests).toContain(`DELETE ${MESSAGE_PATH}/${MEDIA_ID}`));
    expect(new Headers(sent.get(`DELETE ${MESSAGE_PATH}/${MEDIA_ID}`)?.headers).get('authorization')).toBe(
      `Bearer ${CALL_TOKEN}`,
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:message');
    expect(screen.queryByLabelText('Your message')).toBeNull();
    // The camera opens again for the next take.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled());
    expect(getUserMedia).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(FakeMediaRecorder.instances).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { level: 2, name: 'Thank you — we got your message' });
    expect(messageRequests().filter((request) => !request.endsWith('/parts'))).toEqual([
      `POST ${MESSAGE_PATH}`,
      `DELETE ${MESSAGE_PATH}/${MEDIA_ID}`,
      `POST ${MESSAGE_PATH}`,
      `POST ${MESSAGE_PATH}/${MEDIA_ID}/complete`,
    ]);
  });

  it('shows the time against the limit, and stops by itself at 3:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<MessageRecorder callId={CALL_ID} token={CALL_TOKEN} media={{ audioOnly: false }} onMenu={onMenu} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Record' }));
    const timer = screen.getByRole('timer', { name: 'Recorded 0:00 of 3:00' });
    expect(timer).toHaveTextContent('0:00 / 3:00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(42_000);
    });
    expect(timer).toHaveTextContent('0:42 / 3:00');
    expect(FakeMediaRecorder.last().state).toBe('recording');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(138_000);
    });
    expect(FakeMediaRecorder.last().state).toBe('inactive');
    expect(screen.getByRole('heading', { level: 2, name: 'Watch your message' })).toHaveFocus();
    expect(screen.getByText('The recording stopped by itself: a message can be up to 3 minutes long.')).toBeVisible();
    expect(camera.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    expect(await screen.findByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('says so when the camera and microphone are refused, and asks again on Try again', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const user = userEvent.setup();
    render(<MessageRecorder callId={CALL_ID} token={CALL_TOKEN} media={{}} onMenu={onMenu} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access to the camera and microphone was not allowed. Allow access in your browser, then try again.',
    );
    // Refused: asking the browser again for less would not help.
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
    expect(messageRequests()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Your camera preview')).toBeVisible();
  });

  it('says so when no device can be used, and records sound alone without a camera', async () => {
    const microphone = fakeStream({ audio: 'mic-1' });
    getUserMedia
      .mockReset()
      .mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'))
      .mockResolvedValueOnce(microphone.stream);
    const user = userEvent.setup();
    render(<MessageRecorder callId={CALL_ID} token={CALL_TOKEN} media={{}} onMenu={onMenu} />);
    expect(await screen.findByText('No camera could be used: your message will have sound only.')).toBeVisible();
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: false });
    expect(screen.queryByLabelText('Your camera preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(requests).toContain(`POST ${MESSAGE_PATH}`));
    expect(JSON.parse(String(sent.get(`POST ${MESSAGE_PATH}`)?.body))).toEqual({
      contentType: 'audio/webm;codecs=opus',
    });

    getUserMedia.mockReset().mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Record again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No camera or microphone could be used. Connect one, then try again.',
    );
  });

  it('keeps the message when it cannot be sent, and sends it on Try again', async () => {
    const { user } = await openRecorder();
    await recordOne(user);
    answerNext(`POST ${MESSAGE_PATH}/${MEDIA_ID}/complete`, () =>
      answer(503, { success: false, errorCode: 'UNAVAILABLE', errorMessage: 'Down.', showType: 2 }),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message could not be sent. Check your connection and try again.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Watch your message' })).toHaveFocus();
    expect(screen.getByLabelText('Your message')).toHaveAttribute('src', 'blob:message');
    expect(screen.getByRole('button', { name: 'Record again' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you — we got your message' })).toHaveFocus();
    expect(messageRequests().filter((request) => !request.endsWith('/parts'))).toEqual([
      `POST ${MESSAGE_PATH}`,
      `POST ${MESSAGE_PATH}/${MEDIA_ID}/complete`,
      `POST ${MESSAGE_PATH}/${MEDIA_ID}/complete`,
    ]);
    expect(requests.some((request) => request.startsWith('DELETE'))).toBe(false);
  });

  it('offers Record again alone when the message could not be uploaded', async () => {
    answerNext(`POST ${MESSAGE_PATH}`, () =>
      answer(409, { success: false, errorCode: 'CONFLICT', errorMessage: 'No.', showType: 2 }),
    );
    const { user } = await openRecorder();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your video could not be uploaded completely. Please record it again.',
    );
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Record again' })).toBeEnabled();
  });

  it('stops recording and the camera when the page goes away, to send when the visitor is back', async () => {
    const { user } = await openRecorder();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(FakeMediaRecorder.last().state).toBe('inactive');
    expect(camera.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Watch your message' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('turns the preview off when the page goes away, and on again when asked', async () => {
    const { user } = await openRecorder();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(camera.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Turn the camera on' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled());
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('stops everything and throws an unsent message away when the screen closes', async () => {
    const { user, unmount } = await openRecorder();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(requests).toContain(`POST ${MESSAGE_PATH}`));
    unmount();
    expect(FakeMediaRecorder.last().state).toBe('inactive');
    expect(camera.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    await waitFor(() => expect(requests).toContain(`DELETE ${MESSAGE_PATH}/${MEDIA_ID}`));
  });

  it('says so when the browser cannot record, without asking for the camera', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    render(<MessageRecorder callId={CALL_ID} token={CALL_TOKEN} media={{}} onMenu={onMenu} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This browser cannot record a message. Please try another browser.',
    );
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
  });
});

describe('the way to the recorder', () => {
  it('opens the call form for a message from the menu, starts a message call, then records', async () => {
    const user = userEvent.setup();
    render(<WidgetApp widgetKey={KEY} />);
    await user.click(await screen.findByRole('button', { name: /^Leave a video message/ }));
    expect(screen.getByRole('form', { name: 'Leave a video message' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Leave a video message' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Call' })).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Record a message' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Record your message' })).toHaveFocus();
    const call = sent.get('POST /api/visitor/calls') as RequestInit;
    expect(JSON.parse(String(call.body))).toEqual({
      widgetKey: KEY,
      host: window.location.origin,
      menuItem: 'message',
      name: 'Ada',
      email: '',
      phone: '',
    });
    // Straight to the recorder: no ringing, no socket.
    expect(FakeSocket.instances).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(requests).toContain(`POST ${MESSAGE_PATH}`));
  });

  it('keeps the call form for a call from Call us', async () => {
    const user = userEvent.setup();
    render(<WidgetApp widgetKey={KEY} />);
    await user.click(await screen.findByRole('button', { name: /^Call us/ }));
    expect(screen.getByRole('form', { name: 'Call us' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Call' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record a message' })).toBeNull();
  });

  it('words a refused camera on the message form for a message', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    const user = userEvent.setup();
    render(<WidgetApp widgetKey={KEY} />);
    await user.click(await screen.findByRole('button', { name: /^Leave a video message/ }));
    await user.click(screen.getByRole('button', { name: 'Check camera and microphone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access to the camera and microphone was not allowed. Allow access in your browser, then try again.',
    );
  });
});
