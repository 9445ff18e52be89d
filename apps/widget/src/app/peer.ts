import type { Signal } from '@parley/api';
import { type MediaChoice, openForCall, stopTracks } from './devices';

/**
 * Where the call's own connection (the media, not the socket) stands: `connecting` until it first
 * carries media, `reconnecting` while it is lost and being restarted, `unsupported` when the
 * browser has no WebRTC.
 */
export type PeerLink = 'connecting' | 'connected' | 'reconnecting' | 'unsupported';
/** How well the media flows, from the connection's round-trip time and packet loss. */
export type Quality = 'good' | 'fair' | 'poor';

export interface PeerState {
  /** The visitor's own camera and microphone, as sent; null before they open, or when none could be used. */
  local: MediaStream | null;
  /** True once the visitor's devices were asked for (whether or not they opened). */
  mediaReady: boolean;
  /** The member's camera and microphone, from their first track on. */
  remote: MediaStream | null;
  link: PeerLink;
  /** Measured while connected; null until first measured. */
  quality: Quality | null;
}

/** The ICE servers for the call, and how long their TURN credentials last. */
export interface IceConfig {
  iceServers: RTCIceServer[];
  ttlSeconds: number;
}

export interface CallPeerOptions {
  /** The devices the visitor picked before calling. */
  choice: MediaChoice;
  getIceServers: () => Promise<IceConfig>;
  /** Sends a signal to the member (over the call's socket). */
  send: (signal: Signal) => void;
  onChange: (state: PeerState) => void;
  /** Opens the visitor's devices; `openForCall` by default. */
  openMedia?: (choice: MediaChoice) => Promise<MediaStream | undefined>;
  /** The browser's `RTCPeerConnection` by default. */
  createConnection?: (configuration: RTCConfiguration) => RTCPeerConnection;
}

/** How long ICE may stay `disconnected` (it often comes back by itself) before it is restarted. */
export const RESTART_AFTER_DISCONNECT_MS = 2000;
/**
 * How long an offer may go unanswered, or a connection unconnected, before it is tried again: the
 * same offer when no answer came (the member's page was not listening yet, or a socket dropped it),
 * else an ICE restart.
 */
export const RETRY_AFTER_MS = 8000;
export const STATS_INTERVAL_MS = 2000;
/** Round-trip time (seconds) and packet loss (a fraction) above which the connection is fair, then poor. */
export const FAIR_ABOVE = { roundTripSeconds: 0.3, loss: 0.02 } as const;
export const POOR_ABOVE = { roundTripSeconds: 0.6, loss: 0.08 } as const;

/** The figures the quality is rated on, from one `getStats()`. */
export interface StatsSample {
  /** Of the candidate pair in use; undefined until measured. */
  roundTripSeconds: number | undefined;
  /** Totals over every incoming stream (audio and video). */
  packetsLost: number;
  packetsReceived: number;
}

type PairStats = RTCStats & {
  state?: string;
  nominated?: boolean;
  selected?: boolean;
  currentRoundTripTime?: number;
};

export function readStats(report: RTCStatsReport): StatsSample {
  const pairs = new Map<string, PairStats>();
  let selectedPairId: string | undefined;
  let packetsLost = 0;
  let packetsReceived = 0;
  report.forEach((stat: RTCStats & Record<string, unknown>) => {
    if (stat.type === 'transport' && typeof stat.selectedCandidatePairId === 'string') {
      selectedPairId = stat.selectedCandidatePairId;
    } else if (stat.type === 'candidate-pair') {
      pairs.set(stat.id, stat as PairStats);
    } else if (stat.type === 'inbound-rtp') {
      packetsLost += typeof stat.packetsLost === 'number' ? stat.packetsLost : 0;
      packetsReceived += typeof stat.packetsReceived === 'number' ? stat.packetsReceived : 0;
    }
  });
  // Chromium names the pair in use on the transport; Firefox marks it `selected`.
  const pair =
    (selectedPairId ? pairs.get(selectedPairId) : undefined) ??
    [...pairs.values()].find(
      (candidate) => candidate.selected || (candidate.nominated && candidate.state === 'succeeded'),
    );
  return { roundTripSeconds: pair?.currentRoundTripTime, packetsLost, packetsReceived };
}

