import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, landedOn, renderRoutes, stubServer } from '../../testing/test-utils';
import { makeVideo } from '../../testing/video-test-utils';
import { FollowUpFlow } from './follow-up-flow';
import { LibraryRecordingModal } from './library-recording-modal';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

/** A paragraph whose whole text, isolated parts included, is this. */
function paragraph(text: string) {
  return (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;
}

describe('LibraryRecordingModal', () => {
  it('lists ready library videos with the columns Recording and Title, and chooses one', async () => {
    const tour = makeVideo({ title: 'Tour' });
    const calls = stubServer({ 'GET /api/videos': () => json(200, { list: [tour], total: 1 }) });
    const onChoose = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: <LibraryRecordingModal open onOpenChange={() => {}} callId="call-7" onChoose={onChoose} />,
        },
      ],
      '/',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Library recording' });
    const table = await within(dialog).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Recording', 'Title', 'Actions']);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose Tour' }));
    expect(onChoose).toHaveBeenCalledWith(tour);
    expect(calls[0]?.query.get('status')).toBe('ready');
    expect(calls[0]?.query.get('kind')).toBe('library');
    await expectNoAxeViolations();
  });

  it('searches by title', async () => {
    const calls = stubServer({ 'GET /api/videos': () => json(200, { list: [], total: 0 }) });
    renderRoutes(
      [{ path: '/', element: <LibraryRecordingModal open onOpenChange={() => {}} onChoose={() => {}} /> }],
      '/',
    );
    await screen.findByRole('dialog');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'demo');
    await waitFor(() => expect(calls.at(-1)?.query.get('title')).toBe('demo'));
    expect(await screen.findByText('No videos match this search.')).toBeInTheDocument();
  });

  it('records a new one for the call', async () => {
    stubServer({ 'GET /api/videos': () => json(200, { list: [], total: 0 }) });
    renderRoutes(
      [
        {
          path: '/',
          element: <LibraryRecordingModal open onOpenChange={() => {}} callId="call-7" onChoose={() => {}} />,
        },
      ],
      '/',
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Record new' }));
    expect(await landedOn()).toBe('/record/followup/call-7');
  });
});

describe('FollowUpFlow', () => {
  it('goes from the library recording to the recipient details', async () => {
    stubServer({ 'GET /api/videos': () => json(200, { list: [makeVideo({ title: 'Tour' })], total: 1 }) });
    renderRoutes([{ path: '/', element: <FollowUpFlow callId="call-7" onClose={() => {}} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Tour' }));
    expect(await screen.findByRole('dialog', { name: 'Recipient details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Library recording' })).toBeNull();
  });

  it('names the chosen video in the recipient step, and Back returns to the library to choose another', async () => {
    const onClose = vi.fn();
    stubServer({
      'GET /api/videos': () =>
        json(200, { list: [makeVideo({ title: 'Tour' }), makeVideo({ title: 'Pricing' })], total: 2 }),
    });
    renderRoutes([{ path: '/', element: <FollowUpFlow callId="call-7" onClose={onClose} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Tour' }));
    const recipient = await screen.findByRole('dialog', { name: 'Recipient details' });
    // The title sits isolated (<bdi>) in the sentence.
    expect(within(recipient).getByText(paragraph('Video: Tour')).querySelector('bdi')).toHaveTextContent('Tour');
    await userEvent.click(within(recipient).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Library recording' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Recipient details' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Pricing' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Recipient details' })).getByText(paragraph('Video: Pricing')),
    ).toBeInTheDocument();
  });
});
