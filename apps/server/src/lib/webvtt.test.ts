import { describe, expect, it } from 'vitest';
import { escapeVttText, formatVttTimestamp, toWebVtt } from './webvtt';

describe('formatVttTimestamp', () => {
  it('writes hours, minutes, seconds and milliseconds', () => {
    expect(formatVttTimestamp(0)).toBe('00:00:00.000');
    expect(formatVttTimestamp(1)).toBe('00:00:01.000');
    expect(formatVttTimestamp(3.5)).toBe('00:00:03.500');
    expect(formatVttTimestamp(61.25)).toBe('00:01:01.250');
    expect(formatVttTimestamp(3600 + 2 * 60 + 3.004)).toBe('01:02:03.004');
  });

  it('rounds to the millisecond without showing 1000 milliseconds', () => {
    expect(formatVttTimestamp(1.9996)).toBe('00:00:02.000');
    expect(formatVttTimestamp(0.0004)).toBe('00:00:00.000');
  });

  it('lets hours grow past two digits and keeps bad numbers at zero', () => {
    expect(formatVttTimestamp(100 * 3600)).toBe('100:00:00.000');
    expect(formatVttTimestamp(-3)).toBe('00:00:00.000');
    expect(formatVttTimestamp(Number.NaN)).toBe('00:00:00.000');
  });
});

describe('escapeVttText', () => {
  it('escapes the three characters cue text cannot hold', () => {
    expect(escapeVttText('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
    expect(escapeVttText('<b>bold</b>')).toBe('&lt;b&gt;bold&lt;/b&gt;');
    expect(escapeVttText('&amp;')).toBe('&amp;amp;');
  });
});

describe('toWebVtt', () => {
  it('writes the header alone for no cues', () => {
    expect(toWebVtt([])).toBe('WEBVTT\n');
  });

  it('writes each cue with its timing line and a voice tag', () => {
    expect(
      toWebVtt([
        { start: 1, end: 3.5, speaker: 'Nora Ali', text: 'Hello, how can I help?' },
        { start: 4, end: 6.25, speaker: 'Grace Hopper', text: 'My widget shows a blank screen.' },
      ]),
    ).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:03.500',
        '<v Nora Ali>Hello, how can I help?',
        '',
        '00:00:04.000 --> 00:00:06.250',
        '<v Grace Hopper>My widget shows a blank screen.',
        '',
      ].join('\n'),
    );
  });

  it('escapes the text and the speaker so neither can open a tag or end the cue', () => {
    const vtt = toWebVtt([{ start: 0, end: 2, speaker: 'Bob <Ops> & Co', text: 'x < y --> z & <i>w</i>' }]);
    expect(vtt).toContain('<v Bob &lt;Ops&gt; &amp; Co>x &lt; y --&gt; z &amp; &lt;i&gt;w&lt;/i&gt;');
    expect(vtt.split('-->').length).toBe(2);
  });

  it('keeps line breaks but never a blank line inside a cue', () => {
    const vtt = toWebVtt([{ start: 0, end: 2, speaker: 'Sam\nCarter', text: 'one\r\n\r\ntwo\n  \nthree' }]);
    expect(vtt).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Sam Carter>one\ntwo\nthree\n');
  });

  it('leaves the voice tag out without a speaker', () => {
    expect(toWebVtt([{ start: 0, end: 1, speaker: '  ', text: 'Music' }])).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nMusic\n',
    );
  });

  it('moves an end that is not after its start just past it', () => {
    expect(toWebVtt([{ start: 5, end: 5, speaker: 'A', text: 'hi' }])).toContain('00:00:05.000 --> 00:00:05.001');
    expect(toWebVtt([{ start: 5, end: 4, speaker: 'A', text: 'hi' }])).toContain('00:00:05.000 --> 00:00:05.001');
  });
});