/** The quality since the previous sample (the loss over that interval, not since the call began). */
export function rateQuality(current: StatsSample, previous?: StatsSample): Quality {
  let lost = current.packetsLost - (previous?.packetsLost ?? 0);
  let received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  if (lost < 0 || received < 0) {
    // The counters started again (new streams): the totals are all there is.
    lost = current.packetsLost;
    received = current.packetsReceived;
  }
  const loss = lost + received > 0 ? Math.max(lost, 0) / (Math.max(lost, 0) + received) : 0;
  const roundTrip = current.roundTripSeconds ?? 0;
  if (roundTrip > POOR_ABOVE.roundTripSeconds || loss > POOR_ABOVE.loss) {
    return 'poor';
  }
  if (roundTrip > FAIR_ABOVE.roundTripSeconds || loss > FAIR_ABOVE.loss) {
    return 'fair';
  }
  return 'good';
}

const NO_ICE: IceConfig = { iceServers: [], ttlSeconds: 0 };

const isConnected = (state: RTCIceConnectionState) => state === 'connected' || state === 'completed';

/**
 * The visitor's side of a call's WebRTC connection (issue 16). The visitor offers: once started it
 * opens the chosen devices, sends them both (audio and video m-lines are always negotiated, so the
 * member's camera comes in even when the visitor sends audio alone), and sends the offer and its
 * ICE candidates as they come. The member's answer and candidates come through `receive` (the
 * candidates wait until the answer is applied). A lost connection is restarted with a new offer
 * (`iceRestart`); the call itself goes on. `close` ends it and stops every track.
 */
export class CallPeer {
  private readonly options: CallPeerOptions;
  private connection: RTCPeerConnection | undefined;
  private state: PeerState = { local: null, mediaReady: false, remote: null, link: 'connecting', quality: null };
  /** The member's candidates that came before the answer they belong to. */
  private readonly pendingCandidates: RTCIceCandidateInit[] = [];
  /** Offers, answers and candidates are applied one after the other. */
  private work: Promise<void> = Promise.resolve();
  private closed = false;
  private microphoneOn = true;
  private cameraOn = true;
  /** When the TURN credentials should be fetched again (before an ICE restart). */
  private iceRefreshAt = Number.POSITIVE_INFINITY;
  private disconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private lastSample: StatsSample | undefined;
  /** The ICE servers of the current configuration (a renewed connection takes them too). */
  private iceServers: RTCIceServer[] = [];

  constructor(options: CallPeerOptions) {
    this.options = options;
  }

  async start(): Promise<void> {
    const { choice, getIceServers, openMedia = openForCall } = this.options;
    const [ice, local] = await Promise.all([
      getIceServers().catch(() => NO_ICE),
      openMedia(choice).catch(() => undefined),
    ]);
    if (this.closed) {
      stopTracks(local);
      return;
    }
    this.iceServers = ice.iceServers;
    if (!this.connect(local)) {
      stopTracks(local);
      this.update({ mediaReady: true, link: 'unsupported' });
      return;
    }
    this.scheduleIceRefresh(ice);
    this.applyEnabled(local);
    this.update({ local: local ?? null, mediaReady: true });
    this.statsTimer = setInterval(() => {
      const connection = this.connection;
      // A restart on a connection that came back meanwhile may bring no state change to hear of.
      if (connection && this.state.link === 'reconnecting' && isConnected(connection.iceConnectionState)) {
        this.onIceState();
      }
      void this.sampleStats();
    }, STATS_INTERVAL_MS);
  }

