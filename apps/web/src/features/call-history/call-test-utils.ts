import type { Call, Note, TeamMember } from '@parley/api';

let counter = 0;

function uuid(prefix: string, value: number): string {
  return `${prefix}-0000-4000-8000-${String(value).padStart(12, '0')}`;
}

export const NORA: TeamMember = {
  id: uuid('00000000', 901),
  email: 'nora@example.test',
  name: 'Nora Ali',
  role: 'admin',
  phone: null,
  avatar: null,
  firstLogin: false,
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  availability: 'available',
  lastSeenAt: '2026-01-02T00:00:00.000Z',
  callsThisWeek: 0,
};

export const SAM: TeamMember = { ...NORA, id: uuid('00000000', 902), email: 'sam@example.test', name: 'Sam Carter' };

/** An answered call as the API lists it; ids are valid UUIDs, fields overridable. */
export function makeCall(overrides: Partial<Call> = {}): Call {
  counter += 1;
  return {
    id: uuid('00000000', counter),
    serialNumber: counter,
    incomingAt: '2026-11-20T10:00:00.000Z',
    playerId: `visitor-${counter}`,
    callerName: `Caller ${counter}`,
    callerContact: '+12025550123',
    callerContactDisplay: '+1 202 555 0123',
    callerEmail: `caller${counter}@example.test`,
    receivedBy: { id: NORA.id, name: NORA.name },
    receivedAt: '2026-11-20T10:00:42.000Z',
    holdSeconds: 42,
    durationSeconds: 3725,
    endedAt: '2026-11-20T11:02:47.000Z',
    answered: true,
    message: null,
    recordingStatus: 'none',
    recordingUrl: null,
    recordingError: null,
    hasCaptions: false,
    notesCount: 0,
    followUp: 'none',
    contactId: null,
    ...overrides,
  };
}

/** A call nobody answered, where the visitor left a video message. */
export function makeMissedCall(overrides: Partial<Call> = {}): Call {
  const call = makeCall(overrides);
  return {
    ...call,
    receivedBy: null,
    receivedAt: null,
    durationSeconds: null,
    endedAt: null,
    answered: false,
    message: {
      videoId: uuid('11111111', call.serialNumber),
      status: 'ready',
      errorCode: null,
      playbackUrl: `/files/videos/${call.serialNumber}.webm?expires=1&signature=x`,
      posterUrl: null,
      durationSeconds: 12,
    },
    ...overrides,
  };
}

export function makeNote(callId: string, overrides: Partial<Note> = {}): Note {
  counter += 1;
  return {
    id: uuid('22222222', counter),
    callId,
    createdAt: '2026-11-21T09:30:00.000Z',
    updatedAt: '2026-11-21T09:30:00.000Z',
    message: `Note ${counter}`,
    enteredBy: { id: NORA.id, name: NORA.name },
    canEdit: true,
    canDelete: true,
    ...overrides,
  };
}
