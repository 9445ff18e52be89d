/** One ring: on, off, on, then a pause (seconds), the British double ring. */
const PATTERN = [0.4, 0.2, 0.4, 2] as const;
const CYCLE_SECONDS = PATTERN.reduce((sum, part) => sum + part, 0);
/** How far ahead the ring is written onto the audio clock: it needs no timer, so a hidden tab rings too. */
const SCHEDULED_SECONDS = 10 * 60;
const TONES_HZ = [400, 450] as const;
const VOLUME = 0.12;

export interface Ringer {
  /** Rings until stopped; answers whether it can be heard (false: the browser holds the sound back until a click). */
  start: () => Promise<boolean>;
  stop: () => void;
  /** After a click: lets the sound out, and answers whether it now can be heard. */
  unblock: () => Promise<boolean>;
}

/**
 * The ring of an incoming call, made with Web Audio (no file to load): two tones shaped by a gain
 * whose whole on/off pattern is written ahead on the audio clock, so it keeps ringing in a tab in
 * the background, where timers slow down. Without Web Audio (tests, old browsers) it is silent.
 */
export function createRinger(AudioContextClass: typeof AudioContext | undefined = globalThis.AudioContext): Ringer {
  let context: AudioContext | undefined;
  let nodes: { oscillators: OscillatorNode[]; gain: GainNode } | undefined;

  function ring(audio: AudioContext): void {
    const gain = audio.createGain();
    gain.gain.value = 0;
    gain.connect(audio.destination);
    const start = audio.currentTime + 0.05;
    for (let at = start; at < start + SCHEDULED_SECONDS; at += CYCLE_SECONDS) {
      let edge = at;
      PATTERN.forEach((length, index) => {
        gain.gain.setValueAtTime(index % 2 === 0 ? VOLUME : 0, edge);
        edge += length;
      });
    }
    const oscillators = TONES_HZ.map((frequency) => {
      const oscillator = audio.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(start);
      return oscillator;
    });
    nodes = { oscillators, gain };
  }

  function stop(): void {
    if (nodes) {
      for (const oscillator of nodes.oscillators) {
        oscillator.stop();
        oscillator.disconnect();
      }
      nodes.gain.disconnect();
      nodes = undefined;
    }
  }

  async function audible(audio: AudioContext): Promise<boolean> {
    if (audio.state === 'suspended') {
      // Without a click on the page first, the browser keeps this promise pending: do not wait on it.
      await Promise.race([audio.resume().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 300))]);
    }
    return audio.state === 'running';
  }

  return {
    async start() {
      if (!AudioContextClass) {
        return true;
      }
      context ??= new AudioContextClass();
      stop();
      ring(context);
      return audible(context);
    },
    stop,
    async unblock() {
      return context ? audible(context) : true;
    },
  };
}