  /** A new connection carrying `local`, and its first offer; false when the browser cannot make one. */
  private connect(local: MediaStream | undefined): boolean {
    let connection: RTCPeerConnection;
    try {
      const create = this.options.createConnection ?? ((configuration) => new RTCPeerConnection(configuration));
      connection = create({ iceServers: this.iceServers });
    } catch {
      return false;
    }
    this.connection = connection;
    // Events of a connection replaced since (see `renew`) change nothing.
    const current = () => this.connection === connection;

    connection.addEventListener('icecandidate', (event) => {
      if (!current()) {
        return;
      }
      const candidate = event.candidate?.toJSON();
      if (candidate?.candidate) {
        this.options.send({
          kind: 'candidate',
          candidate: {
            candidate: candidate.candidate,
            sdpMid: candidate.sdpMid ?? null,
            sdpMLineIndex: candidate.sdpMLineIndex ?? null,
            usernameFragment: candidate.usernameFragment ?? null,
          },
        });
      }
    });
    connection.addEventListener('track', (event) => {
      if (current()) {
        this.addRemoteTrack(event.track);
      }
    });
    connection.addEventListener('iceconnectionstatechange', () => {
      if (current()) {
        this.onIceState();
      }
    });

    for (const kind of ['audio', 'video'] as const) {
      const track = kind === 'audio' ? local?.getAudioTracks()[0] : local?.getVideoTracks()[0];
      if (track && local) {
        connection.addTransceiver(track, { direction: 'sendrecv', streams: [local] });
      } else {
        // Nothing to send of this kind: the member's still comes in.
        connection.addTransceiver(kind, { direction: 'recvonly' });
      }
    }
    this.offer(false);
    return true;
  }

  /**
   * The member's side started over (their tab reloaded mid-call): the connection to the tab that
   * went is dropped, and a new one, with the same tracks, offers to the new tab.
   */
  private renew(): void {
    const old = this.connection;
    this.pendingCandidates.length = 0;
    clearTimeout(this.disconnectTimer);
    this.disconnectTimer = undefined;
    this.update({ remote: null, link: 'reconnecting', quality: null });
    this.lastSample = undefined;
    this.connect(this.state.local ?? undefined);
    old?.close();
  }

  /** A signal from the member: their answer, one of their ICE candidates, or that their side (re)opened. */
  receive(signal: Signal): void {
    if (this.closed) {
      return;
    }
    if (signal.kind === 'hello') {
      this.enqueue(async (connection) => {
        // Before any answer, the member's first hello: the offer under way reaches their new side.
        if (connection.remoteDescription && connection.signalingState === 'stable') {
          this.renew();
        }
      });
      return;
    }
    if (signal.kind === 'candidate') {
      this.pendingCandidates.push(signal.candidate);
      this.enqueue((connection) => this.addPendingCandidates(connection));
      return;
    }
    // The visitor makes every offer: the member only answers.
    if (signal.description.type !== 'answer') {
      return;
    }
    const answer = signal.description;
    this.enqueue(async (connection) => {
      if (connection.signalingState !== 'have-local-offer') {
        // A second answer to an offer sent twice.
        return;
      }
      await connection.setRemoteDescription(answer);
      await this.addPendingCandidates(connection);
    });
  }

  /** A new offer with `iceRestart`: new candidates on both sides, the same tracks. */
  restart(): void {
    if (this.closed || !this.connection) {
      return;
    }
    clearTimeout(this.disconnectTimer);
    this.disconnectTimer = undefined;
    this.offer(true);
  }

  /** Mutes or unmutes the visitor's microphone (the track keeps going, silent). */
  setMicrophone(on: boolean): void {
    this.microphoneOn = on;
    this.applyEnabled(this.state.local);
  }

  /** Turns the visitor's camera picture off or on (the member sees black meanwhile). */
  setCamera(on: boolean): void {
    this.cameraOn = on;
    this.applyEnabled(this.state.local);
  }

  /** Ends the connection and stops every track; nothing is reported after. */
  close(): void {
    if (this.closed) {
      return;
    }
    this.closed = true;
    clearTimeout(this.disconnectTimer);
    clearTimeout(this.retryTimer);
    clearInterval(this.statsTimer);
    this.pendingCandidates.length = 0;
    this.connection?.close();
    stopTracks(this.state.local);
    stopTracks(this.state.remote);
  }

  private update(change: Partial<PeerState>): void {
    const next = { ...this.state, ...change };
    const changed = (Object.keys(change) as (keyof PeerState)[]).some((key) => this.state[key] !== next[key]);
    this.state = next;
    if (changed && !this.closed) {
      this.options.onChange(next);
    }
  }

  private applyEnabled(stream: MediaStream | null | undefined): void {
    for (const track of stream?.getAudioTracks() ?? []) {
      track.enabled = this.microphoneOn;
    }
    for (const track of stream?.getVideoTracks() ?? []) {
      track.enabled = this.cameraOn;
    }
  }

