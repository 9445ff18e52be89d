import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../testing/test-utils';
import type { ChunkStore, StoredRecording } from './chunk-store';
import { fakeRecorderDependencies, fakeUploadApi } from './recorder-test-fakes';
import { type RecoveryDependencies, RecoveryDialog } from './recovery-dialog';
import { readVideoRecording, setVideoRecording } from './video-recording-key';

vi.setConfig({ testTimeout: 20_000 });

let store: ChunkStore;
let recording: StoredRecording;
let upload: ReturnType<typeof fakeUploadApi>;
let dependencies: RecoveryDependencies;

beforeEach(async () => {
  vi.stubGlobal('Blob', NodeBlob);
  upload = fakeUploadApi();
  ({ store } = await fakeRecorderDependencies({ upload }));
  await store.createRecording({
    id: 'rec-1',
    title: '',
    flag: 'library',
    ref: 'new',
    mimeType: 'video/webm',
    startedAt: '2026-11-23T10:00:00.000Z',
  });
  await store.appendChunk('rec-1', 0, new Blob(['first ']));
  await store.appendChunk('rec-1', 1, new Blob(['second']));
  await store.updateRecording('rec-1', { durationMs: 6000 });
  recording = (await store.getRecording('rec-1')) as StoredRecording;
  setVideoRecording('rec-1');
  dependencies = {
    openStore: async () => store,
    uploadApi: () => upload.api,
    putPart: () => upload.putPart,
    createObjectUrl: () => 'blob:recovered',
    revokeObjectUrl: () => {},
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderDialog(onClose = vi.fn()) {
  renderRoutes(
    [{ path: '/', element: <RecoveryDialog recording={recording} onClose={onClose} dependencies={dependencies} /> }],
    '/',
  );
  return onClose;
}

describe('RecoveryDialog', () => {
  it('offers the interrupted recording back, playable, with a title prefilled', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'A recording was interrupted — recover it?' });
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Recording of Nov 23, 2026, 10:00 AM');
    expect(await within(dialog).findByRole('region', { name: 'Recovered recording' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('0:06');
    await expectNoAxeViolations();
  });

  it('uploads it, then deletes the chunks and VideoRecording', async () => {
    const onClose = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('uploaded'));
    expect(upload.received).toEqual(['first second']);
    expect(upload.calls[0]).toBe('create Recording of Nov 23, 2026, 10:00 AM library video/webm');
    expect(await store.getRecording('rec-1')).toBeUndefined();
    expect(readVideoRecording()).toBeNull();
  });

  it('discards it after confirmation', async () => {
    const onClose = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this recording?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('discarded'));
    expect(await store.getRecording('rec-1')).toBeUndefined();
    expect(readVideoRecording()).toBeNull();
    expect(upload.calls).toEqual([]);
  });

  it('keeps everything when closed for later', async () => {
    const onClose = renderDialog();
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('later');
    expect(await store.getRecording('rec-1')).toBeDefined();
    expect(readVideoRecording()).toBe('rec-1');
  });
});
