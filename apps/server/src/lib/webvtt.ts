/** One timed line of speech; times are seconds from the start of the recording. */
export interface VttCue {
  start: number;
  end: number;
  /** Who spoke; an empty name leaves the voice tag out. */
  speaker: string;
  text: string;
}

/** `&`, `<` and `>` as WebVTT cue text needs them (a bare `<` would open a tag). */
export function escapeVttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `3.5` → `00:00:03.500`; hours grow past two digits when they must. */
export function formatVttTimestamp(seconds: number): string {
  const totalMilliseconds = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000));
  const milliseconds = totalMilliseconds % 1000;
  const totalSeconds = Math.floor(totalMilliseconds / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const rest = totalSeconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(rest)}.${String(milliseconds).padStart(3, '0')}`;
}

/**
 * A cue's payload: one line per line of text (a blank line would end the cue early), the speaker
 * as a voice tag. A voice annotation cannot hold a line break, so it becomes a space.
 */
function cuePayload(cue: VttCue): string {
  const lines = cue.text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map(escapeVttText);
  const text = lines.length > 0 ? lines.join('\n') : '';
  const speaker = escapeVttText(cue.speaker.replace(/\s+/g, ' ').trim());
  return speaker ? `<v ${speaker}>${text}` : text;
}

/**
 * A WebVTT file of the cues in the order given: the `WEBVTT` header, then for each cue its
 * timing line (`00:00:01.000 --> 00:00:03.500`; an end not after the start is moved one
 * millisecond past it) and its text with a `<v Speaker>` voice tag.
 */
export function toWebVtt(cues: readonly VttCue[]): string {
  const blocks = cues.map((cue) => {
    const start = formatVttTimestamp(cue.start);
    const endSeconds = Math.round(cue.end * 1000) > Math.round(cue.start * 1000) ? cue.end : cue.start + 0.001;
    return `${start} --> ${formatVttTimestamp(endSeconds)}\n${cuePayload(cue)}`;
  });
  return `${['WEBVTT', ...blocks].join('\n\n')}\n`;
}
