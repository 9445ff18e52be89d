import fp from 'fastify-plugin';
import { createRecordingService } from '../services/recordings';
import './types';

/**
 * Call recordings and captions, and the recording job, which runs in every instance: it looks for
 * work at start-up, every 10 seconds and whenever a recording is asked for, and stops with the app.
 */
export default fp(
  async (app) => {
    const recordings = createRecordingService({
      db: app.db,
      store: app.storage,
      signer: app.urlSigner,
      ffmpeg: app.ffmpeg,
      events: app.events,
      log: app.log,
    });
    app.decorate('recordings', recordings);
    recordings.start();
    app.addHook('onClose', async () => {
      await recordings.stop();
    });
  },
  { name: 'recordings', dependencies: ['messaging', 'storage'] },
);
