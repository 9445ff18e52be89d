import type { Call, CallDetail, LeftMessage, Note } from '@parley/api';
import { contactForReading } from '../lib/contact-display';
import { roundedExpiry } from '../lib/signed-urls';
import type { CallRow } from '../repositories/calls';
import type { NoteRow } from '../repositories/notes';
import { recordingErrorCode } from './recordings';
import type { VideoStore } from './storage/store';
import { videoErrorCode } from './video-failures';
import { PLAYBACK_URL_SECONDS } from './videos';

/** How a call's files are addressed: the message video's by the store, the recording's by the recording service. */
export interface CallUrls {
  store: VideoStore;
  /** The recording's signed address; null until it is ready. */
  recordingUrl: (call: CallRow['call']) => Promise<string | null>;
}

/** A signed address of a stored file, as the video library makes them; null when the store cannot serve the key. */
async function signedUrl(store: VideoStore, key: string, contentType: string): Promise<string | null> {
  return store.downloadUrl(key, contentType, roundedExpiry(PLAYBACK_URL_SECONDS)).catch(() => null);
}

/** The API's view of a call row (SPEC §3 "Call record"), with signed addresses of its message and recording. */
export async function toCall(row: CallRow, urls: CallUrls): Promise<Call> {
  const { call } = row;
  const video = row.message;
  const playable = video !== null && (video.status === 'processing' || video.status === 'ready') && video.size !== null;
  const [playbackUrl, posterUrl, recording] = await Promise.all([
    playable ? signedUrl(urls.store, video.storageKey, video.contentType) : null,
    video?.posterKey ? signedUrl(urls.store, video.posterKey, 'image/jpeg') : null,
    urls.recordingUrl(call),
  ]);
  const message: LeftMessage | null = video
    ? {
        videoId: video.id,
        status: video.status,
        errorCode: video.status === 'error' ? (videoErrorCode(video.errorMessage) ?? 'unknown') : null,
        playbackUrl,
        posterUrl,
        durationSeconds: video.durationSeconds,
      }
    : null;
  return {
    id: call.id,
    serialNumber: call.serialNumber,
    incomingAt: call.incomingAt.toISOString(),
    playerId: call.playerId,
    callerName: call.callerName,
    callerContact: call.callerContact,
    callerContactDisplay: contactForReading(call.callerContact),
    callerEmail: call.callerEmail,
    receivedBy: call.receivedBy ? { id: call.receivedBy, name: row.receivedByName ?? '' } : null,
    receivedAt: call.receivedAt?.toISOString() ?? null,
    holdSeconds: call.holdSeconds,
    durationSeconds: call.durationSeconds,
    endedAt: call.endedAt?.toISOString() ?? null,
    answered: call.receivedAt !== null,
    message,
    recordingStatus: call.recordingStatus,
    recordingUrl: recording,
    recordingError: recordingErrorCode(call),
    hasCaptions: row.hasCaptions,
    notesCount: row.notesCount,
    followUp: call.followUp,
    contactId: row.contactId,
  };
}

/** The call with its transcript (`GET /api/calls/:id`). */
export async function toCallDetail(row: CallRow, urls: CallUrls): Promise<CallDetail> {
  return { ...(await toCall(row, urls)), transcript: row.call.transcript ?? null };
}

/** The API's view of a note, with what the viewer may do to it. */
export function toNote(row: NoteRow, viewer: { userId: string; role: 'admin' | 'user' }): Note {
  const mine = row.authorId === viewer.userId;
  return {
    id: row.id,
    callId: row.callId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    message: row.message,
    enteredBy: { id: row.authorId, name: row.authorName },
    canEdit: mine,
    canDelete: mine || viewer.role === 'admin',
  };
}
