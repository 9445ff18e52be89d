import type { Signal } from '@parley/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CallPeer,
  type CallPeerOptions,
  type PeerState,
  RESTART_AFTER_DISCONNECT_MS,
  RETRY_AFTER_MS,
  rateQuality,
  readStats,
  STATS_INTERVAL_MS,
} from './peer';
import {
  FakeMediaStream,
  FakePeerConnection,
  fakeStats,
  fakeStream,
  fakeTrack,
  stubMediaDevices,
} from './testing/fakes';

const ICE = { iceServers: [{ urls: 'stun:stun.example.com:3478' }], ttlSeconds: 600 };
const CANDIDATE = {
  candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
  usernameFragment: 'abcd',
};
const answerSignal = (sdp = 'answer'): Signal => ({ kind: 'description', description: { type: 'answer', sdp } });
const candidateSignal = (candidate: string): Signal => ({
  kind: 'candidate',
  candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'wxyz' },
});

/** Lets the peer's chain of promises (devices, offer, answer, candidates) run to its end. */
async function settle() {
  for (let step = 0; step < 50; step += 1) {
    await Promise.resolve();
  }
}

let getUserMedia: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  FakePeerConnection.instances = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeMediaStream);
  getUserMedia = vi.fn();
  stubMediaDevices({ getUserMedia } as Partial<MediaDevices>);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stubMediaDevices(undefined);
});

/** A started peer, the signals it sent and the states it reported. */
async function startPeer(options: Partial<CallPeerOptions> = {}) {
  const sent: Signal[] = [];
  const states: PeerState[] = [];
  const peer = new CallPeer({
    choice: { cameraId: 'cam-1', microphoneId: 'mic-1' },
    getIceServers: async () => ICE,
    send: (signal) => sent.push(signal),
    onChange: (state) => states.push(state),
    ...options,
  });
  await peer.start();
  await settle();
  return {
    peer,
    sent,
    states,
    connection: FakePeerConnection.instances.at(-1) as FakePeerConnection,
    last: () => states.at(-1),
  };
}

const offers = (sent: Signal[]) =>
  sent.flatMap((signal) => (signal.kind === 'description' ? [signal.description.sdp] : []));