  private enqueue(task: (connection: RTCPeerConnection) => Promise<void>): void {
    this.work = this.work
      .then(() => {
        const connection = this.connection;
        return connection && !this.closed ? task(connection) : undefined;
      })
      .catch((error: unknown) => {
        if (!this.closed) {
          console.warn('Call signalling step failed', error);
        }
      });
  }

  /** Adds the member's waiting candidates once their answer is applied (and no new offer awaits one). */
  private async addPendingCandidates(connection: RTCPeerConnection): Promise<void> {
    if (!connection.remoteDescription || connection.signalingState !== 'stable') {
      return;
    }
    for (const candidate of this.pendingCandidates.splice(0)) {
      // One of an earlier ICE generation is refused, and not needed.
      await connection.addIceCandidate(candidate).catch(() => undefined);
    }
  }

  private offer(iceRestart: boolean): void {
    this.enqueue(async (connection) => {
      if (iceRestart && connection.signalingState === 'have-local-offer') {
        // The last offer still awaits its answer: a newer one would cross it (an answer to the
        // first applied to the second). That one again, then.
        this.sendLocalOffer(connection);
        return;
      }
      if (iceRestart && Date.now() >= this.iceRefreshAt) {
        const ice = await this.options.getIceServers().catch(() => undefined);
        if (ice) {
          connection.setConfiguration({ ...connection.getConfiguration(), iceServers: ice.iceServers });
          this.scheduleIceRefresh(ice);
        }
      }
      const offer = await connection.createOffer(iceRestart ? { iceRestart: true } : undefined);
      await connection.setLocalDescription(offer);
      this.sendLocalOffer(connection);
    });
    this.armRetry();
  }

  private sendLocalOffer(connection: RTCPeerConnection): void {
    const description = connection.localDescription;
    if (description?.type === 'offer' && description.sdp) {
      this.options.send({ kind: 'description', description: { type: 'offer', sdp: description.sdp } });
    }
  }

  private armRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      const connection = this.connection;
      if (!connection || this.closed || isConnected(connection.iceConnectionState)) {
        return;
      }
      if (connection.signalingState === 'have-local-offer') {
        this.sendLocalOffer(connection);
        this.armRetry();
      } else {
        this.restart();
      }
    }, RETRY_AFTER_MS);
  }

  private scheduleIceRefresh(ice: IceConfig): void {
    // A little before the credentials run out.
    this.iceRefreshAt =
      ice.iceServers.length > 0 && ice.ttlSeconds > 0 ? Date.now() + ice.ttlSeconds * 900 : Number.POSITIVE_INFINITY;
  }

  private addRemoteTrack(track: MediaStreamTrack): void {
    const tracks = this.state.remote?.getTracks() ?? [];
    if (tracks.includes(track)) {
      return;
    }
    // A new stream, so the video element takes the new track in.
    this.update({ remote: new MediaStream([...tracks, track]) });
  }

  private onIceState(): void {
    const state = this.connection?.iceConnectionState;
    if (state && isConnected(state)) {
      clearTimeout(this.disconnectTimer);
      clearTimeout(this.retryTimer);
      this.disconnectTimer = undefined;
      this.retryTimer = undefined;
      this.update({ link: 'connected' });
      void this.sampleStats();
    } else if (state === 'disconnected') {
      this.update({ link: 'reconnecting' });
      this.disconnectTimer ??= setTimeout(() => {
        this.disconnectTimer = undefined;
        this.restart();
      }, RESTART_AFTER_DISCONNECT_MS);
    } else if (state === 'failed') {
      this.update({ link: 'reconnecting' });
      this.restart();
    }
  }

  private async sampleStats(): Promise<void> {
    const connection = this.connection;
    if (!connection || this.closed || this.state.link !== 'connected') {
      return;
    }
    const report = await connection.getStats().catch(() => undefined);
    if (!report || this.closed || this.state.link !== 'connected') {
      return;
    }
    const sample = readStats(report);
    const quality = rateQuality(sample, this.lastSample);
    this.lastSample = sample;
    this.update({ quality });
  }
}
