import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { landedOn, renderRoutes, storeSession } from '../../testing/test-utils';
import { HelpScreen } from './help-screen';

afterEach(() => localStorage.clear());

function openHelp() {
  return renderRoutes([{ path: '/help', element: <HelpScreen /> }], '/help');
}

function section(name: string) {
  return screen.getByRole('heading', { level: 2, name }).closest('[data-slot="card"]') as HTMLElement;
}

describe('the help page', () => {
  it('explains the screens an admin may open, each with a link to it', { timeout: 20_000 }, async () => {
    storeSession('admin');
    openHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    const screens = within(section('Screens'));
    expect(screens.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Call history',
      'Library',
      'Record video',
      'Requests',
      'Domain management',
      'Name and team',
      'Notices',
    ]);
    expect(screens.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Call history', '/call-history'],
      ['Library', '/video-library'],
      ['Record video', '/record/library/new'],
      ['Requests', '/requests'],
      ['Domain management', '/settings/domain-managment'],
    ]);
    expect(screens.getByText(/Only admins see them/)).toBeInTheDocument();
    await expectNoAxeViolations(document.body);
  });

  it('leaves out the screens a user cannot open', () => {
    storeSession('user');
    openHelp();
    const screens = within(section('Screens'));
    expect(screens.queryByRole('link', { name: 'Requests' })).toBeNull();
    expect(screens.queryByText(/Only admins see them/)).toBeNull();
    expect(screens.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/call-history',
      '/video-library',
      '/record/library/new',
      '/settings/domain-managment',
    ]);
  });

  it('opens a screen in the app from its link', async () => {
    storeSession('user');
    openHelp();
    await userEvent.click(screen.getByRole('link', { name: 'Library' }));
    expect(await landedOn()).toBe('/video-library');
  });

  it('lists the keyboard shortcuts as keys and what they do', () => {
    storeSession('user');
    openHelp();
    const table = within(section('Keyboard shortcuts')).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Keys', 'What they do']);
    const rows = within(table).getAllByRole('rowheader');
    const keys = (index: number) => [...(rows[index]?.querySelectorAll('kbd') ?? [])].map((kbd) => kbd.textContent);
    expect(keys(0)).toEqual(['Tab', 'Shift', 'Tab']);
    expect(keys(1)).toEqual(['Enter', 'Space']);
    expect(keys(2)).toEqual(['Esc']);
    expect(within(rows[3] as HTMLElement).getByRole('img', { name: 'Arrow keys' })).toBeInTheDocument();
    expect(keys(4)).toEqual(['Shift']);
    expect(rows[4]).toHaveTextContent('click');
    expect(within(table).getByText(/Close the open dialog, menu or pop-up/)).toBeInTheDocument();
    expect(within(table).getByText(/select every row between/)).toBeInTheDocument();
    expect(within(table).getByText(/Skip to main content/)).toBeInTheDocument();
    expect(keys(6)).toEqual(['/']);
    expect(within(table).getByText(/Jump to the search at the top of the page/)).toBeInTheDocument();
  });

  it('links developers to the API documentation in a new tab, and says so', () => {
    storeSession('user');
    openHelp();
    const link = within(section('For developers')).getByRole('link', {
      name: 'API documentation (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', '/api/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noreferrer');
  });
});
