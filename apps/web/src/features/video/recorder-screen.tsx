import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, VIDEO_TITLE_MAX_LENGTH } from '@parley/api';
import { formatDuration, formatNumber, useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { Card, CardContent } from '@parley/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { Label } from '@parley/ui/label';
import { PageHeader } from '@parley/ui/page-header';
import { Result } from '@parley/ui/result';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@parley/ui/select';
import { Spinner } from '@parley/ui/spinner';
import { Switch } from '@parley/ui/switch';
import { message } from '@parley/ui/toast';
import { UploadProgress } from '@parley/ui/upload-progress';
import { VideoPlayer } from '@parley/ui/video-player';
import { Circle, Pause, Play, RotateCcw, Square, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { RecordingFlag } from './chunk-store';
import { RecipientDetailsModal } from './recipient-details-modal';
import type { RecorderErrorKind } from './recorder-machine';
import { browserRecorderDependencies, type Recorder, type RecorderDependencies, useRecorder } from './use-recorder';
import { titleSchema } from './video-schemas';

const FLAGS: readonly RecordingFlag[] = ['library', 'followup', 'menu'];

function isFlag(value: string | undefined): value is RecordingFlag {
  return FLAGS.includes(value as RecordingFlag);
}

/** Where the mirror choice is remembered. */
const MIRROR_STORAGE_KEY = 'recorderMirror';

const ERROR_KEYS: Record<RecorderErrorKind, string> = {
  'permission-denied': 'permissionDenied',
  'no-device': 'noDevice',
  'in-use': 'inUse',
  unsupported: 'unsupported',
  recorder: 'recorder',
  upload: 'upload',
  unknown: 'unknown',
};

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

/** The live camera, mirrored when asked (the recording itself is never mirrored). */
function LivePreview({ stream, mirrored }: { stream: MediaStream | null; mirrored: boolean }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
      if (stream) {
        void Promise.resolve(video.play?.()).catch(() => {});
      }
    }
  }, [stream]);
  return (
    <video
      ref={videoRef}
      data-testid="recorder-preview"
      aria-label={t('web.record.preview')}
      autoPlay
      muted
      playsInline
      className={`block aspect-video size-full bg-black object-cover ${mirrored ? '-scale-x-100' : ''}`}
    />
  );
}

