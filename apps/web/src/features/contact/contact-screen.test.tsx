import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, renderRoutes, stubServer } from '../../testing/test-utils';
import { ContactScreen } from './contact-screen';

vi.setConfig({ testTimeout: 20_000 });

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fill(element: HTMLElement, value: string) {
  await userEvent.click(element);
  await userEvent.paste(value);
}

function renderContact(path: '/contact-us' | '/request-demo') {
  return renderRoutes(
    [
      { path: '/contact-us', element: <ContactScreen /> },
      { path: '/request-demo', element: <ContactScreen /> },
    ],
    path,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ContactScreen', () => {
  it('shows the SPEC messages on the fields and sends nothing while they stand', async () => {
    const calls = stubServer({});
    renderContact('/contact-us');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please input your name!')).toBeInTheDocument();
    expect(screen.getByText('Please input your E-mail!')).toBeInTheDocument();
    expect(screen.getByText('Please input your message!')).toBeInTheDocument();

    await fill(field(/^E-mail/), 'grace@');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The input is not valid E-mail!')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await expectNoAxeViolations();
  });

  it('keeps text past the limits, says it is too long, and sends nothing', async () => {
    const calls = stubServer({});
    renderContact('/contact-us');
    const name = 'N'.repeat(101);
    const message = 'm'.repeat(2001);
    await fill(field(/^Name/), name);
    await fill(field(/^E-mail/), 'grace@example.com');
    await fill(field(/^Message/), message);
    // Nothing is cut: the browser enforces no maximum on these fields.
    expect(field(/^Name/)).toHaveValue(name);
    expect(field(/^Message/)).toHaveValue(message);
    expect(screen.getByText('2,001 / 2,000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('At most 100 characters.')).toBeInTheDocument();
    expect(screen.getByText('At most 2,000 characters.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends a contact message and thanks the visitor', async () => {
    const calls = stubServer({
      'POST /api/leads': () => json(201, { success: true, data: { id: crypto.randomUUID() } }),
    });
    renderContact('/contact-us');
    await fill(field(/^Name/), 'Grace Hopper');
    await fill(field(/^E-mail/), 'Grace@Example.com');
    await fill(field(/^Message/), 'Please call me back about pricing.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you!' })).toBeInTheDocument();
    expect(
      screen.getByText('Your message has reached the team. We will reply to grace@example.com.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    // The contract's rules shape what is sent: fields left blank are left out.
    expect(calls[0]?.body).toEqual({
      kind: 'contact',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'Please call me back about pricing.',
    });
  });

  it('on /request-demo asks for a demo, with the company', async () => {
    const calls = stubServer({
      'POST /api/leads': () => json(201, { success: true, data: { id: crypto.randomUUID() } }),
    });
    renderContact('/request-demo');
    expect(screen.getByRole('heading', { level: 1, name: 'Request a demo' })).toBeInTheDocument();
    await fill(field(/^Name/), 'Alan');
    await fill(field(/^E-mail/), 'alan@bletchley.test');
    await fill(field(/^Company/), 'Bletchley Ltd');
    await fill(field(/^Message/), 'We answer 200 calls a day.');
    await userEvent.click(screen.getByRole('button', { name: 'Request demo' }));

    expect(await screen.findByText(/Your demo request has reached the team/)).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ kind: 'demo', company: 'Bletchley Ltd' });
  });

  it('puts the server’s field messages (422) on their fields and keeps what was typed', async () => {
    stubServer({
      'POST /api/leads': () =>
        json(
          422,
          errorBody(ERROR_CODES.validationFailed, 'Please input your message!', { message: 'leadMessageRequired' }),
        ),
    });
    renderContact('/contact-us');
    await fill(field(/^Name/), 'Grace');
    await fill(field(/^E-mail/), 'grace@example.com');
    await fill(field(/^Message/), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Please input your message!')).toBeInTheDocument();
    await waitFor(() => expect(field(/^Message/)).toHaveFocus());
    expect(field(/^Name/)).toHaveValue('Grace');
    expect(field(/^E-mail/)).toHaveValue('grace@example.com');
  });

  it('says to wait when the hourly limit is reached (429), keeping the form', async () => {
    stubServer({
      'POST /api/leads': () => json(429, errorBody(ERROR_CODES.tooManyRequests, 'Too many requests.', undefined, 1)),
    });
    renderContact('/contact-us');
    await fill(field(/^Name/), 'Grace');
    await fill(field(/^E-mail/), 'grace@example.com');
    await fill(field(/^Message/), 'Hello again');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Too many attempts. Wait a moment, then try again.')).toBeInTheDocument();
    expect(field(/^Message/)).toHaveValue('Hello again');
  });
});
