import type { ContactRequest, ContactRequestDetail } from '@parley/api';
import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, renderRoutes, storeSession, stubServer } from '../../testing/test-utils';
import { RequestDetailScreen } from './request-detail-screen';
import { RequestsScreen } from './requests-screen';

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => storeSession('admin'));
afterEach(() => vi.unstubAllGlobals());

const ID = '3f0c5c2e-8a5b-4e0b-9a43-0d6f1c1a7b01';

function makeRequest(overrides: Partial<ContactRequest> = {}): ContactRequest {
  return {
    id: ID,
    kind: 'demo',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    company: 'Navy',
    phone: '+442071838750',
    message: 'We would like to see Parley answer our calls. '.repeat(4),
    status: 'new',
    repliedAt: null,
    createdAt: '2026-11-20T10:30:00.000Z',
    ...overrides,
  };
}

function makeDetail(overrides: Partial<ContactRequestDetail> = {}): ContactRequestDetail {
  return { ...makeRequest(), message: 'Line one\nLine two', replies: [], ...overrides };
}

function renderScreens(path: string) {
  return renderRoutes(
    [
      { path: '/requests', element: <RequestsScreen /> },
      { path: '/requests/:id', element: <RequestDetailScreen /> },
    ],
    path,
  );
}

describe('RequestsScreen (/requests)', () => {
  it('lists the requests: date, name, e-mail, type, message excerpt and status; a name opens the request', async () => {
    const calls = stubServer({
      'GET /api/requests': () =>
        json(200, {
          list: [
            makeRequest(),
            makeRequest({
              id: '5e1d2c3b-4a59-4f68-8e77-a6b5c4d3e2f1',
              kind: 'contact',
              name: 'Ada',
              status: 'replied',
            }),
          ],
          total: 2,
        }),
      [`GET /api/requests/${ID}`]: () => json(200, makeDetail()),
    });
    const router = renderScreens('/requests');
    expect(screen.getByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
    await screen.findByText('Ada');
    const table = screen.getByRole('table', { name: 'Requests' });
    const rows = within(table)
      .getAllByRole('row')
      .filter((row) => within(row).queryAllByRole('cell').length > 0);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('grace@example.com')).toBeInTheDocument();
    expect(first.getByText('Demo')).toBeInTheDocument();
    expect(first.getByText('New')).toBeInTheDocument();
    expect(first.getByText(/^We would like to see Parley.*…$/)).toBeInTheDocument();
    expect(first.getByText(/Nov 20, 2026/)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Contact')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Replied')).toBeInTheDocument();
    expect(calls[0]?.query.get('current')).toBe('1');
    expect(calls[0]?.query.get('pageSize')).toBe('10');
    expect(calls[0]?.query.has('status')).toBe(false);
    await expectNoAxeViolations();

    await userEvent.click(first.getByRole('link', { name: 'Open the request from Grace Hopper' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/requests/${ID}`));
    expect(await screen.findByText(/Line one/)).toBeInTheDocument();
  });

  it('filters by status through the address', async () => {
    const calls = stubServer({ 'GET /api/requests': () => json(200, { list: [], total: 0 }) });
    renderScreens('/requests?status=closed');
    expect(await screen.findByText('No requests with this status.')).toBeInTheDocument();
    expect(calls[0]?.query.get('status')).toBe('closed');
  });

  it('says when there are none, and offers Retry when the list fails', async () => {
    stubServer({ 'GET /api/requests': () => json(200, { list: [], total: 0 }) });
    renderScreens('/requests');
    expect(await screen.findByText('No contact or demo requests yet.')).toBeInTheDocument();
    vi.unstubAllGlobals();

    let fail = true;
    stubServer({
      'GET /api/requests': () =>
        fail ? json(500, errorBody(ERROR_CODES.internal, 'boom')) : json(200, { list: [makeRequest()], total: 1 }),
    });
    renderScreens('/requests?pageSize=20');
    expect(await screen.findByText('The requests could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  });
});

describe('RequestDetailScreen (/requests/:id)', () => {
  it('shows the whole message and details; replying e-mails it and shows the sent reply', async () => {
    const reply = {
      id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
      text: 'Tuesday at ten?',
      authorName: 'Nora Ali',
      createdAt: '2026-11-21T09:00:00.000Z',
    };
    const calls = stubServer({
      [`GET /api/requests/${ID}`]: () => json(200, makeDetail()),
      [`POST /api/requests/${ID}/reply`]: () =>
        json(200, {
          success: true,
          data: makeDetail({ status: 'replied', repliedAt: reply.createdAt, replies: [reply] }),
        }),
    });
    renderScreens(`/requests/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Line one\nLine two', { collapseWhitespace: false, trim: false })).toBeInTheDocument();
    expect(screen.getByText('Navy')).toBeInTheDocument();
    expect(screen.getByText('+442071838750')).toBeInTheDocument();
    expect(screen.getByText('No replies sent yet.')).toBeInTheDocument();
    await expectNoAxeViolations();

    const field = screen.getByRole('textbox', { name: /Reply by e-mail to grace@example\.com/ });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please write your reply!')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(field, 'Tuesday at ten?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Tuesday at ten?' });
    const replies = screen.getByRole('region', { name: 'Replies' });
    expect(within(replies).getByText('Tuesday at ten?')).toBeInTheDocument();
    expect(within(replies).getByText(/By Nora Ali/)).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it("puts the server's field message on the reply", async () => {
    stubServer({
      [`GET /api/requests/${ID}`]: () => json(200, makeDetail()),
      [`POST /api/requests/${ID}/reply`]: () =>
        json(422, errorBody(ERROR_CODES.validationFailed, 'At most 5000 characters.', { text: 'replyTooLong' }, 1)),
    });
    renderScreens(`/requests/${ID}`);
    await userEvent.type(await screen.findByRole('textbox', { name: /Reply by e-mail/ }), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/At most 5,?000 characters/)).toBeInTheDocument();
  });

  it('changes the status from the one shown; when another admin changed it first, says so and shows the latest', async () => {
    let current: ContactRequestDetail = makeDetail();
    const calls = stubServer({
      [`GET /api/requests/${ID}`]: () => json(200, current),
      [`PATCH /api/requests/${ID}`]: () => {
        current = makeDetail({ status: 'replied' });
        return json(409, errorBody(ERROR_CODES.conflict, 'Someone else changed this request first.'));
      },
    });
    renderScreens(`/requests/${ID}`);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Closed' }));
    expect(
      await screen.findByText('Another admin changed this request first. It now shows the latest status.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'closed', from: 'new' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Replied'));
  });

  it('says the request does not exist for an unknown (or another team’s) id', async () => {
    stubServer({});
    renderScreens(`/requests/${ID}`);
    expect(await screen.findByText('This request does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All requests' })).toHaveAttribute('href', '/requests');
  });
});
