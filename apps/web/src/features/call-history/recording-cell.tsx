import type { Call } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { RecordingStatus } from '@parley/ui/recording-status';
import { Captions } from 'lucide-react';
import { useSession } from '../../lib/session';
import { useCallActions, useCallName } from './call-actions';
import { useGenerateRecording } from './call-queries';

/**
 * The Recording Status column (SPEC §4, ARCHITECTURE §6): 'none' is a button that starts
 * generating the recording, a spinner while it is generated, a play button once it is ready; when
 * it cannot be made, SPEC §8's message in words with a Retry button — for an admin, who is the one
 * a member is told to contact, the cause instead. And a Captions button when the call has captions.
 * The new status arrives over the socket (see `useLiveCalls`). Generate and Retry show the spinner
 * at once, so a second click has nothing to press; the server starts one job however many ask.
 */
function RecordingCell({ call }: { call: Call }) {
  const { t } = useTranslation();
  const actions = useCallActions();
  const callName = useCallName()(call);
  const { role } = useSession();
  const generate = useGenerateRecording(call.id);
  const asked = generate.isPending && (call.recordingStatus === 'none' || call.recordingStatus === 'error');
  const status = asked ? 'generating' : call.recordingStatus;
  const cause =
    role === 'admin' && call.recordingError
      ? t('web.calls.recordingFailedCause', { cause: t(`web.calls.recordingError.${call.recordingError}`) })
      : undefined;
  return (
    <span className="inline-flex items-center gap-1">
      <RecordingStatus
        status={status}
        subject={callName}
        onGenerate={() => generate.mutate()}
        onPlay={() => actions.playRecording(call)}
        onRetry={() => generate.mutate()}
        {...(cause ? { errorText: cause } : {})}
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
