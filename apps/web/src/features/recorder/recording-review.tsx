import { isApiError } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Form } from '@parley/ui/form';
import { UploadProgress } from '@parley/ui/upload-progress';
import { RotateCcw, Upload } from 'lucide-react';
import { useVideoTitleForm, VideoTitleField } from '../../components/video-title-field';
import type { Recorder } from './use-recorder';

/** The words for a failed upload: too big, a type the server refuses, no connection, or else the server's. */
function uploadErrorText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error)) {
    if (error.status === 413) {
      return t('web.record.error.tooBig');
    }
    if (error.status === 415) {
      return t('web.record.error.badType');
    }
    if (error.isNetworkError) {
      return t('web.record.error.network');
    }
    return error.errorMessage;
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 0) {
    return t('web.record.error.network');
  }
  return t('web.record.error.upload.text');
}

/** The take's title, with Save (which uploads it) and Retake. */
function ReviewForm({ recorder, onSaved }: { recorder: Recorder; onSaved: (videoId: string) => void }) {
  const { t } = useTranslation();
  const form = useVideoTitleForm('');
  const busy = recorder.state.status === 'saving' || recorder.state.status === 'uploading';
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(async ({ title }) => {
          const video = await recorder.save(title);
          if (video) {
            onSaved(video.id);
          }
        })}
      >
        <VideoTitleField control={form.control} disabled={busy} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" icon={<Upload aria-hidden />} loading={busy} disabled={!recorder.review}>
            {t('web.record.save')}
          </Button>
          <Button
            type="button"
            variant="outline"
            icon={<RotateCcw aria-hidden />}
            disabled={busy}
            onClick={() => void recorder.retake()}
          >
            {t('web.record.retake')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/**
 * Under the take's playback: why the upload failed, its progress (with Cancel), and the title
 * form with Save and Retake; once saved, only that it is saved.
 */
function RecordingReview({ recorder, onSaved }: { recorder: Recorder; onSaved: (videoId: string) => void }) {
  const { t } = useTranslation();
  const { state } = recorder;
  return (
    <>
      {state.status === 'error' ? (
        <Alert
          variant="error"
          title={t('web.record.error.upload.title')}
          description={uploadErrorText(recorder.uploadError, t)}
        />
      ) : null}
      {(state.status === 'saving' || state.status === 'uploading') && recorder.review ? (
        <UploadProgress
          name={t('web.record.uploading')}
          sentBytes={recorder.progress?.sentBytes ?? 0}
          totalBytes={recorder.progress?.totalBytes ?? recorder.review.size}
          secondsLeft={recorder.progress?.secondsLeft ?? null}
          cancelling={recorder.cancelling}
          onCancel={() => void recorder.cancelUpload()}
        />
      ) : null}
      {state.status === 'done' ? (
        <Alert variant="success" title={t('web.record.saved')} />
      ) : (
        <ReviewForm recorder={recorder} onSaved={onSaved} />
      )}
    </>
  );
}

export { RecordingReview };
