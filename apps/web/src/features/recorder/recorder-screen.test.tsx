import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landedOn, renderRoutes } from '../../testing/test-utils';
import { RecorderScreen } from './recorder-screen';
import { FakeMediaRecorder, fakeRecorderDependencies } from './recorder-test-fakes';
import type { RecorderDependencies } from './use-recorder';
import { readVideoRecording } from './video-recording-key';

vi.setConfig({ testTimeout: 20_000 });
// The take is put together from IndexedDB after Stop; with the other suites beside it on two cores
// (npm test) that can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.stubGlobal('Blob', NodeBlob);
  FakeMediaRecorder.instances = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderRecorder(dependencies: RecorderDependencies, path = '/record/library/new') {
  return renderRoutes(
    [{ path: '/record/:flag/:broadcastid', element: <RecorderScreen dependencies={dependencies} /> }],
    path,
  );
}

async function recordAndStop() {
  await userEvent.click(await screen.findByRole('button', { name: 'Record' }));
  await screen.findByRole('button', { name: 'Pause' }, { timeout: 3000 });
  await waitFor(() => expect(FakeMediaRecorder.instances).toHaveLength(1));
  await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
  await screen.findByRole('button', { name: 'Retake' });
  // Save stays disabled until the take is put together and can be played back, as a user sees it.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
}

describe('RecorderScreen (/record/:flag/:broadcastid)', () => {
  it('previews the camera with device pickers and mirror, counts down, records, pauses and stops', async () => {
    const { dependencies, store } = await fakeRecorderDependencies();
    // Long enough ticks that "3" is still shown when the click's promise settles on a busy machine
    // (with 10 ms ticks CI once saw "2").
    dependencies.countdownTickMs = 400;
    renderRecorder(dependencies);
    expect(screen.getByRole('heading', { level: 1, name: 'Record a library video' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Record' });
    expect(screen.getByRole('combobox', { name: 'Camera' })).toHaveTextContent('Front camera');
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveTextContent('Built-in microphone');
    const mirror = screen.getByRole('switch', { name: 'Mirror' });
    expect(mirror).toBeChecked();
    expect(screen.getByTestId('recorder-preview')).toHaveClass('-scale-x-100');
    await userEvent.click(mirror);
    expect(screen.getByTestId('recorder-preview')).not.toHaveClass('-scale-x-100');
    await expectNoAxeViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(screen.getByTestId('recorder-countdown')).toHaveTextContent('3');
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }, { timeout: 3000 }));
    expect(screen.getByRole('timer')).toHaveAccessibleName(/^Paused at /);
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe('paused'));
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(FakeMediaRecorder.instances[0]?.state).toBe('recording');
    // Each timeslice goes to IndexedDB as it arrives, named by VideoRecording.
    const recordingId = readVideoRecording();
    expect(recordingId).toBeTruthy();
    FakeMediaRecorder.instances[0]?.emit('middle+');
    await waitFor(async () => expect((await store.getRecording(recordingId ?? ''))?.chunkCount).toBe(2));

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('region', { name: 'Recorded video' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Camera' })).toBeNull();
    expect(new TextDecoder().decode(await (await store.assemble(recordingId ?? '')).arrayBuffer())).toBe(
      'header+middle+tail',
    );
  });

  it('saves: title required, then uploads with progress and goes to the library', async () => {
    const { dependencies, store, upload } = await fakeRecorderDependencies();
    renderRecorder(dependencies);
    await recordAndStop();
    const recordingId = readVideoRecording() ?? '';
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please input a title!')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Welcome');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await landedOn()).toBe('/video-library');
    expect(upload.calls).toEqual(['create Welcome library video/webm', 'complete']);
    expect(upload.received).toEqual(['header+tail']);
    // The server has the whole file: the chunks and VideoRecording are gone.
    expect(await store.getRecording(recordingId)).toBeUndefined();
    expect(readVideoRecording()).toBeNull();
  });

  it('retakes: the take is deleted and the camera comes back', async () => {
    const { dependencies, store } = await fakeRecorderDependencies();
    renderRecorder(dependencies);
    await recordAndStop();
    const recordingId = readVideoRecording() ?? '';
    await userEvent.click(screen.getByRole('button', { name: 'Retake' }));
    expect(await screen.findByRole('button', { name: 'Record' })).toBeInTheDocument();
    expect(await store.getRecording(recordingId)).toBeUndefined();
    expect(readVideoRecording()).toBeNull();
  });

  it('says clearly that camera access was refused, and asks again on Retry', async () => {
    const { dependencies, mediaDevices } = await fakeRecorderDependencies({ fail: 'NotAllowedError' });
    renderRecorder(dependencies);
    expect(await screen.findByText('Camera and microphone are blocked')).toBeInTheDocument();
    expect(screen.getByText(/Allow access to the camera and microphone/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(mediaDevices.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('says when there is no camera or microphone', async () => {
    const { dependencies } = await fakeRecorderDependencies({ fail: 'NotFoundError' });
    renderRecorder(dependencies);
    expect(await screen.findByText('No camera or microphone found')).toBeInTheDocument();
  });

  it('says when another application holds the camera', async () => {
    const { dependencies } = await fakeRecorderDependencies({ fail: 'NotReadableError' });
    renderRecorder(dependencies);
    expect(await screen.findByText('The camera or microphone is busy')).toBeInTheDocument();
  });

  it('after a follow-up recording opens the Recipient details for the call', async () => {
    const { dependencies, upload } = await fakeRecorderDependencies();
    renderRecorder(dependencies, '/record/followup/call-7');
    expect(screen.getByRole('heading', { level: 1, name: 'Record a follow-up' })).toBeInTheDocument();
    await recordAndStop();
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'For Grace');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recipient details' });
    expect(within(dialog).getByRole('textbox', { name: /^E-mail/ })).toBeInTheDocument();
    expect(upload.calls[0]).toBe('create For Grace followup video/webm call-7');
  });

  it('shows the not-found result for an unknown flag', async () => {
    const { dependencies } = await fakeRecorderDependencies();
    renderRecorder(dependencies, '/record/elsewhere/new');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  });
});
