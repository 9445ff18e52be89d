import { spawn } from 'node:child_process';

interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** The longest one ffmpeg run may take (a full pass over a long WebM, over HTTP from S3). */
const RUN_TIMEOUT_MS = 5 * 60_000;
/** The widest poster made. */
const POSTER_WIDTH = 640;

/**
 * ffmpeg (Debian's package) for what the container does not say: the duration of a MediaRecorder
 * WebM and a poster frame. `available()` is false when the binary is missing; callers then fall back
 * to the container's own header and go without a poster.
 */
export function createFfmpeg(binary: string) {
  let availability: Promise<boolean> | undefined;

  function run(args: string[], timeoutMs = RUN_TIMEOUT_MS): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(binary, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      const stdout: Buffer[] = [];
      let stderr = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => {
        // Only the end matters (the duration line, the last progress); keep it bounded.
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

  /** Seconds from `Duration: 00:01:02.50`, or a full pass (no decoding) when the header says N/A. */
  async function duration(input: string): Promise<number | null> {
    const header = await run(['-i', input]);
    const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(header.stderr);
    if (match) {
      return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
    }
    const pass = await run(['-v', 'error', '-i', input, '-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-']);
    const times = [...pass.stdout.toString().matchAll(/^out_time_us=(\d+)$/gm)].map((line) => Number(line[1]));
    const longest = Math.max(0, ...times);
    return pass.code === 0 && longest > 0 ? longest / 1e6 : null;
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

  return {
    binary,
    /** Whether the binary runs at all; asked once. */
    available(): Promise<boolean> {
      availability ??= run(['-version'], 10_000).then(
        (result) => result.code === 0,
        () => false,
      );
      return availability;
    },
    duration,
    poster,
  };
}
export type Ffmpeg = ReturnType<typeof createFfmpeg>;
