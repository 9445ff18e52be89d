import type { Video } from '@parley/api';
import { useState } from 'react';
import { LibraryRecordingModal } from './library-recording-modal';
import { RecipientDetailsModal, type RecipientValues } from './recipient-details-modal';

interface FollowUpFlowProps {
  /** The call being followed up; null closes the flow. */
  callId: string | null;
  onClose: () => void;
  onSent?: (result: { id: string; shareUrl: string }) => void;
  /** The recipient's details to start the form with (the caller's e-mail and phone). */
  recipient?: Partial<RecipientValues>;
}

/**
 * Follow Up (ARCHITECTURE §6): choose a library recording (or record a new one for the call),
 * then send it in the Recipient details modal. For the call history's Follow Up column.
 */
function FollowUpFlow({ callId, onClose, onSent, recipient }: FollowUpFlowProps) {
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
          videoTitle={chosen.title}
          // Back to the library: the flow's first step opens again when nothing is chosen.
          onBack={() => setChosen(null)}
          callId={callId}
          {...(onSent ? { onSent } : {})}
          {...(recipient ? { defaultValues: recipient } : {})}
        />
      ) : null}
    </>
  );
}

export { FollowUpFlow, type FollowUpFlowProps };
