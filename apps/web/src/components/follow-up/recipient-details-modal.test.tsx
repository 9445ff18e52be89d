import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, renderRoutes, stubServer } from '../../testing/test-utils';
import { RecipientDetailsModal } from './recipient-details-modal';

vi.setConfig({ testTimeout: 20_000 });

const VIDEO_ID = '00000000-0000-4000-8000-000000000001';

async function fill(element: HTMLElement, value: string) {
  await userEvent.click(element);
  await userEvent.paste(value);
}

function renderModal(onSent = vi.fn(), onOpenChange = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <RecipientDetailsModal open onOpenChange={onOpenChange} videoId={VIDEO_ID} callId="call-7" onSent={onSent} />
        ),
      },
    ],
    '/',
  );
  return { onSent, onOpenChange };
}

afterEach(() => vi.unstubAllGlobals());

describe('RecipientDetailsModal', () => {
  it('shows the SPEC §5 messages and sends nothing while they stand', async () => {
    const calls = stubServer({});
    renderModal();
    expect(await screen.findByRole('dialog', { name: 'Recipient details' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please input your E-mail!')).toBeInTheDocument();
    expect(screen.getByText('Please input your phone number!')).toBeInTheDocument();
    expect(screen.getByText('Please input your message!')).toBeInTheDocument();

    await fill(screen.getByRole('textbox', { name: /^E-mail/ }), 'grace@');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The input is not valid E-mail!')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await expectNoAxeViolations();
  });

  it('sends the video to the recipient and offers the share link', async () => {
    const calls = stubServer({
      'POST /api/video-messages': () =>
        json(201, { success: true, data: { id: VIDEO_ID, shareUrl: 'http://parley.test/v/abc' } }),
    });
    const { onSent, onOpenChange } = renderModal();
    await screen.findByRole('dialog');
    await fill(screen.getByRole('textbox', { name: /^E-mail/ }), 'Grace@Example.com');
    await fill(screen.getByRole('textbox', { name: /^Phone/ }), '2025550123');
    await fill(screen.getByRole('textbox', { name: /^Message/ }), 'Here is the walkthrough.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ id: VIDEO_ID, shareUrl: 'http://parley.test/v/abc' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls[0]?.body).toEqual({
      videoId: VIDEO_ID,
      callId: 'call-7',
      email: 'grace@example.com',
      phone: '+12025550123',
      message: 'Here is the walkthrough.',
    });
    expect(await screen.findByText('Video message sent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('puts the server’s field messages on the fields', async () => {
    stubServer({
      'POST /api/video-messages': () =>
        json(422, errorBody(ERROR_CODES.validationFailed, 'Phone number is invalid!', { phone: 'phoneInvalid' })),
    });
    renderModal();
    await screen.findByRole('dialog');
    await fill(screen.getByRole('textbox', { name: /^E-mail/ }), 'grace@example.com');
    await fill(screen.getByRole('textbox', { name: /^Phone/ }), '2025550123');
    await fill(screen.getByRole('textbox', { name: /^Message/ }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Phone number is invalid!')).toBeInTheDocument();
  });

  it('says the sending limit is reached, keeps the dialog open and everything typed', async () => {
    stubServer({
      'POST /api/video-messages': () =>
        json(429, errorBody(ERROR_CODES.sendLimit, 'English text from the server', undefined, 1)),
    });
    const { onSent, onOpenChange } = renderModal();
    await screen.findByRole('dialog');
    await fill(screen.getByRole('textbox', { name: /^E-mail/ }), 'grace@example.com');
    await fill(screen.getByRole('textbox', { name: /^Phone/ }), '2025550123');
    await fill(screen.getByRole('textbox', { name: /^Message/ }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'You have reached the limit on messages sent for now. You can send more later; nothing was sent this time.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('English text from the server')).toBeNull();
    expect(onSent).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Hello');
  });

  it('starts with the details it is given (a follow-up: the caller’s e-mail and phone)', async () => {
    stubServer({});
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <RecipientDetailsModal
              open
              onOpenChange={vi.fn()}
              videoId={VIDEO_ID}
              defaultValues={{ email: 'grace@example.com', phone: '+12025550123' }}
            />
          ),
        },
      ],
      '/',
    );
    await screen.findByRole('dialog', { name: 'Recipient details' });
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('grace@example.com');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue('2025550123');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  });

  it('closes on Cancel without sending', async () => {
    const calls = stubServer({});
    const { onOpenChange } = renderModal();
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls).toEqual([]);
  });
});
