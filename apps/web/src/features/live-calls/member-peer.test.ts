import type { Signal } from '@parley/api';
import { describe, expect, it, vi } from 'vitest';
import { createMemberPeer, type PeerState, qualityOf } from './member-peer';

/** A peer connection that records what it is told, and lets the test fire its events. */
class FakePeerConnection extends EventTarget {
  static last: FakePeerConnection | undefined;
  readonly configuration: RTCConfiguration;
  readonly added: MediaStreamTrack[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  iceConnectionState: RTCIceConnectionState = 'new';
  closed = false;
  constructor(configuration: RTCConfiguration) {
    super();
    this.configuration = configuration;
    FakePeerConnection.last = this;
  }
  addTrack(track: MediaStreamTrack) {
    this.added.push(track);
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: `answer to ${this.remoteDescription?.sdp}` };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  async getStats() {
    return new Map() as unknown as RTCStatsReport;
  }
  close() {
    this.closed = true;
  }
  fire(type: string, properties: Record<string, unknown> = {}) {
    this.dispatchEvent(Object.assign(new Event(type), properties));
  }
}

function track(kind: 'audio' | 'video') {
  return { kind, stop: vi.fn(), enabled: true } as unknown as MediaStreamTrack;
}

function setUp() {
  const tracks = [track('audio'), track('video')];
  const localStream = { getTracks: () => tracks } as unknown as MediaStream;
  const sent: Signal[] = [];
  const states: PeerState[] = [];
  const remote = vi.fn();
  const peer = createMemberPeer({
    iceServers: [{ urls: 'stun:stun.example.com' }],
    localStream,
    send: (signal) => sent.push(signal),
    onRemoteStream: remote,
    onState: (state) => states.push(state),
    PeerConnection: FakePeerConnection as unknown as typeof RTCPeerConnection,
  });
  const connection = FakePeerConnection.last as FakePeerConnection;
  return { peer, connection, tracks, sent, states, remote };
}

describe('the member side of a call', () => {
  it("sends the member's camera and microphone, answers the visitor's offer, and keeps early candidates until it", async () => {
    const { peer, connection, tracks, sent } = setUp();
    expect(connection.configuration.iceServers).toEqual([{ urls: 'stun:stun.example.com' }]);
    expect(connection.added).toEqual(tracks);
    const early = { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    await peer.receive({ kind: 'candidate', candidate: early });
    expect(connection.candidates).toEqual([]);
    await peer.receive({ kind: 'description', description: { type: 'offer', sdp: 'v=0 offer' } });
    expect(connection.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(connection.candidates).toEqual([early]);
    expect(sent).toEqual([{ kind: 'description', description: { type: 'answer', sdp: 'answer to v=0 offer' } }]);
    // Later candidates go straight in; an ICE restart's new offer is answered again.
    const later = { candidate: 'candidate:2 1 udp 1 127.0.0.1 10 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    await peer.receive({ kind: 'candidate', candidate: later });
    expect(connection.candidates).toEqual([early, later]);
    await peer.receive({ kind: 'description', description: { type: 'offer', sdp: 'v=0 restart' } });
    expect(sent.at(-1)).toEqual({ kind: 'description', description: { type: 'answer', sdp: 'answer to v=0 restart' } });
  });

  it("sends its own candidates, shows the visitor's stream, follows the connection, and lets everything go on close", async () => {
    const { peer, connection, tracks, sent, states, remote } = setUp();
    connection.fire('icecandidate', {
      candidate: { toJSON: () => ({ candidate: 'candidate:3', sdpMid: '1', sdpMLineIndex: 1 }) },
    });
    connection.fire('icecandidate', { candidate: null });
    expect(sent).toEqual([
      { kind: 'candidate', candidate: { candidate: 'candidate:3', sdpMid: '1', sdpMLineIndex: 1 } },
    ]);
    const stream = {} as MediaStream;
    connection.fire('track', { streams: [stream], track: track('video') });
    expect(remote).toHaveBeenCalledWith(stream);
    for (const state of ['connected', 'disconnected', 'failed'] as const) {
      connection.iceConnectionState = state;
      connection.fire('iceconnectionstatechange');
    }
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'failed']);
    peer.close();
    expect(connection.closed).toBe(true);
    for (const each of tracks) {
      expect(each.stop).toHaveBeenCalled();
    }
    expect(states.at(-1)).toBe('closed');
    // A signal after the end changes nothing.
    await peer.receive({ kind: 'description', description: { type: 'offer', sdp: 'late' } });
    expect(connection.remoteDescription).toBeNull();
  });
});

describe("the connection's quality", () => {
  const report = (entries: Record<string, unknown>[]) =>
    new Map(entries.map((entry, index) => [String(index), entry])) as unknown as RTCStatsReport;

  it('is good, fair or poor by round trip and packets lost, and unknown before any figure', () => {
    expect(qualityOf(report([]))).toBeUndefined();
    const pair = (rtt: number) => ({ type: 'candidate-pair', nominated: true, currentRoundTripTime: rtt });
    const inbound = (received: number, lost: number) => ({
      type: 'inbound-rtp',
      packetsReceived: received,
      packetsLost: lost,
    });
    expect(qualityOf(report([pair(0.05), inbound(1000, 1)]))).toBe('good');
    expect(qualityOf(report([pair(0.3), inbound(1000, 0)]))).toBe('fair');
    expect(qualityOf(report([pair(0.05), inbound(1000, 50)]))).toBe('fair');
    expect(qualityOf(report([pair(0.5), inbound(1000, 0)]))).toBe('poor');
    expect(qualityOf(report([pair(0.05), inbound(900, 100)]))).toBe('poor');
  });
});
