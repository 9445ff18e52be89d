import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, CALL_TOKEN, FakeSocket, fakeStream, stubMediaDevices, visitorCall } from './testing/fakes';
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
afterEach(() => {
  vi.unstubAllGlobals();
  stubMediaDevices(undefined);
});

async function openCallForm() {
  const user = userEvent.setup();
  render(<WidgetApp widgetKey={KEY} />);
  await user.click(await screen.findByRole('button', { name: /^Call us/ }));
  expect(screen.getByRole('heading', { level: 2, name: 'Call us' })).toHaveFocus();
  return user;
}

/** The body of the n-th request the frame sent (0 is the session's). */
function requestBody(index: number): unknown {
  const [, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return JSON.parse(String(init.body));
}

describe('the call form', () => {
  it("checks the fields with the contract's rules on Call, keeps what was typed, and checks again on leaving a field", async () => {
    const user = await openCallForm();
    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('E-mail');
    const phone = screen.getByLabelText('Phone');
    await user.click(name);
    await user.paste('N'.repeat(101));
    await user.type(email, 'ada@');
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Call' }));

    expect(name).toHaveAccessibleDescription('At most 100 characters.');
    expect(email).toHaveAccessibleDescription('The input is not valid E-mail!');
    expect(phone).toHaveAccessibleDescription('Phone number is invalid!');
    for (const field of [name, email, phone]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(name).toHaveFocus();
    expect(name).toHaveValue('N'.repeat(101));
    expect(email).toHaveValue('ada@');
    expect(phone).toHaveValue('call me');
    // Nothing went to the server.
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // After the first Call, a field's message goes as soon as its value is right (before the
    // visitor leaves it, so the Call button does not move under the pointer), and leaving a field
    // checks it again.
    await user.type(email, 'example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAccessibleDescription();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  it('places the call with every field left empty', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: { call: visitorCall(), token: CALL_TOKEN } }));
    const user = await openCallForm();
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Calling…' })).toHaveFocus();
    const [url] = fetchMock.mock.calls[1] as [string];
    expect(url).toMatch(/\/api\/visitor\/calls$/);
    expect(requestBody(1)).toEqual({
      widgetKey: KEY,
      host: window.location.origin,
      menuItem: 'call',
      name: '',
      email: '',
      phone: '',
    });
  });

  it("shows the server's refusal of a field (422) on that field, worded from its message id", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(422, {
        success: false,
        errorCode: 'VALIDATION_FAILED',
        errorMessage: 'Phone number is invalid!',
        showType: 2,
        fields: { phone: 'Phone number is invalid!' },
        fieldCodes: { phone: 'phoneInvalid' },
      }),
    );
    const user = await openCallForm();
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Phone'), '+1 202 555 01');
    await user.click(screen.getByRole('button', { name: 'Call' }));

    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Phone number is invalid!'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(phone).toHaveValue('+1 202 555 01');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(requestBody(1)).toMatchObject({ name: 'Ada Lovelace', phone: '+1 202 555 01' });
    expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled();
  });

  it('says so when the call cannot be placed, keeping what was typed for another try', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = await openCallForm();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not connect.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
  });

  it('keeps what was typed when the visitor goes back to the menu and returns', async () => {
    const user = await openCallForm();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'How can we help?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /^Call us/ }));
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  });
});

