import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, renderRoutes, stubServer } from '../../testing/test-utils';
import { WatchScreen } from './watch-screen';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

function renderWatch(token = 'tok123') {
  return renderRoutes([{ path: '/v/:token', element: <WatchScreen /> }], `/v/${token}`);
}

describe('WatchScreen (/v/:token)', () => {
  it('plays the video with its poster and shows the sender’s message and name, without a token', async () => {
    const calls = stubServer({
      'GET /common/watch/tok123': () =>
        json(200, {
          success: true,
          data: {
            title: 'Your walkthrough (EN).',
            durationSeconds: 42,
            posterUrl: '/files/posters/p.jpg?s=1',
            playbackUrl: '/files/videos/v.mp4?s=1',
            message: 'Hi Grace,\nhere it is.',
            senderName: 'Nora Ali',
          },
        }),
    });
    renderWatch();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your walkthrough (EN).' });
    // The sender's own words are isolated: in Arabic, the brackets and full stop of a Latin title stay put.
    expect(within(heading).getByText('Your walkthrough (EN).').tagName).toBe('BDI');
    const [sentBy, messageFrom] = screen.getAllByText('Nora Ali');
    expect(sentBy?.tagName).toBe('BDI');
    expect(sentBy?.parentElement).toHaveTextContent(/^Sent by Nora Ali$/);
    expect(messageFrom?.tagName).toBe('BDI');
    expect(messageFrom?.parentElement).toHaveTextContent(/^A message from Nora Ali$/);
    expect(screen.getByText(/here it is\./)).toHaveAttribute('dir', 'auto');
    const video = document.querySelector('video');
    expect(video?.getAttribute('src') ?? video?.querySelector('source')?.getAttribute('src')).toBe(
      `${window.location.origin}/files/videos/v.mp4?s=1`,
    );
    expect(video).toHaveAttribute('poster', `${window.location.origin}/files/posters/p.jpg?s=1`);
    expect(calls).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('says clearly when the link is unknown or revoked', async () => {
    stubServer({
      'GET /common/watch/gone': () =>
        json(410, errorBody(ERROR_CODES.linkRevoked, 'This video link has been withdrawn by its sender.')),
    });
    renderWatch('gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'This video is not available' })).toBeInTheDocument();
    expect(screen.getByText(/The link is unknown or was withdrawn/)).toBeInTheDocument();
  });

  it('says the video is being prepared while it has no playback address', async () => {
    stubServer({
      'GET /common/watch/tok123': () =>
        json(200, {
          success: true,
          data: {
            title: 'Soon',
            durationSeconds: null,
            posterUrl: null,
            playbackUrl: null,
            message: '',
            senderName: 'Sam',
          },
        }),
    });
    renderWatch();
    expect(
      await screen.findByText('The video is still being prepared. This page will show it when it is ready.'),
    ).toBeInTheDocument();
  });
});
