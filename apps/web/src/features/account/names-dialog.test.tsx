import { type CurrentUser, ERROR_CODES } from '@parley/api';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, makeCurrentUser, renderRoutes, stubServer } from '../../testing/test-utils';
import { NamesDialog } from './names-dialog';

vi.setConfig({ testTimeout: 20_000 });

const TEAM_ID = '7d0f4a52-8a8e-4c56-9d3e-2f1f0c9b6a11';
afterEach(() => vi.unstubAllGlobals());

function member(access: 'admin' | 'user'): CurrentUser {
  return makeCurrentUser({ name: 'Olive Owner', access, team: { id: TEAM_ID, name: 'Night shift' } });
}

function renderDialog(user: CurrentUser) {
  const onOpenChange = vi.fn();
  renderRoutes([{ path: '/', element: <NamesDialog user={user} open onOpenChange={onOpenChange} /> }], '/');
  return onOpenChange;
}

const nameField = () => screen.getByRole('textbox', { name: /Your name/ });
const teamField = () => screen.getByRole('textbox', { name: /Team name/ });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function retype(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  if (value) {
    await userEvent.type(field, value);
  }
}

describe('NamesDialog (the member’s own name and the team’s)', () => {
  it('shows both names; an admin renames both, each by its own request, and the dialog closes', async () => {
    const calls = stubServer({
      'PATCH /api/currentUser': () => json(200, { success: true, data: { ...member('admin'), name: 'Olive Oyl' } }),
      'PATCH /api/team': () => json(200, { success: true, data: { id: TEAM_ID, name: 'Day shift' } }),
    });
    const onOpenChange = renderDialog(member('admin'));
    expect(await screen.findByRole('dialog', { name: 'Name and team' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('Olive Owner');
    expect(teamField()).toHaveValue('Night shift');
    await expectNoAxeViolations();

    await retype(nameField(), 'Olive Oyl');
    await retype(teamField(), 'Day shift');
    await save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PATCH', '/api/currentUser', { name: 'Olive Oyl' }],
      ['PATCH', '/api/team', { name: 'Day shift' }],
    ]);
  });

  it('sends only what changed', async () => {
    const calls = stubServer({
      'PATCH /api/team': () => json(200, { success: true, data: { id: TEAM_ID, name: 'Day shift' } }),
    });
    const onOpenChange = renderDialog(member('admin'));
    await retype(teamField(), 'Day shift');
    await save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((call) => call.path)).toEqual(['/api/team']);
  });

  it('shows a user the team’s name read-only, with the reason, and sends only their own name', async () => {
    const calls = stubServer({
      'PATCH /api/currentUser': () => json(200, { success: true, data: { ...member('user'), name: 'Olive Oyl' } }),
    });
    const onOpenChange = renderDialog(member('user'));
    expect(teamField()).toHaveAttribute('readonly');
    expect(screen.getByText('Only an admin can rename the team.')).toBeInTheDocument();
    await retype(nameField(), 'Olive Oyl');
    await save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((call) => [call.path, call.body])).toEqual([['/api/currentUser', { name: 'Olive Oyl' }]]);
  });

  it('refuses an empty name with its message and sends nothing', async () => {
    const calls = stubServer({});
    const onOpenChange = renderDialog(member('admin'));
    await retype(nameField(), '   ');
    await save();
    expect(await screen.findByText('Please input your name!')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal of the team’s name on the team’s field and stays open', async () => {
    stubServer({
      'PATCH /api/team': () =>
        json(
          422,
          errorBody(ERROR_CODES.validationFailed, "Please input your team's name!", { name: 'teamNameRequired' }),
        ),
    });
    const onOpenChange = renderDialog(member('admin'));
    await retype(teamField(), 'Renamed');
    await save();
    expect(await screen.findByText("Please input your team's name!")).toBeInTheDocument();
    expect(teamField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).not.toHaveAttribute('aria-invalid', 'true');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
