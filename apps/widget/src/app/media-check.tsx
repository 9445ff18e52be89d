import type { VisitorMenuItem } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Video } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  deviceOf,
  listInputs,
  type MediaChoice,
  type MediaInputs,
  type MediaProblem,
  mediaProblem,
  openMedia,
  stopTracks,
} from './devices';
import { FIELD_CLASS } from './field';
import { FRAME_CLOSE_EVENT } from './frame';
import { SelfVideo } from './self-video';

type Check =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'ready'; stream: MediaStream; inputs: MediaInputs; noCamera: boolean }
  | { status: 'problem'; problem: MediaProblem };

/** What a problem means for the visitor: a call goes out anyway, a message needs the devices. */
const PROBLEM_MESSAGES = {
  call: { denied: 'widget.call.mediaDenied', unavailable: 'widget.call.mediaUnavailable' },
  message: { denied: 'widget.message.mediaDenied', unavailable: 'widget.message.mediaUnavailable' },
} as const satisfies Record<VisitorMenuItem, Record<MediaProblem, string>>;
const NO_CAMERA_MESSAGES = {
  call: 'widget.call.noCamera',
  message: 'widget.message.noCamera',
} as const satisfies Record<VisitorMenuItem, string>;

function Preview({ stream, label }: { stream: MediaStream; label: string }) {
  return <SelfVideo stream={stream} label={label} className="aspect-video w-full rounded-md bg-black" />;
}

function DeviceSelect(props: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChange: (deviceId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {props.label}
      </label>
      <select
        id={id}
        className={FIELD_CLASS}
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.devices.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `${props.label} ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}

interface MediaCheckProps {
  /** The devices chosen so far (kept by the caller, so that the call opens them once answered). */
  choice: MediaChoice;
  /** Called with the devices the preview opened, and with Audio only as the visitor sets it. */
  onChoiceChange: (choice: MediaChoice) => void;
  /** What the devices are for (the wording of their problems): a call, or a video message. */
  purpose?: VisitorMenuItem;
}

/**
 * The visitor's camera and microphone before a call: asked for on the visitor's click, then a
 * live preview and a list of each to switch between, and Audio only. For choosing only: the call
 * goes out whatever happens here (refused or no device included), and opens the chosen devices
 * again once answered. Every track stops when this leaves the screen, the frame is closed from
 * inside or the page goes away.
 */
export function MediaCheck({ choice, onChoiceChange, purpose = 'call' }: MediaCheckProps) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  const audioOnly = choice.audioOnly ?? false;
  const stream = useRef<MediaStream | null>(null);
  /** Bumped whenever the open stream is dropped, so an answer that comes back late is stopped at once. */
  const generation = useRef(0);

  const release = useCallback(() => {
    generation.current += 1;
    stopTracks(stream.current);
    stream.current = null;
  }, []);

  useEffect(() => {
    const close = () => {
      release();
      setCheck({ status: 'idle' });
    };
    window.addEventListener('pagehide', release);
    window.addEventListener(FRAME_CLOSE_EVENT, close);
    return () => {
      window.removeEventListener('pagehide', release);
      window.removeEventListener(FRAME_CLOSE_EVENT, close);
      release();
    };
  }, [release]);

  const open = async (wanted: MediaChoice) => {
    release();
    const mine = generation.current;
    setCheck((current) => (current.status === 'ready' ? current : { status: 'checking' }));
    let opened: MediaStream | undefined;
    let problem: MediaProblem | undefined;
    try {
      opened = await openMedia(wanted);
    } catch (error) {
      problem = mediaProblem(error);
      if (problem === 'unavailable' && !wanted.audioOnly) {
        // No camera, or it is busy: the microphone alone may still do.
        opened = await openMedia({ microphoneId: wanted.microphoneId, audioOnly: true }).catch(() => undefined);
      }
    }
    if (mine !== generation.current) {
      stopTracks(opened);
      return;
    }
    if (!opened) {
      setCheck({ status: 'problem', problem: problem ?? 'unavailable' });
      return;
    }
    stream.current = opened;
    onChoiceChange({
      cameraId: deviceOf(opened, 'video'),
      microphoneId: deviceOf(opened, 'audio'),
      audioOnly: wanted.audioOnly ?? false,
    });
    const inputs = await listInputs().catch(() => ({ cameras: [], microphones: [] }));
    if (mine === generation.current) {
      setCheck({ status: 'ready', stream: opened, inputs, noCamera: problem !== undefined });
    }
  };

  const ready = check.status === 'ready' ? check : undefined;
  const cameraId = ready ? deviceOf(ready.stream, 'video') : undefined;
  const microphoneId = ready ? deviceOf(ready.stream, 'audio') : undefined;
  const problem = check.status === 'problem' ? check.problem : undefined;

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-3 text-card-foreground">
      {ready && !audioOnly && !ready.noCamera ? (
        <Preview stream={ready.stream} label={t('widget.call.preview')} />
      ) : null}
      {ready && !audioOnly && ready.inputs.cameras.length > 0 ? (
        <DeviceSelect
          label={t('widget.call.camera')}
          devices={ready.inputs.cameras}
          value={cameraId}
          onChange={(id) => void open({ cameraId: id, microphoneId })}
        />
      ) : null}
      {ready && ready.inputs.microphones.length > 0 ? (
        <DeviceSelect
          label={t('widget.call.microphone')}
          devices={ready.inputs.microphones}
          value={microphoneId}
          onChange={(id) => void open({ cameraId, microphoneId: id, audioOnly })}
        />
      ) : null}
      {ready?.noCamera ? <p className="text-muted-foreground text-sm">{t(NO_CAMERA_MESSAGES[purpose])}</p> : null}
      {problem ? (
        <p role="alert" className="text-muted-foreground text-sm">
          {t(PROBLEM_MESSAGES[purpose][problem])}
        </p>
      ) : null}
      {ready?.noCamera ? null : (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={audioOnly}
            // Not while the browser opens the devices: the choice would not reach what it opens.
            disabled={check.status === 'checking'}
            onChange={(event) => {
              const checked = event.target.checked;
              onChoiceChange({ ...choice, audioOnly: checked });
              if (ready) {
                void open({ cameraId, microphoneId, audioOnly: checked });
              }
            }}
          />
          {t('widget.call.audioOnly')}
        </label>
      )}
      {ready ? null : (
        <Button
          variant="outline"
          className="self-start"
          icon={<Video aria-hidden="true" />}
          loading={check.status === 'checking'}
          onClick={() => void open({ audioOnly })}
        >
          {t('widget.call.checkMedia')}
        </Button>
      )}
    </div>
  );
}