describe("the visitor's peer connection", () => {
  it('opens the chosen devices, sends both with the ICE servers of the call, offers, and sends its candidates as they come', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    getUserMedia.mockResolvedValue(own.stream);
    const { sent, connection, last } = await startPeer();

    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { deviceId: { exact: 'mic-1' } },
      video: { deviceId: { exact: 'cam-1' } },
    });
    expect(connection.configuration).toEqual({ iceServers: ICE.iceServers });
    expect(connection.transceivers).toEqual([
      { kind: 'audio', track: own.tracks[0], direction: 'sendrecv' },
      { kind: 'video', track: own.tracks[1], direction: 'sendrecv' },
    ]);
    expect(sent).toEqual([{ kind: 'description', description: { type: 'offer', sdp: 'offer 1' } }]);
    expect(connection.offerOptions).toEqual([undefined]);
    expect(last()).toMatchObject({ local: own.stream, mediaReady: true, link: 'connecting' });

    connection.gather(CANDIDATE);
    // The end of gathering, and an empty candidate line, are not sent.
    connection.gather(null);
    connection.gather({ ...CANDIDATE, candidate: '' });
    expect(sent.slice(1)).toEqual([{ kind: 'candidate', candidate: CANDIDATE }]);
  });

  it("asks for no camera with audio only, and still takes the member's video in", async () => {
    const own = fakeStream({ audio: 'mic-1' });
    getUserMedia.mockResolvedValue(own.stream);
    const { connection, sent } = await startPeer({ choice: { microphoneId: 'mic-1', audioOnly: true } });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: { deviceId: { exact: 'mic-1' } }, video: false });
    expect(connection.transceivers).toEqual([
      { kind: 'audio', track: own.tracks[0], direction: 'sendrecv' },
      { kind: 'video', track: undefined, direction: 'recvonly' },
    ]);
    expect(offers(sent)).toEqual(['offer 1']);
  });

  it('receives only when no device can be used, and says so', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    const { connection, sent, last } = await startPeer();
    // Refused: nothing else is tried.
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(last()).toMatchObject({ local: null, mediaReady: true });
    expect(connection.transceivers.map(({ kind, direction }) => [kind, direction])).toEqual([
      ['audio', 'recvonly'],
      ['video', 'recvonly'],
    ]);
    expect(offers(sent)).toEqual(['offer 1']);
  });

  it('applies the answer, adding the candidates that came before it, then each as it comes', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    let openDevices: (stream: MediaStream) => void = () => undefined;
    getUserMedia.mockReturnValue(
      new Promise<MediaStream>((resolve) => {
        openDevices = resolve;
      }),
    );
    const sent: Signal[] = [];
    const peer = new CallPeer({
      choice: {},
      getIceServers: async () => ICE,
      send: (signal) => sent.push(signal),
      onChange: () => undefined,
    });
    const started = peer.start();
    // A candidate before there is even a connection.
    peer.receive(candidateSignal('candidate:early'));
    openDevices(own.stream);
    await started;
    await settle();
    const connection = FakePeerConnection.last();
    peer.receive(candidateSignal('candidate:before-answer'));
    await settle();
    expect(connection.candidates).toEqual([]);

    peer.receive(answerSignal());
    await settle();
    expect(connection.remoteDescription).toEqual({ type: 'answer', sdp: 'answer' });
    expect(connection.candidates.map(({ candidate }) => candidate)).toEqual([
      'candidate:early',
      'candidate:before-answer',
    ]);
    peer.receive(candidateSignal('candidate:after'));
    // A second answer (to an offer sent twice) is left alone.
    peer.receive(answerSignal('late answer'));
    await settle();
    expect(connection.candidates.map(({ candidate }) => candidate)).toEqual([
      'candidate:early',
      'candidate:before-answer',
      'candidate:after',
    ]);
    expect(connection.remoteDescription).toEqual({ type: 'answer', sdp: 'answer' });
  });

  it("starts a new connection with the same tracks when the member's side opens again mid-call, not before", async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    getUserMedia.mockResolvedValue(own.stream);
    const { peer, connection, sent, last } = await startPeer();
    // The member's first hello comes before their answer: the offer under way is for them.
    peer.receive({ kind: 'hello' });
    await settle();
    expect(FakePeerConnection.instances).toHaveLength(1);
    peer.receive(answerSignal());
    await settle();
    connection.setIceState('connected');
    connection.receiveTrack(fakeTrack('video'));

    // Their tab reloaded: a new connection, the visitor's own tracks on it, a new offer.
    peer.receive({ kind: 'hello' });
    await settle();
    expect(FakePeerConnection.instances).toHaveLength(2);
    const renewed = FakePeerConnection.last();
    expect(connection.closed).toBe(true);
    expect(renewed.transceivers.map(({ track }) => track)).toEqual(own.tracks);
    expect(sent.filter((signal) => signal.kind === 'description')).toHaveLength(2);
    expect(last()).toMatchObject({ remote: null, link: 'reconnecting', local: own.stream });
    // The old connection's news changes nothing; the new one's does.
    connection.setIceState('failed');
    await settle();
    expect(sent.filter((signal) => signal.kind === 'description')).toHaveLength(2);
    peer.receive(answerSignal('second answer'));
    await settle();
    renewed.setIceState('connected');
    expect(last()?.link).toBe('connected');
    // The visitor's camera and microphone went on all along.
    for (const track of own.tracks) {
      expect(track.stop).not.toHaveBeenCalled();
    }
  });

  it("shows the member's tracks as one stream", async () => {
    getUserMedia.mockResolvedValue(fakeStream({ audio: 'mic-1', video: 'cam-1' }).stream);
    const { connection, last } = await startPeer();
    const audio = fakeTrack('audio');
    const video = fakeTrack('video');
    connection.receiveTrack(audio);
    connection.receiveTrack(video);
    expect(last()?.remote?.getTracks()).toEqual([audio, video]);
  });

  it('restarts ICE with a new offer when the connection fails, or stays disconnected for 2 s', async () => {
    getUserMedia.mockResolvedValue(fakeStream({ audio: 'mic-1', video: 'cam-1' }).stream);
    const { peer, connection, sent, last } = await startPeer();
    peer.receive(answerSignal());
    await settle();
    connection.setIceState('connected');
    expect(last()?.link).toBe('connected');

    connection.setIceState('failed');
    await settle();
    expect(last()?.link).toBe('reconnecting');
    expect(connection.offerOptions.at(-1)).toEqual({ iceRestart: true });
    expect(offers(sent)).toEqual(['offer 1', 'offer 2 (ICE restart)']);
    // Candidates of the new generation wait for the new answer.
    peer.receive(candidateSignal('candidate:restarted'));
    await settle();
    expect(connection.candidates).toEqual([]);
    peer.receive(answerSignal('answer 2'));
    await settle();
    expect(connection.candidates.map(({ candidate }) => candidate)).toEqual(['candidate:restarted']);
    connection.setIceState('connected');
    expect(last()?.link).toBe('connected');

    // Back by itself within 2 s: nothing to do.
    connection.setIceState('disconnected');
    expect(last()?.link).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_DISCONNECT_MS - 1);
    connection.setIceState('connected');
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_DISCONNECT_MS);
    expect(offers(sent)).toHaveLength(2);

    connection.setIceState('disconnected');
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_DISCONNECT_MS - 1);
    expect(offers(sent)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(offers(sent)).toEqual(['offer 1', 'offer 2 (ICE restart)', 'offer 3 (ICE restart)']);
    expect(connection.closed).toBe(false);
  });

  it('sees the connection back at the next stats tick when the restart brought no state change', async () => {
    getUserMedia.mockResolvedValue(fakeStream({ audio: 'mic-1' }).stream);
    const { peer, connection, last } = await startPeer();
    peer.receive(answerSignal());
    await settle();
    connection.setIceState('connected');
    connection.setIceState('failed');
    await settle();
    peer.receive(answerSignal('answer 2'));
    await settle();
    expect(last()?.link).toBe('reconnecting');
    // Chromium may keep the old pair through a restart: 'connected' again, with no event.
    connection.iceConnectionState = 'connected';
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS);
    expect(last()?.link).toBe('connected');
  });

  it('sends the offer again while no answer comes, and restarts again while ICE does not connect', async () => {
    getUserMedia.mockResolvedValue(fakeStream({ audio: 'mic-1' }).stream);
    const { peer, connection, sent } = await startPeer();
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    expect(offers(sent)).toEqual(['offer 1', 'offer 1']);
    peer.receive(answerSignal());
    await settle();
    connection.setIceState('checking');
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    await settle();
    expect(offers(sent)).toEqual(['offer 1', 'offer 1', 'offer 2 (ICE restart)']);
  });

  it('sends the waiting offer again, rather than a new one, when ICE fails before its answer came', async () => {
    getUserMedia.mockResolvedValue(fakeStream({ audio: 'mic-1' }).stream);
    const { connection, sent } = await startPeer();
    connection.setIceState('failed');
    await settle();
    expect(offers(sent)).toEqual(['offer 1', 'offer 1']);
    expect(connection.offerOptions).toEqual([undefined]);
  });

  it('fetches the ICE servers again before a restart once their credentials are about to expire', async () => {
    getUserMedia.mockResolvedValue(fakeStream({ audio: 'mic-1' }).stream);
    const fresh = {
      iceServers: [{ urls: 'turn:turn.example.com', username: 'u2', credential: 'c2' }],
      ttlSeconds: 600,
    };
    const getIceServers = vi.fn().mockResolvedValueOnce(ICE).mockResolvedValueOnce(fresh);
    const { peer, connection } = await startPeer({ getIceServers });
    peer.receive(answerSignal());
    await settle();
    connection.setIceState('connected');
    vi.setSystemTime(Date.now() + 595_000);
    connection.setIceState('failed');
    await settle();
    expect(getIceServers).toHaveBeenCalledTimes(2);
    expect(connection.configuration.iceServers).toEqual(fresh.iceServers);
    expect(connection.offerOptions.at(-1)).toEqual({ iceRestart: true });
  });

  it('rates the connection from its stats while connected, every 2 s', async () => {
    getUserMedia.mockResolvedValue(fakeStream({ audio: 'mic-1' }).stream);
    const { peer, connection, last } = await startPeer();
    peer.receive(answerSignal());
    await settle();
    connection.stats = fakeStats({ roundTripSeconds: 0.05 });
    connection.setIceState('connected');
    await settle();
    expect(last()?.quality).toBe('good');
    connection.stats = fakeStats({ roundTripSeconds: 0.05, packetsLost: 50, packetsReceived: 2000 });
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS);
    await settle();
    // 50 lost of the 1050 since the last sample: about 5 %.
    expect(last()?.quality).toBe('fair');
    connection.stats = fakeStats({ roundTripSeconds: 0.8, packetsLost: 50, packetsReceived: 3000 });
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS);
    await settle();
    expect(last()?.quality).toBe('poor');
  });

  it('mutes the microphone and turns the camera off through the tracks', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    getUserMedia.mockResolvedValue(own.stream);
    const { peer } = await startPeer();
    peer.setMicrophone(false);
    peer.setCamera(false);
    expect(own.tracks.map((track) => track.enabled)).toEqual([false, false]);
    peer.setMicrophone(true);
    expect(own.tracks.map((track) => track.enabled)).toEqual([true, false]);
  });

  it('closes the connection and stops every track, its own and the member’s, and sends nothing after', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    getUserMedia.mockResolvedValue(own.stream);
    const { peer, connection, sent } = await startPeer();
    const remote = fakeTrack('video');
    connection.receiveTrack(remote);
    peer.close();
    expect(connection.closed).toBe(true);
    for (const track of [...own.tracks, remote]) {
      expect(track.stop).toHaveBeenCalled();
    }
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS * 2);
    expect(offers(sent)).toEqual(['offer 1']);
  });

  it('stops the devices that open after it was closed', async () => {
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    getUserMedia.mockResolvedValue(own.stream);
    const peer = new CallPeer({
      choice: {},
      getIceServers: async () => ICE,
      send: vi.fn(),
      onChange: vi.fn(),
    });
    const started = peer.start();
    peer.close();
    await started;
    expect(own.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
    expect(FakePeerConnection.instances).toHaveLength(0);
  });

  it('says so when the browser has no WebRTC, and lets the devices go', async () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    const own = fakeStream({ audio: 'mic-1', video: 'cam-1' });
    getUserMedia.mockResolvedValue(own.stream);
    const { last } = await startPeer();
    expect(last()).toMatchObject({ link: 'unsupported', local: null });
    expect(own.tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
  });
});

