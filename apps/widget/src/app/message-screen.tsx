import { VISITOR_MESSAGE_MAX_SECONDS } from '@parley/api';
import { type CallRecording, type CallRecordingTransport, recordCall, recordingType } from '@parley/api/call-recorder';
import { formatDuration, useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Progress } from '@parley/ui/progress';
import { Spinner } from '@parley/ui/spinner';
import { formatBytes } from '@parley/ui/upload-progress';
import { Circle, Mic, RotateCcw, Send, Square, Video } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { api } from './api';
import { type MediaChoice, type MediaProblem, mediaProblem, openMedia, stopTracks } from './devices';
import { FRAME_CLOSE_EVENT } from './frame';
import { ScreenHeading } from './screen-heading';
import { SelfVideo } from './self-video';

/** The visitor's camera and microphone for the message, as the preview stands. */
type Camera =
  | { status: 'opening' }
  | { status: 'ready'; stream: MediaStream; noCamera: boolean }
  | { status: 'problem'; problem: MediaProblem }
  /** This browser cannot record (no MediaRecorder, or no type it records). */
  | { status: 'unsupported' }
  /** Turned off while the frame was hidden or the page went away; the visitor turns it on again. */
  | { status: 'off' };

type Step = 'preview' | 'recording' | 'review' | 'sending' | 'sent';

/** Why the message did not go: the upload itself (record again), or closing it (try again). */
type Failure = 'upload' | 'send';

/** What `end()` answers: the message's upload, and whether every part of it arrived. */
type Ended = { id: string; whole: boolean } | null;

const PROBLEM_MESSAGES = {
  denied: 'widget.message.mediaDenied',
  unavailable: 'widget.message.mediaUnavailable',
} as const satisfies Record<MediaProblem, string>;

const MAX_MINUTES = Math.round(VISITOR_MESSAGE_MAX_SECONDS / 60);

/**
 * Opens the chosen devices for a message, settling for less rather than nothing (as a call does):
 * the browser's own devices when the chosen ones are gone, then the microphone alone. Stops at a
 * refusal, which asking again would not change.
 */
async function openForMessage(choice: MediaChoice): Promise<{ stream: MediaStream } | { problem: MediaProblem }> {
  const tries: MediaChoice[] = [choice];
  if (choice.cameraId || choice.microphoneId) {
    tries.push({ audioOnly: choice.audioOnly });
  }
  if (!choice.audioOnly) {
    tries.push({ audioOnly: true });
  }
  let problem: MediaProblem = 'unavailable';
  for (const attempt of tries) {
    try {
      return { stream: await openMedia(attempt) };
    } catch (error) {
      problem = mediaProblem(error);
      if (problem === 'denied') {
        break;
      }
    }
  }
  return { problem };
}

/** The visitor's own camera, live and mirrored (as people expect to see themselves), never heard. */
function LiveCamera({ stream, label, children }: { stream: MediaStream; label: string; children?: ReactNode }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-md bg-black">
      <SelfVideo stream={stream} label={label} className="size-full" />
      {children}
    </div>
  );
}

/** Where the picture would be, for a message with sound only. */
function SoundOnly({ label, children }: { label?: string; children?: ReactNode }) {
  return (
    <div className="relative grid aspect-video w-full place-items-center rounded-md bg-muted text-muted-foreground">
      <div className="flex flex-col items-center gap-2">
        <Mic aria-hidden="true" className="size-10" />
        {label ? <span className="text-sm">{label}</span> : null}
      </div>
      {children}
    </div>
  );
}

/** The camera (or sound alone) while it records, with the red dot and the time against the limit. */
function RecordingStage(props: {
  stream: MediaStream | null;
  previewLabel: string;
  elapsed: string;
  elapsedLabel: string;
}) {
  const timer = (
    <span
      role="timer"
      aria-label={props.elapsedLabel}
      className="absolute start-2 top-2 inline-flex items-center gap-2 rounded-full bg-black/70 px-3 py-1 font-medium text-sm text-white tabular-nums"
    >
      <span aria-hidden="true" className="size-2.5 rounded-full bg-destructive motion-safe:animate-pulse" />
      {props.elapsed}
    </span>
  );
  return props.stream && props.stream.getVideoTracks().length > 0 ? (
    <LiveCamera stream={props.stream} label={props.previewLabel}>
      {timer}
    </LiveCamera>
  ) : (
    <SoundOnly>{timer}</SoundOnly>
  );
}

