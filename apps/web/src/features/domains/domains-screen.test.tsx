import type { Domain } from '@parley/api';
import { ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPendingDeletes } from '../../lib/undoable-delete';
import { errorBody, json, renderRoutes, storeSession, stubServer } from '../../testing/test-utils';
import { DomainsScreen, embedTag } from './domains-screen';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const KEY = '0123456789abcdef0123456789abcdef';

function makeDomain(overrides: Partial<Domain> = {}): Domain {
  return {
    id: '3f0c5c2e-8a5b-4e0b-9a43-0d6f1c1a7b01',
    origin: 'https://shop.example.com',
    addedBy: 'Lea Admin',
    createdAt: '2026-11-20T10:30:00.000Z',
    ...overrides,
  };
}

const SECOND = makeDomain({
  id: '5e1d2c3b-4a59-4f68-8e77-a6b5c4d3e2f1',
  origin: 'http://localhost:8080',
  addedBy: null,
});

function renderScreen() {
  return renderRoutes(
    [{ path: '/settings/domain-managment', element: <DomainsScreen /> }],
    '/settings/domain-managment',
  );
}

function serve(list: Domain[] = [makeDomain(), SECOND], extra: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    'GET /api/domains': () => json(200, { list, total: list.length }),
    'GET /api/widget': () => json(200, { success: true, data: { widgetKey: KEY } }),
    ...extra,
  });
}

const originInput = () => screen.getByRole('textbox', { name: /^Website origin/ });

describe('DomainsScreen (/settings/domain-managment), as an admin', () => {
  it('lists the allowed websites with who added them, and the widget key', async () => {
    storeSession('admin');
    serve();
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Domain management' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Allowed websites' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^https:\/\/shop\.example\.comAdded by Lea Admin on Nov 20, 2026Remove$/),
      expect.stringMatching(/^http:\/\/localhost:8080Added on Nov 20, 2026Remove$/),
    ]);
    expect(await screen.findByTestId('widget-key')).toHaveTextContent(KEY);
    expect(screen.queryByText('Only team admins can change the websites and the widget key.')).toBeNull();
    await expectNoAxeViolations();
  });

  it('checks the origin as the server does before sending, then adds it normalized', async () => {
    storeSession('admin');
    const stored = [makeDomain()];
    const calls = serve(stored, {
      'POST /api/domains': ({ body }) => {
        const added = makeDomain({ id: SECOND.id, origin: (body as { origin: string }).origin });
        stored.push(added);
        return json(201, { success: true, data: added });
      },
    });
    renderScreen();
    await screen.findByRole('list', { name: 'Allowed websites' });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please input an origin!')).toBeInTheDocument();
    await userEvent.type(originInput(), 'www.example.com/shop');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'Enter an origin such as https://www.example.com: http or https, a host and an optional port, no path.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(originInput()).toHaveValue('www.example.com/shop');

    await userEvent.clear(originInput());
    await userEvent.type(originInput(), ' HTTPS://New.Example.com/ ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('https://new.example.com added')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ origin: 'https://new.example.com' });
    expect(
      await within(screen.getByRole('list', { name: 'Allowed websites' })).findByText('https://new.example.com'),
    ).toBeInTheDocument();
    expect(originInput()).toHaveValue('');
  });

  it('shows the server’s refusal on the field and keeps what was typed', async () => {
    storeSession('admin');
    serve([makeDomain()], {
      'POST /api/domains': () =>
        json(409, errorBody(ERROR_CODES.conflict, 'This origin is already on the list.', { origin: 'originTaken' })),
    });
    renderScreen();
    await screen.findByRole('list', { name: 'Allowed websites' });
    await userEvent.type(originInput(), 'https://shop.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This origin is already on the list.')).toBeInTheDocument();
    expect(originInput()).toHaveValue('https://shop.example.com');
    expect(originInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it('removes a website with Undo: it leaves the list at once, Undo brings it back, the delete goes only after', async () => {
    storeSession('admin');
    const calls = serve([makeDomain(), SECOND], {
      [`DELETE /api/domains/${SECOND.id}`]: () => json(200, { success: true }),
    });
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Allowed websites' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove http://localhost:8080' }));
    await waitFor(() => expect(within(list).queryByText('http://localhost:8080')).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await within(list).findByText('http://localhost:8080')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await userEvent.click(within(list).getByRole('button', { name: 'Remove http://localhost:8080' }));
    await flushPendingDeletes();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/domains/${SECOND.id}`,
    ]);
  });

  it('takes a new widget key only after a warning, and shows it', async () => {
    storeSession('admin');
    const fresh = 'fedcba9876543210fedcba9876543210';
    const calls = serve([], {
      'POST /api/widget/key': () => json(200, { success: true, data: { widgetKey: fresh } }),
    });
    renderScreen();
    expect(await screen.findByText('No websites yet: the widget runs nowhere.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Take a new widget key?' });
    expect(dialog).toHaveTextContent('The old key stops working at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'New key' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Take a new widget key?' })).getByRole('button', {
        name: 'New key',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('widget-key')).toHaveTextContent(fresh));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/widget/key']);
  });

  it('says when the list cannot be loaded, and Retry asks again', async () => {
    storeSession('admin');
    let attempts = 0;
    serve([], {
      'GET /api/domains': () => {
        attempts += 1;
        return attempts === 1
          ? json(500, errorBody(ERROR_CODES.internal, 'Request error, please retry.'))
          : json(200, { list: [makeDomain()], total: 1 });
      },
    });
    renderScreen();
    expect(await screen.findByText('The websites could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0] as HTMLElement);
    expect(await screen.findByText('https://shop.example.com')).toBeInTheDocument();
  });
});

describe('the embed tag', () => {
  it("names Parley's loader on the address the member opened, and the team's key", () => {
    expect(embedTag('https://parley.example.com', KEY)).toBe(
      `<script src="https://parley.example.com/widget.js" data-parley-team="${KEY}" async></script>`,
    );
  });

  it('shows it to every member with Copy tag, and the way to the preview page', async () => {
    storeSession('user');
    serve();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen();
    expect(await screen.findByTestId('embed-tag')).toHaveTextContent(embedTag(window.location.origin, KEY));
    await userEvent.click(screen.getByRole('button', { name: 'Copy tag' }));
    expect(writeText).toHaveBeenCalledWith(embedTag(window.location.origin, KEY));
    expect(await screen.findByText('Embed tag copied')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try the widget' })).toHaveAttribute('href', '/widget-preview');
  });
});

describe('DomainsScreen, as a user', () => {
  it('reads the websites and the key, and changes nothing', async () => {
    storeSession('user');
    serve();
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Allowed websites' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Only team admins can change the websites and the widget key.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Website origin/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(await screen.findByTestId('widget-key')).toHaveTextContent(KEY);
    expect(screen.queryByRole('button', { name: 'New key' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