function DevicePicker({
  label,
  devices,
  value,
  onChange,
  disabled,
  fallbackName,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChange: (deviceId: string) => void;
  disabled: boolean;
  fallbackName: (index: number) => string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-48 flex-1 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ''} onValueChange={onChange} disabled={disabled || devices.length === 0}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {devices.map((device, index) => (
            <SelectItem key={device.deviceId} value={device.deviceId}>
              {device.label || fallbackName(index + 1)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function ElapsedTime({ milliseconds, paused }: { milliseconds: number; paused: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <span
      data-testid="recorder-elapsed"
      role="timer"
      aria-label={t(paused ? 'web.record.pausedAt' : 'web.record.recordingFor', {
        time: formatDuration(milliseconds / 1000, i18n.language),
      })}
      className="inline-flex items-center gap-2 rounded-full bg-black/70 px-3 py-1 font-medium text-sm text-white tabular-nums"
    >
      <span aria-hidden className={`size-2.5 rounded-full ${paused ? 'bg-warning' : 'animate-pulse bg-destructive'}`} />
      {formatDuration(milliseconds / 1000, i18n.language)}
    </span>
  );
}

function ReviewForm({ recorder, onSaved }: { recorder: Recorder; onSaved: (videoId: string) => void }) {
  const { t } = useTranslation();
  const form = useForm<{ title: string }>({ resolver: zodResolver(titleSchema(t)), defaultValues: { title: '' } });
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
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('web.video.title')}</FormLabel>
              <FormControl>
                <Input required maxLength={VIDEO_TITLE_MAX_LENGTH} disabled={busy} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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

interface RecorderScreenProps {
  /** The browser and server parts it uses (tests pass fakes). */
  dependencies?: RecorderDependencies;
}

/**
 * `/record/:flag/:broadcastid`: camera and microphone preview with device pickers and mirror,
 * a 3-2-1 countdown, record / pause / resume / stop with the elapsed time, playback of the take,
 * retake, a title, and Save — which uploads with progress. Then: library → the library;
 * followup → the Recipient details modal for the call; menu → the menu videos.
 */
function RecorderScreen({ dependencies }: RecorderScreenProps) {
  const params = useParams();
  const { t } = useTranslation();
  if (!isFlag(params.flag)) {
    return (
      <Result
        status="404"
        headingLevel={1}
        extra={
          <Button asChild>
            <Link to="/video-library">{t('web.record.toLibrary')}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <RecorderView
      key={`${params.flag}/${params.broadcastid}`}
      flag={params.flag}
      broadcastId={params.broadcastid ?? 'new'}
      dependencies={dependencies}
    />
  );
}

function RecorderView({
  flag,
  broadcastId,
  dependencies,
}: {
  flag: RecordingFlag;
  broadcastId: string;
  dependencies: RecorderDependencies | undefined;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const deps = useMemo(() => dependencies ?? browserRecorderDependencies(), [dependencies]);
  const recorder = useRecorder({ flag, ref: broadcastId }, deps);
  const { state } = recorder;
  const [mirrored, setMirrored] = useState(() => localStorage.getItem(MIRROR_STORAGE_KEY) !== 'false');
  const [sendVideoId, setSendVideoId] = useState<string | null>(null);
  const mirrorId = useId();
  // The control pressed goes away (Record becomes Cancel, then Pause…): keyboard focus moves to the
  // new main control instead of falling back to the page.
  const primaryRef = useRef<HTMLButtonElement>(null);
  const previousStatus = useRef(state.status);
  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = state.status;
    // Not when the page opens: focus then stays where the person is.
    if (before === 'idle' || before === 'requesting-permission' || before === state.status) {
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body) {
      primaryRef.current?.focus();
    }
  }, [state.status]);

  function afterSave(videoId: string) {
    switch (flag) {
      case 'library':
        message.success(t('web.record.saved'));
        navigate('/video-library');
        return;
      case 'followup':
        setSendVideoId(videoId);
        return;
      case 'menu':
        message.success(t('web.record.saved'));
        navigate('/settings/menu-video');
        return;
      default:
        flag satisfies never;
    }
  }

  const live =
    state.status === 'preview' ||
    state.status === 'countdown' ||
    state.status === 'recording' ||
    state.status === 'paused';
  const reviewing =
    state.status === 'stopped' ||
    state.status === 'saving' ||
    state.status === 'uploading' ||
    state.status === 'done' ||
    (state.status === 'error' && state.recoverTo === 'stopped');

  const statusText = (() => {
    switch (state.status) {
      case 'requesting-permission':
        return t('web.record.status.requesting');
      case 'preview':
        return t('web.record.status.preview');
      case 'countdown':
        return t('web.record.status.countdown', { seconds: state.remaining });
      case 'recording':
        return t('web.record.status.recording');
      case 'paused':
        return t('web.record.status.paused');
      case 'stopped':
        return t('web.record.status.stopped');
      case 'saving':
      case 'uploading':
        return t('web.record.status.uploading');
      case 'done':
        return t('web.record.saved');
      default:
        return '';
    }
  })();

  let stage: React.ReactNode;
  if (state.status === 'error' && state.recoverTo === 'idle') {
    const key = ERROR_KEYS[state.error];
    stage = (
      <div className="flex aspect-video items-center justify-center bg-muted p-6">
        <Alert
          variant="error"
          className="max-w-lg"
          title={t(`web.record.error.${key}.title`)}
          description={t(`web.record.error.${key}.text`)}
          action={
            <Button size="sm" variant="outline" onClick={recorder.retry}>
              {t('ui.action.retry')}
            </Button>
          }
        />
      </div>
    );
  } else if (reviewing) {
    stage = recorder.review ? (
      <VideoPlayer
        src={recorder.review.url}
        type={recorder.review.type}
        aria-label={t('web.record.playback')}
        className="rounded-none border-0"
      />
    ) : (
      <div className="flex aspect-video items-center justify-center bg-black text-white">
        <Spinner decorative />
      </div>
    );
  } else {
    stage = (
      <div className="relative bg-black">
        <LivePreview stream={recorder.stream} mirrored={mirrored} />
        {state.status === 'requesting-permission' || (state.status === 'idle' && !recorder.stream) ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
            <Spinner decorative />
            <p className="text-sm">{t('web.record.allowAccess')}</p>
          </div>
        ) : null}
        {state.status === 'countdown' ? (
          <div
            data-testid="recorder-countdown"
            aria-hidden
            className="absolute inset-0 flex items-center justify-center bg-black/40 font-semibold text-8xl text-white tabular-nums"
          >
            {formatNumber(state.remaining, i18n.language)}
          </div>
        ) : null}
        {state.status === 'recording' || state.status === 'paused' ? (
          <div className="absolute start-3 top-3">
            <ElapsedTime milliseconds={recorder.elapsedMs} paused={state.status === 'paused'} />
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="grid gap-4 pb-6">
      <PageHeader
        title={t(`web.record.heading.${flag}`)}
        subtitle={t('web.record.subtitle')}
        titleLevel={1}
        onBack={() =>
          navigate(flag === 'menu' ? '/settings/menu-video' : flag === 'followup' ? '/call-history' : '/video-library')
        }
      />
      <div className="px-4">
        <Card className="mx-auto max-w-3xl overflow-hidden p-0">
          <div className="overflow-hidden">{stage}</div>
          <CardContent className="grid gap-4 py-4">
            <p role="status" className="sr-only">
              {statusText}
            </p>
            {live ? (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  {state.status === 'preview' ? (
                    <Button
                      ref={primaryRef}
                      icon={<Circle aria-hidden className="fill-current" />}
                      onClick={recorder.start}
                    >
                      {t('web.record.start')}
                    </Button>
                  ) : null}
                  {state.status === 'countdown' ? (
                    <Button ref={primaryRef} variant="outline" onClick={recorder.cancelCountdown}>
                      {t('ui.action.cancel')}
                    </Button>
                  ) : null}
                  {state.status === 'recording' ? (
                    <Button ref={primaryRef} variant="outline" icon={<Pause aria-hidden />} onClick={recorder.pause}>
                      {t('web.record.pause')}
                    </Button>
                  ) : null}
                  {state.status === 'paused' ? (
                    <Button ref={primaryRef} variant="outline" icon={<Play aria-hidden />} onClick={recorder.resume}>
                      {t('web.record.resume')}
                    </Button>
                  ) : null}
                  {state.status === 'recording' || state.status === 'paused' ? (
                    <Button
                      variant="destructive"
                      icon={<Square aria-hidden className="fill-current" />}
                      onClick={() => void recorder.stop()}
                    >
                      {t('web.record.stop')}
                    </Button>
                  ) : null}
                  <div className="ms-auto flex items-center gap-2">
                    <Switch
                      id={mirrorId}
                      checked={mirrored}
                      onCheckedChange={(checked) => {
                        setMirrored(checked);
                        localStorage.setItem(MIRROR_STORAGE_KEY, String(checked));
                      }}
                    />
                    <Label htmlFor={mirrorId}>{t('web.record.mirror')}</Label>
                  </div>
                </div>
                <div className="flex flex-wrap gap-4">
                  <DevicePicker
                    label={t('web.record.camera')}
                    devices={recorder.devices.cameras}
                    value={recorder.cameraId}
                    onChange={(camera) => recorder.chooseDevices({ camera })}
                    disabled={state.status !== 'preview'}
                    fallbackName={(index) => t('web.record.cameraNumber', { index })}
                  />
                  <DevicePicker
                    label={t('web.record.microphone')}
                    devices={recorder.devices.microphones}
                    value={recorder.microphoneId}
                    onChange={(microphone) => recorder.chooseDevices({ microphone })}
                    disabled={state.status !== 'preview'}
                    fallbackName={(index) => t('web.record.microphoneNumber', { index })}
                  />
                </div>
              </>
            ) : null}
            {reviewing ? (
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
                  <ReviewForm recorder={recorder} onSaved={afterSave} />
                )}
              </>
            ) : null}
          </CardContent>
        </Card>
      </div>
      {sendVideoId ? (
        <RecipientDetailsModal
          open
          onOpenChange={(open) => {
            if (!open) {
              setSendVideoId(null);
              navigate('/call-history');
            }
          }}
          videoId={sendVideoId}
          callId={broadcastId === 'new' ? null : broadcastId}
        />
      ) : null}
    </div>
  );
}

export { RecorderScreen };