interface MessageRecorderProps {
  /** The missed call the message is left on, and its token. */
  callId: string;
  token: string;
  /** The camera and microphone chosen on the form. */
  media: MediaChoice;
  onMenu: () => void;
}

/**
 * "Leave a video message": the visitor's camera (their chosen devices, or sound alone), Record,
 * then Stop (or the limit, {@link VISITOR_MESSAGE_MAX_SECONDS}), then their message to watch before
 * Send or Record again. The message uploads while it is recorded (@parley/api/call-recorder), so
 * Send has little left to do; a take recorded again is thrown away on the server. The camera is
 * on only for the preview and the recording; every track and the recorder stop when this screen
 * goes, the frame is closed from inside (a recording then stops as with Stop) or the page goes away.
 */
export function MessageRecorder({ callId, token, media, onMenu }: MessageRecorderProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [camera, setCamera] = useState<Camera>({ status: 'opening' });
  const [step, setStep] = useState<Step>('preview');
  const [elapsed, setElapsed] = useState(0);
  const [limitReached, setLimitReached] = useState(false);
  const [progress, setProgress] = useState({ sent: 0, recorded: 0 });
  const [video, setVideo] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [starting, setStarting] = useState(false);

  const stream = useRef<MediaStream | null>(null);
  /** Bumped whenever the open stream is dropped, so devices that open late are stopped at once. */
  const generation = useRef(0);
  const recording = useRef<CallRecording | null>(null);
  /** The current take's `end()`, once it was stopped. */
  const ending = useRef<Promise<Ended> | null>(null);
  /** Bumped with each take, and when one is thrown away: answers about an older take change nothing. */
  const take = useRef(0);
  /** The last take thrown away, until the server has it gone. */
  const discarding = useRef<Promise<unknown> | null>(null);

  const transport = useMemo<CallRecordingTransport>(
    () => ({
      open: async (contentType) => (await api.visitor.openMessage(callId, token, { contentType })).data,
      parts: async (mediaId, partNumbers) =>
        (await api.visitor.messageParts(callId, token, mediaId, { partNumbers })).data.parts,
      complete: (mediaId) => api.visitor.completeMessage(callId, token, mediaId),
    }),
    [callId, token],
  );

  const releaseCamera = useCallback(() => {
    generation.current += 1;
    stopTracks(stream.current);
    stream.current = null;
  }, []);

  const openCamera = useCallback(async () => {
    releaseCamera();
    const mine = generation.current;
    if (!globalThis.MediaRecorder) {
      setCamera({ status: 'unsupported' });
      return;
    }
    setCamera({ status: 'opening' });
    const opened = await openForMessage(media);
    if (mine !== generation.current) {
      stopTracks('stream' in opened ? opened.stream : null);
      return;
    }
    if (!('stream' in opened)) {
      setCamera({ status: 'problem', problem: opened.problem });
      return;
    }
    const hasVideo = opened.stream.getVideoTracks().length > 0;
    if (!recordingType(hasVideo)) {
      stopTracks(opened.stream);
      setCamera({ status: 'unsupported' });
      return;
    }
    stream.current = opened.stream;
    setCamera({ status: 'ready', stream: opened.stream, noCamera: !hasVideo && !media.audioOnly });
  }, [media, releaseCamera]);

  /** Stops the recorder and the camera; what was recorded goes on uploading, to watch and send. */
  const stopRecording = useCallback(() => {
    const current = recording.current;
    if (!current || ending.current) {
      return;
    }
    const mine = take.current;
    const ended = current.end().catch((): Ended => null);
    ending.current = ended;
    releaseCamera();
    setCamera({ status: 'off' });
    setStep('review');
    void ended.then((result) => {
      if (mine !== take.current) {
        return;
      }
      setVideo(URL.createObjectURL(current.recorded()));
      if (!result?.whole) {
        setFailure('upload');
      }
    });
  }, [releaseCamera]);

  /** Throws the current take away: the recorder stops, and the server drops what it received. */
  const discard = useCallback(() => {
    const current = recording.current;
    if (!current) {
      return;
    }
    take.current += 1;
    const ended = ending.current ?? current.end().catch((): Ended => null);
    recording.current = null;
    ending.current = null;
    const gone: Promise<unknown> = ended
      .then((result) => (result ? api.visitor.cancelMessage(callId, token, result.id) : undefined))
      .catch(() => undefined)
      .finally(() => {
        if (discarding.current === gone) {
          discarding.current = null;
        }
      });
    discarding.current = gone;
  }, [callId, token]);

  // The camera opens with the screen; everything stops, and an unsent take goes, when it closes.
  useEffect(() => {
    void openCamera();
    return releaseCamera;
  }, [openCamera, releaseCamera]);
  useEffect(() => discard, [discard]);

  // A hidden frame or a page going away films no one: a recording stops (to send when the visitor
  // is back), a preview turns off.
  useEffect(() => {
    const pause = () => {
      if (recording.current && !ending.current) {
        stopRecording();
        return;
      }
      releaseCamera();
      setCamera((current) =>
        current.status === 'ready' || current.status === 'opening' ? { status: 'off' } : current,
      );
    };
    window.addEventListener('pagehide', pause);
    window.addEventListener(FRAME_CLOSE_EVENT, pause);
    return () => {
      window.removeEventListener('pagehide', pause);
      window.removeEventListener(FRAME_CLOSE_EVENT, pause);
    };
  }, [stopRecording, releaseCamera]);

  // The recording's running time, and its end at the limit.
  useEffect(() => {
    if (step !== 'recording') {
      return;
    }
    const startedAt = Date.now();
    const tick = setInterval(() => {
      setElapsed(Math.min(VISITOR_MESSAGE_MAX_SECONDS, Math.floor((Date.now() - startedAt) / 1000)));
    }, 500);
    const limit = setTimeout(() => {
      setElapsed(VISITOR_MESSAGE_MAX_SECONDS);
      setLimitReached(true);
      stopRecording();
    }, VISITOR_MESSAGE_MAX_SECONDS * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(limit);
    };
  }, [step, stopRecording]);

  // The take to watch is freed once it is no longer shown.
  useEffect(() => {
    if (!video) {
      return;
    }
    return () => URL.revokeObjectURL(video);
  }, [video]);

  const startRecording = async () => {
    // A take thrown away just before is gone from the server before the next one starts.
    const pending = discarding.current;
    if (pending) {
      setStarting(true);
      await pending;
      setStarting(false);
    }
    const current = stream.current;
    if (!current || recording.current) {
      return;
    }
    take.current += 1;
    const mine = take.current;
    setElapsed(0);
    setLimitReached(false);
    setFailure(null);
    setProgress({ sent: 0, recorded: 0 });
    recording.current = recordCall(current, transport, {
      keep: true,
      onProgress: (sent, recorded) => {
        if (mine === take.current) {
          setProgress({ sent, recorded });
        }
      },
      // A part that could not go shows at the end: the take is then not whole.
      onError: () => undefined,
    });
    ending.current = null;
    setStep('recording');
  };

  const send = async () => {
    const ended = ending.current;
    if (!ended) {
      return;
    }
    const mine = take.current;
    setFailure(null);
    setStep('sending');
    const result = await ended;
    if (mine !== take.current) {
      return;
    }
    if (!result?.whole) {
      setFailure('upload');
      setStep('review');
      return;
    }
    try {
      await api.visitor.completeMessage(callId, token, result.id);
    } catch {
      if (mine === take.current) {
        setFailure('send');
        setStep('review');
      }
      return;
    }
    if (mine !== take.current) {
      return;
    }
    // Sent: nothing left to throw away.
    recording.current = null;
    ending.current = null;
    setStep('sent');
  };

  const recordAgain = () => {
    discard();
    setVideo(null);
    setFailure(null);
    setLimitReached(false);
    setStep('preview');
    void openCamera();
  };

  const language = i18n.language;
  const maxText = formatDuration(VISITOR_MESSAGE_MAX_SECONDS, language);
  const elapsedText = formatDuration(elapsed, language);
  const backButton = (
    <Button variant="outline" onClick={onMenu}>
      {t('widget.call.backToMenu')}
    </Button>
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      {step === 'preview' ? (
        <>
          <div className="flex flex-col gap-1">
            <ScreenHeading key={step} id={headingId}>
              {t('widget.message.heading')}
            </ScreenHeading>
            <p className="text-muted-foreground text-sm">{t('widget.message.intro', { minutes: MAX_MINUTES })}</p>
          </div>
          {camera.status === 'opening' ? (
            <div className="grid aspect-video w-full place-items-center rounded-md bg-muted">
              <Spinner label={t('widget.message.opening')} />
            </div>
          ) : null}
          {camera.status === 'ready' ? (
            camera.stream.getVideoTracks().length > 0 ? (
              <LiveCamera stream={camera.stream} label={t('widget.call.preview')} />
            ) : (
              <SoundOnly label={camera.noCamera ? undefined : t('widget.call.audioOnly')} />
            )
          ) : null}
          {camera.status === 'ready' && camera.noCamera ? (
            <p className="text-muted-foreground text-sm">{t('widget.message.noCamera')}</p>
          ) : null}
          {camera.status === 'problem' ? (
            <p role="alert" className="text-destructive text-sm">
              {t(PROBLEM_MESSAGES[camera.problem])}
            </p>
          ) : null}
          {camera.status === 'unsupported' ? (
            <p role="alert" className="text-destructive text-sm">
              {t('widget.message.unsupported')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {camera.status === 'ready' || camera.status === 'opening' ? (
              <Button
                icon={<Circle aria-hidden="true" className="fill-current" />}
                disabled={camera.status !== 'ready'}
                loading={starting}
                onClick={() => void startRecording()}
              >
                {t('widget.message.record')}
              </Button>
            ) : null}
            {camera.status === 'problem' ? (
              <Button icon={<RotateCcw aria-hidden="true" />} onClick={() => void openCamera()}>
                {t('widget.retry')}
              </Button>
            ) : null}
            {camera.status === 'off' ? (
              <Button icon={<Video aria-hidden="true" />} onClick={() => void openCamera()}>
                {t('widget.message.cameraOn')}
              </Button>
            ) : null}
            {backButton}
          </div>
        </>
      ) : null}
      {step === 'recording' ? (
        <>
          <ScreenHeading key={step} id={headingId}>
            {t('widget.message.recording')}
          </ScreenHeading>
          <RecordingStage
            stream={camera.status === 'ready' ? camera.stream : null}
            previewLabel={t('widget.call.preview')}
            elapsed={t('widget.message.elapsed', { elapsed: elapsedText, max: maxText })}
            elapsedLabel={t('widget.message.elapsedLabel', { elapsed: elapsedText, max: maxText })}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="destructive"
              icon={<Square aria-hidden="true" className="fill-current" />}
              onClick={stopRecording}
            >
              {t('widget.message.stop')}
            </Button>
          </div>
        </>
      ) : null}
      {step === 'review' ? (
        <>
          <ScreenHeading key={step} id={headingId}>
            {t('widget.message.review')}
          </ScreenHeading>
          {video ? (
            // biome-ignore lint/a11y/useMediaCaption: the visitor's own message, just recorded; there is no caption track to give
            <video
              src={video}
              controls
              playsInline
              aria-label={t('widget.message.video')}
              className="aspect-video w-full rounded-md bg-black"
            />
          ) : (
            <div className="grid aspect-video w-full place-items-center rounded-md bg-muted">
              <Spinner label={t('widget.message.preparing')} />
            </div>
          )}
          {limitReached ? (
            <p className="text-muted-foreground text-sm">
              {t('widget.message.limitReached', { minutes: MAX_MINUTES })}
            </p>
          ) : null}
          {failure ? (
            <p role="alert" className="text-destructive text-sm">
              {t(failure === 'upload' ? 'widget.message.uploadFailed' : 'widget.message.sendFailed')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {failure === 'upload' ? null : (
              <Button
                icon={failure === 'send' ? <RotateCcw aria-hidden="true" /> : <Send aria-hidden="true" />}
                onClick={() => void send()}
              >
                {t(failure === 'send' ? 'widget.retry' : 'widget.message.send')}
              </Button>
            )}
            <Button variant="outline" icon={<RotateCcw aria-hidden="true" />} onClick={recordAgain}>
              {t('widget.message.recordAgain')}
            </Button>
          </div>
        </>
      ) : null}
      {step === 'sending' ? (
        <>
          <ScreenHeading key={step} id={headingId}>
            {t('widget.message.sending')}
          </ScreenHeading>
          <Progress
            value={
              progress.recorded > 0 ? (Math.min(progress.sent, progress.recorded) / progress.recorded) * 100 : null
            }
            label={t('widget.message.sending')}
            showValue
            detail={t('ui.upload.bytes', {
              sent: formatBytes(Math.min(progress.sent, progress.recorded), language),
              total: formatBytes(progress.recorded, language),
            })}
          />
        </>
      ) : null}
      {step === 'sent' ? (
        <div className="flex flex-col items-center gap-4 py-4 text-center">
          <ScreenHeading key={step} id={headingId}>
            {t('widget.message.sent')}
          </ScreenHeading>
          <p className="text-muted-foreground">{t('widget.message.sentHint')}</p>
          {backButton}
        </div>
      ) : null}
    </section>
  );
}
