import { spawn } from 'node:child_process';

/** What one ffmpeg run left: its exit code (null when killed), its output and the end of what it said. */
export interface FfmpegResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** How long a run may take unless its caller says (a full pass over a long WebM, over HTTP from S3). */
const RUN_TIMEOUT_MS = 5 * 60_000;
/** Reading a file's header is quick; a run that hangs on it is cut off sooner. */
const HEADER_TIMEOUT_MS = 60_000;
/** The widest poster made. */
const POSTER_WIDTH = 640;
/** Each side's tile in a call recording: side by side when both sides were filmed. */
const TILE_WIDTH = 640;
const TILE_HEIGHT = 360;
const FRAME_RATE = 25;
/** The shortest time a join gets; longer calls get twice their length on top. */
const MIN_JOIN_TIMEOUT_MS = 5 * 60_000;

/** What one media file holds, as ffmpeg reads its header. */
export interface MediaProbe {
  hasVideo: boolean;
  hasAudio: boolean;
  /** Seconds; null when the header does not say (MediaRecorder's WebM). */
  durationSeconds: number | null;
}

/** Seconds from the header's `Duration: 00:01:02.50`; null when it says N/A. */
function headerDuration(stderr: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}

/** Reads the streams and duration from `ffmpeg -i`; null when ffmpeg finds no stream (not media). */
export function parseProbe(stderr: string): MediaProbe | null {
  const streams = [...stderr.matchAll(/^\s*Stream #\d+:\d+.*?: (Video|Audio):/gm)].map((match) => match[1]);
  if (streams.length === 0) {
    return null;
  }
  return {
    hasVideo: streams.includes('Video'),
    hasAudio: streams.includes('Audio'),
    durationSeconds: headerDuration(stderr),
  };
}

/** One media file on a call's timeline, ready to join. */
export interface JoinInput {
  input: string;
  source: 'caller' | 'member';
  offsetSeconds: number;
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

const seconds = (value: number) => (Math.round(value * 1000) / 1000).toFixed(3);

/**
 * ffmpeg's arguments to join a call's media into one MP4: a black canvas as long as the call, the
 * caller's tile on the start side and the member's beside it (one tile when only one side was
 * filmed), each file laid on at its offset; the sound of every file mixed, each delayed to its
 * offset. A file shorter than the call leaves its tile black once it ends.
 */
export function joinArguments(inputs: readonly JoinInput[], output: string): string[] {
  const sides = (['caller', 'member'] as const).filter((side) =>
    inputs.some((input) => input.source === side && input.hasVideo),
  );
  const tiles = Math.max(1, sides.length);
  const total = Math.max(0.1, ...inputs.map((input) => input.offsetSeconds + input.durationSeconds));
  const filters = [`color=c=black:s=${TILE_WIDTH * tiles}x${TILE_HEIGHT}:r=${FRAME_RATE}:d=${seconds(total)}[base0]`];
  const audio: string[] = [];
  let layers = 0;
  inputs.forEach((input, index) => {
    const offset = Math.max(0, input.offsetSeconds);
    if (input.hasVideo) {
      const x = Math.max(0, sides.indexOf(input.source)) * TILE_WIDTH;
      filters.push(
        `[${index}:v:0]scale=${TILE_WIDTH}:${TILE_HEIGHT}:force_original_aspect_ratio=decrease,` +
          `pad=${TILE_WIDTH}:${TILE_HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=${FRAME_RATE},` +
          `setpts=PTS-STARTPTS+${seconds(offset)}/TB[v${layers}]`,
        `[base${layers}][v${layers}]overlay=x=${x}:y=0:eof_action=pass[base${layers + 1}]`,
      );
      layers += 1;
    }
    if (input.hasAudio) {
      filters.push(
        `[${index}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,asetpts=PTS-STARTPTS,` +
          // Padded with silence so that every sound lasts the call; '-t' ends the file.
          `adelay=${Math.round(offset * 1000)}|${Math.round(offset * 1000)},apad[a${audio.length}]`,
      );
      audio.push(`[a${audio.length}]`);
    }
  });
  filters.push(`[base${layers}]format=yuv420p[vout]`);
  if (audio.length > 1) {
    // Summed as they are, not averaged: every stereo sound side by side, then the left channels
    // added into the left and the right into the right.
    const channels = (first: number) => audio.map((_, index) => `c${index * 2 + first}`).join('+');
    filters.push(`${audio.join('')}amerge=inputs=${audio.length},pan=stereo|c0=${channels(0)}|c1=${channels(1)}[aout]`);
  } else if (audio.length === 1) {
    filters.push(`${audio[0]}anull[aout]`);
  }
  return [
    '-v',
    'error',
    '-y',
    ...inputs.flatMap((input) => ['-i', input.input]),
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[vout]',
    ...(audio.length > 0 ? ['-map', '[aout]', '-c:a', 'aac', '-b:a', '96k'] : ['-an']),
    '-t',
    seconds(total),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '27',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/**
 * ffmpeg (Debian's, or the static 4.1 build installed from npm: the filters keep to what both
 * have), the one place Parley runs it: what the container does not say (the duration of a
 * MediaRecorder WebM, the streams of a file), a poster frame, a call recording's join, and the
 * demo's media. `available()` is false when the binary is missing; callers then fall back to
 * the container's own header and go without a poster, or say that recordings cannot be made.
 */
export function createFfmpeg(binary: string) {
  let availability: Promise<boolean> | undefined;

  /** Runs ffmpeg with `args`; killed after `timeoutMs` or when `signal` aborts (which rejects). */
  function run(args: string[], options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<FfmpegResult> {
    const { timeoutMs = RUN_TIMEOUT_MS, signal } = options;
    return new Promise((resolve, reject) => {
      const child = spawn(binary, ['-hide_banner', '-nostdin', ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
      });
      const stdout: Buffer[] = [];
      let stderr = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => {
        // Only the end matters (the duration line, the last progress, the error); keep it bounded.
        stderr = (stderr + chunk.toString()).slice(-64 * 1024);
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout: Buffer.concat(stdout), stderr });
      });
    });
  }

  /** The length from a full pass over the file (no decoding), for a header that says N/A. */
  async function passDuration(input: string, signal?: AbortSignal): Promise<number | null> {
    const pass = await run(['-v', 'error', '-i', input, '-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-'], {
      signal,
    });
    const times = [...pass.stdout.toString().matchAll(/^out_time_us=(\d+)$/gm)].map((line) => Number(line[1]));
    const longest = Math.max(0, ...times);
    return pass.code === 0 && longest > 0 ? longest / 1e6 : null;
  }

  /** Seconds from `Duration: 00:01:02.50`, or a full pass (no decoding) when the header says N/A. */
  async function duration(input: string): Promise<number | null> {
    const header = await run(['-i', input]);
    return headerDuration(header.stderr) ?? passDuration(input);
  }

  /**
   * The file's streams and length (a full pass when the header does not say); null when ffmpeg
   * finds no stream in it.
   */
  async function probe(input: string, signal?: AbortSignal): Promise<MediaProbe | null> {
    const header = await run(['-i', input], { timeoutMs: HEADER_TIMEOUT_MS, signal });
    const found = parseProbe(header.stderr);
    if (found && (found.durationSeconds === null || found.durationSeconds <= 0)) {
      found.durationSeconds = await passDuration(input, signal).catch((error: unknown) => {
        if (signal?.aborted) {
          throw error;
        }
        return null;
      });
    }
    return found;
  }

  /** One JPEG frame at `atSeconds` (the first frame when that is past the end), at most 640 pixels wide. */
  async function poster(input: string, atSeconds: number): Promise<Buffer | null> {
    for (const at of atSeconds > 0 ? [atSeconds, 0] : [0]) {
      const result = await run([
        '-v',
        'error',
        '-ss',
        at.toFixed(3),
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        `scale='min(${POSTER_WIDTH},iw)':-2`,
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        '-q:v',
        '4',
        'pipe:1',
      ]);
      if (result.code === 0 && result.stdout.length > 2 && result.stdout[0] === 0xff && result.stdout[1] === 0xd8) {
        return result.stdout;
      }
    }
    return null;
  }

  /** Joins a call's media into one MP4 at `output` (see {@link joinArguments}), given twice the call's length. */
  function join(inputs: readonly JoinInput[], output: string, signal?: AbortSignal): Promise<FfmpegResult> {
    const total = Math.max(...inputs.map((input) => input.offsetSeconds + input.durationSeconds));
    return run(joinArguments(inputs, output), {
      timeoutMs: Math.max(MIN_JOIN_TIMEOUT_MS, total * 2000 + 60_000),
      signal,
    });
  }

  return {
    binary,
    /** Whether the binary runs at all; asked once. */
    available(): Promise<boolean> {
      availability ??= run(['-version'], { timeoutMs: 10_000 }).then(
        (result) => result.code === 0,
        () => false,
      );
      return availability;
    },
    run,
    duration,
    probe,
    poster,
    join,
  };
}
export type Ffmpeg = ReturnType<typeof createFfmpeg>;