describe('the connection quality', () => {
  it("reads the round trip of the pair in use and the incoming streams' losses", () => {
    const report = fakeStats({ roundTripSeconds: 0.12, packetsLost: 3, packetsReceived: 500 });
    expect(readStats(report as unknown as RTCStatsReport)).toEqual({
      roundTripSeconds: 0.12,
      packetsLost: 3,
      packetsReceived: 500,
    });
    // Firefox names no pair on a transport; it marks it.
    const firefox = new Map([['P', { id: 'P', type: 'candidate-pair', selected: true, currentRoundTripTime: 0.2 }]]);
    expect(readStats(firefox as unknown as RTCStatsReport).roundTripSeconds).toBe(0.2);
  });

  it('is good, fair or poor by the worse of round trip and loss since the last sample', () => {
    const sample = (roundTripSeconds: number | undefined, packetsLost: number, packetsReceived: number) => ({
      roundTripSeconds,
      packetsLost,
      packetsReceived,
    });
    expect(rateQuality(sample(undefined, 0, 0))).toBe('good');
    expect(rateQuality(sample(0.1, 1, 999))).toBe('good');
    expect(rateQuality(sample(0.4, 0, 1000))).toBe('fair');
    expect(rateQuality(sample(0.1, 50, 950))).toBe('fair');
    expect(rateQuality(sample(0.7, 0, 1000))).toBe('poor');
    expect(rateQuality(sample(0.1, 100, 900))).toBe('poor');
    // Losses long ago do not count now.
    expect(rateQuality(sample(0.1, 100, 2000), sample(0.1, 100, 1000))).toBe('good');
  });
});
