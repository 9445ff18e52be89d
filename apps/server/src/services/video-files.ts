import type { VideoContentType } from '@parley/api';

/** Reads up to `length` bytes from `start` of a file (fewer at its end). */
export type RangeReader = (start: number, length: number) => Promise<Buffer>;

/** How many bytes of a file the container checks read. */
export const SNIFF_BYTES = 64;

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * The container a file's first bytes name: MP4 has an `ftyp` box at offset 4, WebM (Matroska)
 * starts with the EBML magic 1A 45 DF A3. Anything else is not a video Parley keeps.
 */
export function sniffContainer(head: Buffer): VideoContentType | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    return 'video/mp4';
  }
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) {
    return 'video/webm';
  }
  return null;
}

/** The most of a `moov` box read for its header: the movie header sits at its start. */
const MOOV_READ = 1024 * 1024;

/** Seconds from an `mvhd` box (and `mvex/mehd` for fragmented files), or null. */
function mp4MovieDuration(moov: Buffer): number | null {
  let timescale = 0;
  let duration = 0;
  let fragmentDuration = 0;
  const walk = (box: Buffer, inside: string) => {
    let offset = 0;
    while (offset + 8 <= box.length) {
      let size = box.readUInt32BE(offset);
      const type = box.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1 && offset + 16 <= box.length) {
        size = Number(box.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) {
        size = box.length - offset;
      }
      if (size < header) {
        return;
      }
      const body = box.subarray(offset + header, Math.min(box.length, offset + size));
      if (type === 'mvhd' && body.length >= 32) {
        const version = body[0];
        timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
        duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
        if (version !== 1 && duration === 0xffffffff) {
          duration = 0;
        }
      } else if (type === 'mvex' && inside === 'moov') {
        walk(body, 'mvex');
      } else if (type === 'mehd' && inside === 'mvex' && body.length >= 8) {
        fragmentDuration = body[0] === 1 && body.length >= 12 ? Number(body.readBigUInt64BE(4)) : body.readUInt32BE(4);
      }
      offset += size;
    }
  };
  walk(moov, 'moov');
  const units = duration || fragmentDuration;
  return timescale > 0 && units > 0 ? units / timescale : null;
}

/** An MP4's duration from its movie header: the top-level boxes are walked to `moov` wherever it is. */
export async function mp4Duration(read: RangeReader, size: number): Promise<number | null> {
  let offset = 0;
  for (let boxes = 0; offset + 8 <= size && boxes < 10_000; boxes += 1) {
    const header = await read(offset, 16);
    if (header.length < 8) {
      return null;
    }
    let boxSize = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerLength = 8;
    if (boxSize === 1) {
      if (header.length < 16) {
        return null;
      }
      boxSize = Number(header.readBigUInt64BE(8));
      headerLength = 16;
    } else if (boxSize === 0) {
      boxSize = size - offset;
    }
    if (boxSize < headerLength) {
      return null;
    }
    if (type === 'moov') {
      const moov = await read(offset + headerLength, Math.min(boxSize - headerLength, MOOV_READ));
      return mp4MovieDuration(moov);
    }
    offset += boxSize;
  }
  return null;
}

const EBML_IDS = {
  segment: 0x18538067,
  info: 0x1549a966,
  cluster: 0x1f43b675,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
} as const;

/** An EBML variable-length number at `offset`: its length and value (the marker bit kept for ids). */
function readVarInt(buffer: Buffer, offset: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = buffer[offset];
  if (first === undefined || first === 0) {
    return null;
  }
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > buffer.length) {
    return null;
  }
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = buffer[offset + index] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  // All value bits set means "unknown size" (a live recording that was never finalised).
  return { length, value: !keepMarker && allOnes ? -1 : value };
}

/** The first bytes of a WebM that the Segment's Info is looked for in. */
const WEBM_READ = 1024 * 1024;

/**
 * A WebM's duration from Segment → Info → Duration (scaled by TimecodeScale). MediaRecorder's
 * files usually have none: then it is null, which is the honest answer.
 */
export async function webmDuration(read: RangeReader): Promise<number | null> {
  const buffer = await read(0, WEBM_READ);
  let offset = 0;
  let end = buffer.length;
  while (offset < end) {
    const id = readVarInt(buffer, offset, true);
    const size = id && readVarInt(buffer, offset + id.length, false);
    if (!id || !size) {
      return null;
    }
    const dataStart = offset + id.length + size.length;
    if (id.value === EBML_IDS.segment) {
      // Step inside the Segment.
      offset = dataStart;
      end = size.value < 0 ? buffer.length : Math.min(buffer.length, dataStart + size.value);
      continue;
    }
    if (id.value === EBML_IDS.cluster || size.value < 0) {
      return null;
    }
    if (id.value === EBML_IDS.info) {
      return infoDuration(buffer.subarray(dataStart, Math.min(buffer.length, dataStart + size.value)));
    }
    offset = dataStart + size.value;
  }
  return null;
}

function infoDuration(info: Buffer): number | null {
  let timecodeScale = 1_000_000;
  let duration: number | null = null;
  let offset = 0;
  while (offset < info.length) {
    const id = readVarInt(info, offset, true);
    const size = id && readVarInt(info, offset + id.length, false);
    if (!id || !size || size.value < 0) {
      break;
    }
    const start = offset + id.length + size.length;
    const data = info.subarray(start, start + size.value);
    if (id.value === EBML_IDS.timecodeScale && data.length > 0 && data.length <= 6) {
      timecodeScale = data.readUIntBE(0, data.length);
    } else if (id.value === EBML_IDS.duration) {
      duration = data.length === 4 ? data.readFloatBE(0) : data.length === 8 ? data.readDoubleBE(0) : null;
    }
    offset = start + size.value;
  }
  if (duration === null || !Number.isFinite(duration) || duration <= 0) {
    return null;
  }
  return (duration * timecodeScale) / 1e9;
}

/** A duration from the container alone (no ffmpeg): MP4's movie header or WebM's Segment Info. */
export async function containerDuration(
  contentType: VideoContentType,
  read: RangeReader,
  size: number,
): Promise<number | null> {
  const seconds = contentType === 'video/mp4' ? await mp4Duration(read, size) : await webmDuration(read);
  return seconds === null ? null : Math.round(seconds * 1000) / 1000;
}
