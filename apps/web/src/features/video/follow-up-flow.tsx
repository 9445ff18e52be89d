import type { Video } from '@parley/api';
import { useState } from 'react';
import { LibraryRecordingModal } from './library-recording-modal';
import { RecipientDetailsModal } from './recipient-details-modal';

interface FollowUpFlowProps {
  /** The call being followed up; null closes the flow. */
  callId: string | null;
  onClose: () => void;
  onSent?: (result: { id: string; shareUrl: string }) => void;
}

/**
 * Follow Up (ARCHITECTURE §6): choose a library recording (or record a new one for the call),
 * then send it in the Recipient details modal. For the call history's Follow Up column.
 */
function FollowUpFlow({ callId, onClose, onSent }: FollowUpFlowProps) {
  const [chosen, setChosen] = useState<Video | null>(null);
  return (
    <>
      <LibraryRecordingModal
        open={callId !== null && chosen === null}
        onOpenChange={(open) => {
          if (!open) {
            onClose();
          }
        }}
        callId={callId}
        onChoose={setChosen}
      />
      {chosen ? (
        <RecipientDetailsModal
          open
          onOpenChange={(open) => {
            if (!open) {
              setChosen(null);
              onClose();
            }
          }}
          videoId={chosen.id}
          callId={callId}
          {...(onSent ? { onSent } : {})}
        />
      ) : null}
    </>
  );
}

export { FollowUpFlow, type FollowUpFlowProps };
