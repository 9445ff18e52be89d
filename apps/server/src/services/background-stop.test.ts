import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { createOutbox } from './outbox';
import type { VideoStore } from './storage/store';
import { createVideoProcessor } from './video-processing';

/** A database that is gone: every query fails, as after the pool was ended. */
const goneDatabase = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('Cannot use a pool after calling end on the pool');
    },
  },
) as unknown as Db;

const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

// A server closing while a background run was failing (its database already closed) failed to close.
describe('stopping background work whose run in flight failed', () => {
  it('the video processor stops cleanly and has logged the failure', async () => {
    const processor = createVideoProcessor({
      db: goneDatabase,
      store: {} as VideoStore,
      ffmpeg: { available: async () => false } as never,
      log,
      maxBytes: 1,
      onChange: async () => {},
    });
    processor.kick();
    await expect(processor.stop()).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalled();
  });

  it('the outbox stops cleanly and has logged the failure', async () => {
    const outbox = createOutbox(goneDatabase, { email: async () => {} }, log);
    const delivery = outbox.deliverDue();
    await expect(outbox.stop()).resolves.toBeUndefined();
    await expect(delivery).rejects.toThrow('Cannot use a pool');
  });
});
