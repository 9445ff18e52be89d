import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Label } from '@parley/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@parley/ui/select';
import { Switch } from '@parley/ui/switch';
import { Circle, Pause, Play, Square } from 'lucide-react';
import { useId } from 'react';
import type { Recorder } from './use-recorder';

/** One kind of device to record with: the camera or the microphone. */
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

interface RecorderControlsProps {
  recorder: Recorder;
  mirrored: boolean;
  onMirroredChange: (mirrored: boolean) => void;
  /** The main control of the moment (Record, Cancel, Pause or Resume), for the screen to move focus to. */
  primaryRef: React.Ref<HTMLButtonElement>;
}

/**
 * The controls under the live camera: Record (then Cancel during the countdown), Pause or Resume,
 * Stop, the mirror switch, and the camera and microphone pickers (only before recording starts).
 */
function RecorderControls({ recorder, mirrored, onMirroredChange, primaryRef }: RecorderControlsProps) {
  const { t } = useTranslation();
  const { state } = recorder;
  const mirrorId = useId();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {state.status === 'preview' ? (
          <Button ref={primaryRef} icon={<Circle aria-hidden className="fill-current" />} onClick={recorder.start}>
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
          <Switch id={mirrorId} checked={mirrored} onCheckedChange={onMirroredChange} />
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
  );
}

export { RecorderControls };
