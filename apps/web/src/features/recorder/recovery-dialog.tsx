import { isApiError, type Video } from '@parley/api';
import { formatDate, formatDuration, useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { ConfirmDialog } from '@parley/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { Form } from '@parley/ui/form';
import { message } from '@parley/ui/toast';
import { formatBytes, UploadProgress } from '@parley/ui/upload-progress';
import { VideoPlayer } from '@parley/ui/video-player';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { RecipientDetailsModal } from '../../components/follow-up/recipient-details-modal';
import { useVideoTitleForm, VideoTitleField } from '../../components/video-title-field';
import { invalidateVideos } from '../../lib/video-queries';
import { type ChunkStore, getChunkStore, type StoredRecording } from './chunk-store';
import { activeRecordingUpload, type RecordingUpload, uploadRecording } from './recording-upload';
import {
  type UploadProgress as Progress,
  type PutPart,
  UploadCancelledError,
  type VideoUploadApi,
} from './upload-manager';
import { removeVideoRecording } from './video-recording-key';
import { createVideoUploadApi } from './video-upload-api';
import { createXhrPutPart } from './xhr-put';

export type RecoveryOutcome = 'uploaded' | 'discarded' | 'later';

export interface RecoveryDependencies {
  openStore: () => Promise<ChunkStore>;
  uploadApi: () => VideoUploadApi<Video>;
  putPart: () => PutPart;
  createObjectUrl: (blob: Blob) => string;
  revokeObjectUrl: (url: string) => void;
}

const browserDependencies: RecoveryDependencies = {
  openStore: getChunkStore,
  uploadApi: () => createVideoUploadApi(),
  putPart: () => createXhrPutPart(),
  createObjectUrl: (blob) => URL.createObjectURL(blob),
  revokeObjectUrl: (url) => URL.revokeObjectURL(url),
};

interface RecoveryDialogProps {
  recording: StoredRecording;
  onClose: (outcome: RecoveryOutcome) => void;
  dependencies?: RecoveryDependencies;
}

/**
 * "A recording was interrupted — recover it?": the stored take (playable), a title (prefilled),
 * Upload — which resumes the upload the store remembers, with progress and Cancel — and Discard
 * (confirmed), which deletes the chunks and `VideoRecording`.
 */
function RecoveryDialog({ recording, onClose, dependencies = browserDependencies }: RecoveryDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<{ url: string; type: string; size: number } | null>(null);
  const [upload, setUpload] = useState<RecordingUpload<Video> | null>(
    () => activeRecordingUpload<Video>(recording.id) ?? null,
  );
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [cancelling, setCancelling] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [sendVideo, setSendVideo] = useState<Video | null>(null);
  const depsRef = useRef(dependencies);
  const startedAt = formatDate(recording.startedAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const form = useVideoTitleForm(recording.title || t('web.record.recovery.defaultTitle', { date: startedAt }));

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    void (async () => {
      const store = await depsRef.current.openStore();
      const blob = await store.assemble(recording.id);
      if (!cancelled && blob.size > 0) {
        url = depsRef.current.createObjectUrl(blob);
        setPreview({ url, type: blob.type, size: blob.size });
      }
    })().catch(() => {});
    return () => {
      cancelled = true;
      if (url) {
        depsRef.current.revokeObjectUrl(url);
      }
    };
  }, [recording.id]);

  // Follow the upload: progress, then the outcome.
  useEffect(() => {
    if (!upload) {
      return;
    }
    setProgress(upload.progress());
    const unsubscribe = upload.subscribe(setProgress);
    let active = true;
    upload.result.then(
      (video) => {
        if (!active) {
          return;
        }
        void invalidateVideos(queryClient);
        message.success(t('web.record.recovery.uploaded'));
        if (recording.flag === 'followup') {
          setSendVideo(video);
        } else {
          onClose('uploaded');
        }
      },
      (error: unknown) => {
        if (!active) {
          return;
        }
        setUpload(null);
        setProgress(null);
        if (!(error instanceof UploadCancelledError)) {
          setFailure(error);
        }
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, [upload, queryClient, recording.flag, onClose, t]);

  async function startUpload({ title }: { title: string }) {
    setFailure(null);
    const store = await depsRef.current.openStore();
    await store.updateRecording(recording.id, { title });
    setUpload(
      uploadRecording({
        store,
        recordingId: recording.id,
        api: depsRef.current.uploadApi(),
        putPart: depsRef.current.putPart(),
      }),
    );
  }

  async function discard() {
    const store = await depsRef.current.openStore();
    if (recording.uploadVideoId) {
      await depsRef.current
        .uploadApi()
        .cancel(recording.uploadVideoId)
        .catch(() => {});
    }
    await store.deleteRecording(recording.id);
    removeVideoRecording(recording.id);
    message.success(t('web.record.recovery.discarded'));
    onClose('discarded');
  }

  const uploading = upload !== null;
  const failureText = isApiError(failure)
    ? failure.status === 413
      ? t('web.record.error.tooBig')
      : failure.status === 415
        ? t('web.record.error.badType')
        : failure.isNetworkError
          ? t('web.record.error.network')
          : failure.errorMessage
    : t('web.record.error.upload.text');

  if (sendVideo) {
    return (
      <RecipientDetailsModal
        open
        onOpenChange={(open) => (open ? undefined : onClose('uploaded'))}
        videoId={sendVideo.id}
        callId={recording.ref === 'new' ? null : recording.ref}
      />
    );
  }

  return (
    <>
      <Dialog
        open={!confirmDiscard}
        onOpenChange={(open) => {
          if (!open && !uploading) {
            onClose('later');
          }
        }}
      >
        <DialogContent size="lg" showCloseButton={!uploading} onInteractOutside={(event) => event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{t('web.record.recovery.title')}</DialogTitle>
            <DialogDescription>
              {t('web.record.recovery.text', {
                date: startedAt,
                duration: formatDuration(recording.durationMs / 1000, i18n.language),
                size: formatBytes(preview?.size ?? recording.bytes, i18n.language),
              })}
            </DialogDescription>
          </DialogHeader>
          {preview ? (
            <VideoPlayer src={preview.url} type={preview.type} aria-label={t('web.record.recovery.player')} />
          ) : null}
          {failure ? (
            <Alert variant="error" title={t('web.record.error.upload.title')} description={failureText} />
          ) : null}
          <Form {...form}>
            <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(startUpload)}>
              <VideoTitleField control={form.control} disabled={uploading} />
              {uploading ? (
                <UploadProgress
                  name={form.getValues('title')}
                  sentBytes={progress?.sentBytes ?? 0}
                  totalBytes={progress?.totalBytes ?? preview?.size ?? recording.bytes}
                  secondsLeft={progress?.secondsLeft ?? null}
                  cancelling={cancelling}
                  onCancel={async () => {
                    setCancelling(true);
                    await upload?.cancel();
                    setCancelling(false);
                  }}
                />
              ) : null}
              <DialogFooter>
                <Button type="button" variant="outline" disabled={uploading} onClick={() => setConfirmDiscard(true)}>
                  {t('web.record.recovery.discard')}
                </Button>
                <Button type="submit" loading={uploading}>
                  {t('web.record.recovery.upload')}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={t('web.record.recovery.discardConfirm')}
        description={t('web.record.recovery.discardText')}
        okText={t('web.record.recovery.discard')}
        variant="destructive"
        onConfirm={discard}
      />
    </>
  );
}

export { RecoveryDialog };