describe('the camera and microphone check', () => {
  it('previews the camera, switches between devices, turns the camera off for audio only, and stops every track on leaving', async () => {
    const first = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    const second = fakeStream({ audio: 'mic-1', video: 'cam-2' });
    const audio = fakeStream({ audio: 'mic-1' });
    const getUserMedia = vi
      .fn()
      .mockResolvedValueOnce(first.stream)
      .mockResolvedValueOnce(second.stream)
      .mockResolvedValueOnce(audio.stream);
    const enumerateDevices = vi.fn().mockResolvedValue([
      { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
      { kind: 'videoinput', deviceId: 'cam-2', label: 'Back camera' },
      { kind: 'audioinput', deviceId: 'mic-1', label: 'Headset' },
      { kind: 'audiooutput', deviceId: 'out-1', label: 'Speakers' },
    ]);
    stubMediaDevices({ getUserMedia, enumerateDevices } as Partial<MediaDevices>);
    const user = await openCallForm();
    // Nothing is asked before the visitor does.
    expect(getUserMedia).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Check camera and microphone' }));
    expect(await screen.findByLabelText('Your camera preview')).toBeVisible();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    const camera = screen.getByRole('combobox', { name: 'Camera' });
    expect(camera).toHaveValue('cam-1');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Front camera',
      'Back camera',
      'Headset',
    ]);
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveValue('mic-1');

    await user.selectOptions(camera, 'Back camera');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Camera' })).toHaveValue('cam-2'));
    expect(getUserMedia).toHaveBeenLastCalledWith({
      audio: { deviceId: { exact: 'mic-1' } },
      video: { deviceId: { exact: 'cam-2' } },
    });
    for (const track of first.tracks) {
      expect(track.stop).toHaveBeenCalled();
    }

    await user.click(screen.getByRole('checkbox', { name: 'Audio only' }));
    await waitFor(() => expect(screen.queryByLabelText('Your camera preview')).toBeNull());
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: { deviceId: { exact: 'mic-1' } }, video: false });
    expect(screen.queryByRole('combobox', { name: 'Camera' })).toBeNull();
    for (const track of second.tracks) {
      expect(track.stop).toHaveBeenCalled();
    }
    expect(audio.tracks[0]?.stop).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(audio.tracks[0]?.stop).toHaveBeenCalled();
  });

  it('lets the visitor call when they refuse the camera and microphone', async () => {
    stubMediaDevices({
      getUserMedia: vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError')),
      enumerateDevices: vi.fn().mockResolvedValue([]),
    } as Partial<MediaDevices>);
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: { call: visitorCall(), token: CALL_TOKEN } }));
    const user = await openCallForm();
    await user.click(screen.getByRole('button', { name: 'Check camera and microphone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access to the camera and microphone was not allowed. You can still call us',
    );
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Calling…' })).toBeVisible();
  });

  it('falls back to the microphone alone when there is no camera, and says so', async () => {
    const audio = fakeStream({ audio: 'mic-1' });
    const getUserMedia = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'))
      .mockResolvedValueOnce(audio.stream);
    stubMediaDevices({
      getUserMedia,
      enumerateDevices: vi.fn().mockResolvedValue([{ kind: 'audioinput', deviceId: 'mic-1', label: 'Headset' }]),
    } as Partial<MediaDevices>);
    const user = await openCallForm();
    await user.click(screen.getByRole('button', { name: 'Check camera and microphone' }));
    expect(await screen.findByText('No camera could be used: you will call with audio only.')).toBeVisible();
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: false });
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveValue('mic-1');
    expect(screen.queryByLabelText('Your camera preview')).toBeNull();
  });

  it('says no device could be used where the browser has none to offer, and the call still goes', async () => {
    stubMediaDevices(undefined);
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: { call: visitorCall(), token: CALL_TOKEN } }));
    const user = await openCallForm();
    await user.click(screen.getByRole('button', { name: 'Check camera and microphone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera or microphone could be used.');
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Calling…' })).toBeVisible();
  });

  it('turns the camera off when the visitor closes the widget from inside, or leaves the page', async () => {
    const first = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    const second = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    stubMediaDevices({
      getUserMedia: vi.fn().mockResolvedValueOnce(first.stream).mockResolvedValueOnce(second.stream),
      enumerateDevices: vi.fn().mockResolvedValue([]),
    } as Partial<MediaDevices>);
    const user = await openCallForm();
    await user.click(screen.getByRole('button', { name: 'Check camera and microphone' }));
    expect(await screen.findByLabelText('Your camera preview')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(first.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    expect(screen.queryByLabelText('Your camera preview')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Check camera and microphone' }));
    expect(await screen.findByLabelText('Your camera preview')).toBeVisible();
    window.dispatchEvent(new Event('pagehide'));
    expect(second.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
  });
});
