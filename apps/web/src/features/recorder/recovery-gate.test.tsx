import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../testing/test-utils';
import { getChunkStore } from './chunk-store';
import { RecoveryGate } from './recovery-gate';
import { setVideoRecording } from './video-recording-key';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => vi.stubGlobal('Blob', NodeBlob));
afterEach(async () => {
  const store = await getChunkStore();
  for (const recording of await store.listRecordings()) {
    await store.deleteRecording(recording.id);
  }
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderGate() {
  return renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <h1>Dashboard</h1>
            <RecoveryGate />
          </>
        ),
      },
    ],
    '/dashboard',
  );
}

describe('RecoveryGate', () => {
  it('offers the recording VideoRecording names when its chunks are stored', async () => {
    const store = await getChunkStore();
    await store.createRecording({
      id: 'rec-gate',
      title: 'Half done',
      flag: 'library',
      ref: 'new',
      mimeType: 'video/webm',
    });
    await store.appendChunk('rec-gate', 0, new Blob(['data']));
    setVideoRecording('rec-gate');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    renderGate();
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'A recording was interrupted — recover it?' },
      { timeout: 8000 },
    );
    expect(dialog).toBeInTheDocument();
    // Later: nothing is deleted, and it is not offered again on this page load.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await store.getRecording('rec-gate')).toBeDefined();
  });

  it('stays quiet when there is nothing to recover', async () => {
    setVideoRecording('draft-1');
    renderGate();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
