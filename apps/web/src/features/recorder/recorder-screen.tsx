import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Card, CardContent } from '@parley/ui/card';
import { PageHeader } from '@parley/ui/page-header';
import { Result } from '@parley/ui/result';
import { message } from '@parley/ui/toast';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RecipientDetailsModal } from '../../components/follow-up/recipient-details-modal';
import type { Translate } from '../../lib/contract-messages';
import type { RecordingFlag } from './chunk-store';
import { RecorderControls } from './recorder-controls';
import { type RecorderState, recorderPhase } from './recorder-machine';
import { RecorderStage } from './recorder-stage';
import { RecordingReview } from './recording-review';
import { browserRecorderDependencies, type RecorderDependencies, useRecorder } from './use-recorder';

const FLAGS: readonly RecordingFlag[] = ['library', 'followup', 'menu'];

function isFlag(value: string | undefined): value is RecordingFlag {
  return FLAGS.includes(value as RecordingFlag);
}

/** Where the mirror choice is remembered. */
const MIRROR_STORAGE_KEY = 'recorderMirror';

/** What a screen reader hears as the recorder moves on. */
function statusText(state: RecorderState, t: Translate): string {
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deps = useMemo(() => dependencies ?? browserRecorderDependencies(), [dependencies]);
  const recorder = useRecorder({ flag, ref: broadcastId }, deps);
  const { state } = recorder;
  const phase = recorderPhase(state);
  const [mirrored, setMirrored] = useState(() => localStorage.getItem(MIRROR_STORAGE_KEY) !== 'false');
  const [sendVideoId, setSendVideoId] = useState<string | null>(null);
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
          <div className="overflow-hidden">
            <RecorderStage recorder={recorder} mirrored={mirrored} />
          </div>
          <CardContent className="grid gap-4 py-4">
            <p role="status" className="sr-only">
              {statusText(state, t)}
            </p>
            {phase === 'live' ? (
              <RecorderControls
                recorder={recorder}
                mirrored={mirrored}
                onMirroredChange={(checked) => {
                  setMirrored(checked);
                  localStorage.setItem(MIRROR_STORAGE_KEY, String(checked));
                }}
                primaryRef={primaryRef}
              />
            ) : null}
            {phase === 'review' ? <RecordingReview recorder={recorder} onSaved={afterSave} /> : null}
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
