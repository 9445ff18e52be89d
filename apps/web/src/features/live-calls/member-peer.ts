import type { IceServer, Signal } from '@parley/api';

/** Where the connection stands, as the member's call card shows it. */
export type PeerState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';

export interface MemberPeerOptions {
  iceServers: IceServer[];
  /** The member's camera and microphone; none when the browser gave neither (they still hear and see). */
  localStream: MediaStream | undefined;
  /** Sends a signal to the visitor (the tab's socket). */
  send: (signal: Signal) => void;
  onRemoteStream: (stream: MediaStream) => void;
  onState: (state: PeerState) => void;
  PeerConnection?: typeof RTCPeerConnection;
}

export interface MemberPeer {
  /** A signal from the visitor: their offer (a first one, or an ICE restart's), or an ICE candidate. */
  receive: (signal: Signal) => Promise<void>;
  /** The connection's figures, for the quality shown on the card. */
  stats: () => Promise<RTCStatsReport | undefined>;
  close: () => void;
}

/**
 * The member's side of the call's WebRTC (issue 16). The visitor offers (again after an ICE
 * restart); the member answers with their own camera and microphone. Candidates that come before
 * the offer wait for it. No timers: the visitor's side restarts ICE when the connection drops.
 */
export function createMemberPeer({
  iceServers,
  localStream,
  send,
  onRemoteStream,
  onState,
  PeerConnection = globalThis.RTCPeerConnection,
}: MemberPeerOptions): MemberPeer {
  const connection = new PeerConnection({ iceServers: iceServers as RTCIceServer[] });
  for (const track of localStream?.getTracks() ?? []) {
    connection.addTrack(track, localStream as MediaStream);
  }
  const waiting: RTCIceCandidateInit[] = [];
  let closed = false;
  // One signal at a time: an offer repeated while the last is being answered must not interleave.
  let turn: Promise<void> = Promise.resolve();

  connection.addEventListener('track', (event) => {
    onRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
  });
  connection.addEventListener('icecandidate', (event) => {
    if (event.candidate) {
      send({
        kind: 'candidate',
        candidate: event.candidate.toJSON() as Extract<Signal, { kind: 'candidate' }>['candidate'],
      });
    }
  });
  connection.addEventListener('iceconnectionstatechange', () => {
    const state = connection.iceConnectionState;
    onState(
      state === 'connected' || state === 'completed'
        ? 'connected'
        : state === 'disconnected'
          ? 'reconnecting'
          : state === 'failed'
            ? 'failed'
            : state === 'closed'
              ? 'closed'
              : 'connecting',
    );
  });
  onState('connecting');

  async function handle(signal: Signal): Promise<void> {
    if (closed) {
      return;
    }
    if (signal.kind === 'candidate') {
      if (connection.remoteDescription) {
        await connection.addIceCandidate(signal.candidate);
      } else {
        waiting.push(signal.candidate);
      }
      return;
    }
    if (signal.kind === 'hello' || signal.description.type !== 'offer') {
      return;
    }
    await connection.setRemoteDescription(signal.description);
    for (const candidate of waiting.splice(0)) {
      await connection.addIceCandidate(candidate);
    }
    const answer = await connection.createAnswer();
    await connection.setLocalDescription(answer);
    send({ kind: 'description', description: { type: 'answer', sdp: answer.sdp ?? '' } });
  }

  return {
    receive(signal) {
      const done = turn.then(() => handle(signal));
      turn = done.catch(() => {});
      return done;
    },
    stats: async () => (closed ? undefined : connection.getStats()),
    close() {
      if (closed) {
        return;
      }
      closed = true;
      connection.close();
      for (const track of localStream?.getTracks() ?? []) {
        track.stop();
      }
      onState('closed');
    },
  };
}

/** How the connection feels, from the figures of the pair of candidates in use and the media coming in. */
export type Quality = 'good' | 'fair' | 'poor';

export function qualityOf(report: RTCStatsReport): Quality | undefined {
  let rtt: number | undefined;
  let lost = 0;
  let received = 0;
  report.forEach((entry: Record<string, unknown>) => {
    if (entry.type === 'candidate-pair' && entry.nominated && typeof entry.currentRoundTripTime === 'number') {
      rtt = entry.currentRoundTripTime;
    }
    if (entry.type === 'inbound-rtp') {
      lost += typeof entry.packetsLost === 'number' ? entry.packetsLost : 0;
      received += typeof entry.packetsReceived === 'number' ? entry.packetsReceived : 0;
    }
  });
  if (rtt === undefined && received === 0) {
    return undefined;
  }
  const loss = received + lost > 0 ? lost / (received + lost) : 0;
  if ((rtt ?? 0) > 0.4 || loss > 0.08) {
    return 'poor';
  }
  if ((rtt ?? 0) > 0.2 || loss > 0.02) {
    return 'fair';
  }
  return 'good';
}
