import type { Call } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { RecordingStatus } from '@parley/ui/recording-status';
import { Captions } from 'lucide-react';
import { useCallActions, useCallName } from './call-actions';
import { useGenerateRecording } from './call-queries';

/**
 * The Recording Status column (SPEC §4, ARCHITECTURE §6): 'none' is a button that starts
 * generating the recording, a spinner while it is generated, a play button once it is ready, the
 * SPEC §8 message when it cannot be made; and a Captions button when the call has captions.
 * The new status arrives over the socket (see `useLiveCalls`).
 */
function RecordingCell({ call }: { call: Call }) {
  const { t } = useTranslation();
  const actions = useCallActions();
  const callName = useCallName()(call);
  const generate = useGenerateRecording(call.id);
  const status = generate.isPending && call.recordingStatus === 'none' ? 'generating' : call.recordingStatus;
  return (
    <span className="inline-flex items-center gap-1">
      <RecordingStatus
        status={status}
        subject={callName}
        onGenerate={() => generate.mutate()}
        onPlay={() => actions.playRecording(call)}
      />
      {call.hasCaptions ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('web.calls.captionsFor', { call: callName })}
          title={t('web.calls.captions.title')}
          onClick={() => actions.showCaptions(call)}
        >
          <Captions aria-hidden />
        </Button>
      ) : null}
    </span>
  );
}

export { RecordingCell };
