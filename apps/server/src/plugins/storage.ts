import fp from 'fastify-plugin';
import { hmac, loadSigningSecret } from '../lib/secrets';
import { createUrlSigner } from '../lib/signed-urls';
import { createFfmpeg } from '../services/ffmpeg';
import { createLocalStore, type LocalStore } from '../services/storage/local';
import { createS3Store } from '../services/storage/s3';
import type { VideoStore } from '../services/storage/store';
import { createVideoProcessor } from '../services/video-processing';
import { createVideoService } from '../services/videos';
import './types';

/**
 * Video files: an S3-compatible store when S3_* is set, otherwise local disk under DATA_DIR with
 * HMAC-signed addresses served by this server; the library's service; and the processing job
 * (duration, poster) that any instance may run.
 */
export default fp(
  async (app) => {
    const secret = loadSigningSecret(app.config.jwtSecret, app.config.dataDir);
    const signer = createUrlSigner(hmac(secret, 'parley-file-urls'));
    let local: LocalStore | null = null;
    let store: VideoStore;
    if (app.config.s3) {
      store = createS3Store(app.config.s3);
    } else {
      local = createLocalStore(app.config.dataDir, signer);
      store = local;
    }
    const ffmpeg = createFfmpeg(app.config.ffmpegPath);

    let processor: ReturnType<typeof createVideoProcessor> | undefined;
    const videos = createVideoService({
      db: app.db,
      store,
      signer,
      events: app.events,
      config: app.config,
      log: app.log,
      onProcessingDue: () => processor?.kick(),
    });
    processor = createVideoProcessor({
      db: app.db,
      store,
      ffmpeg,
      log: app.log,
      maxBytes: app.config.videoMaxBytes,
      onChange: videos.publish,
    });

    app.decorate('storage', store);
    app.decorate('localStore', local);
    app.decorate('urlSigner', signer);
    app.decorate('ffmpeg', ffmpeg);
    app.decorate('videos', videos);
    app.decorate('videoProcessor', processor);

    processor.start();
    app.addHook('onClose', async () => {
      await processor?.stop();
    });
    void ffmpeg.available().then((available) => {
      if (!available) {
        app.log.info(
          { ffmpeg: app.config.ffmpegPath },
          'ffmpeg not found: videos get their duration from the container and no poster',
        );
      }
    });
  },
  { name: 'storage', dependencies: ['database', 'messaging'] },
);
