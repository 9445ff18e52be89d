import fp from 'fastify-plugin';
import { createCallMedia } from '../services/call-media';
import { createRecordingService } from '../services/recordings';
import './types';

/** How often sides' recordings left open after their call are looked for. */
const CALL_MEDIA_SWEEP_MS = 10_000;

/**
 * Each side's recording of a live call (closed by a sweep when the side never does), call recordings and captions, and the recording job, which runs in every instance: it looks for
 * work at start-up, every 10 seconds and whenever a recording is asked for, and stops with the app.
 */
export default fp(
  async (app) => {
    const callMedia = createCallMedia({
      db: () => app.db,
      store: app.storage,
      partSize: app.config.uploadPartSize,
      log: app.log,
    });
    app.decorate('callMedia', callMedia);
    const recordings = createRecordingService({
      db: app.db,
      store: app.storage,
      signer: app.urlSigner,
      ffmpeg: app.ffmpeg,
      events: app.events,
      log: app.log,
      closeCallMedia: callMedia.closeCall,
    });
    app.decorate('recordings', recordings);
    recordings.start();
    // Sides that never closed their recording (a crashed tab): closed with what arrived.
    const sweep = setInterval(() => {
      callMedia.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'call media not swept'));
    }, CALL_MEDIA_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await recordings.stop();
    });
  },
  { name: 'recordings', dependencies: ['messaging', 'storage'] },
);
