import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing';
import { HeaderSearch } from './header-search';
import type { HeaderSearchGroup, HeaderSearchStatus } from './search-results';

const GROUPS: HeaderSearchGroup[] = [
  { id: 'screens', label: 'Screens', results: [{ id: '/call-history', label: 'Call history' }] },
  {
    id: 'calls',
    label: 'Calls',
    results: [
      { id: 'c1', label: 'Ada Lovelace', description: 'ada@example.com' },
      { id: 'c2', label: 'Ada Byron' },
    ],
  },
  { id: 'videos', label: 'Videos', results: [] },
];

/** The app's side: results once two characters are typed, as the web's search hook gives them. */
function Searching({
  status = 'ready',
  groups = GROUPS,
  error,
  onSelect = () => {},
}: {
  status?: HeaderSearchStatus;
  groups?: HeaderSearchGroup[];
  error?: string;
  onSelect?: (id: string, group: string) => void;
}) {
  const [text, setText] = useState('');
  const ready = text.trim().length >= 2;
  return (
    <>
      <HeaderSearch
        value={text}
        onValueChange={setText}
        resultGroups={ready ? groups : []}
        resultsStatus={ready ? status : 'idle'}
        resultsError={error}
        onResultSelect={(result, group) => onSelect(result.id, group.id)}
      />
      <button type="button">Elsewhere</button>
      <input aria-label="Notes" />
    </>
  );
}

async function openAndType(text: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  const field = screen.getByRole('combobox', { name: 'Search' });
  await vi.waitFor(() => expect(field).toHaveFocus());
  await userEvent.type(field, text);
  return field;
}

describe('HeaderSearch as a combobox', () => {
  it('shows nothing under two characters, then the results grouped, empty groups left out', async () => {
    renderWithProviders(<Searching />);
    const field = await openAndType('A');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(field, 'd');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    expect(field).toHaveAttribute('aria-controls', listbox.id);
    const groups = screen.getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && group.textContent)).toEqual([
      'ScreensCall history',
      'CallsAda Lovelaceada@example.comAda Byron',
    ]);
    expect(screen.getByRole('group', { name: 'Calls' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Videos' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('3 results');
  });

  it('walks the options with the arrow keys (wrapping) and opens the active one on Enter', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<Searching onSelect={onSelect} />);
    const field = await openAndType('Ada');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Call history' }).id);
    expect(screen.getByRole('option', { name: 'Call history' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Call history' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    const byron = screen.getByRole('option', { name: 'Ada Byron' });
    expect(field).toHaveAttribute('aria-activedescendant', byron.id);
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('c2', 'calls');
    // Picked: the field clears and folds away.
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a result on click', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<Searching onSelect={onSelect} />);
    await openAndType('Ada');
    await userEvent.click(screen.getByRole('option', { name: /Ada Lovelace/ }));
    expect(onSelect).toHaveBeenCalledWith('c1', 'calls');
  });

  it('closes and clears on Escape', async () => {
    renderWithProviders(<Searching />);
    const field = await openAndType('Ada');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
  });

  it('says when it is searching, when nothing matches, and when the search failed', async () => {
    const { unmount } = renderWithProviders(<Searching status="loading" groups={[]} />);
    await openAndType('Ada');
    expect(screen.getAllByText('Searching…')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    unmount();

    const empty = renderWithProviders(<Searching groups={[]} />);
    await openAndType('Zed');
    expect(screen.getByText('Nothing matches “Zed”.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No results');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
    empty.unmount();

    renderWithProviders(<Searching status="error" groups={[]} error="The search did not work." />);
    await openAndType('Ada');
    expect(screen.getByRole('alert')).toHaveTextContent('The search did not work.');
  });

  it('hides the results when focus leaves, and shows them again on coming back', async () => {
    renderWithProviders(<Searching />);
    const field = await openAndType('Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.click(field);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('focuses on `/` pressed anywhere but in a text field', async () => {
    renderWithProviders(<Searching />);
    const toggle = screen.getByRole('button', { name: 'Search' });
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.type(notes, 'a/b');
    expect(notes).toHaveValue('a/b');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await userEvent.keyboard('/');
    const field = screen.getByRole('combobox', { name: 'Search' });
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The slash opened the search; it is not typed into it.
    expect(field).toHaveValue('');
  });

  it('stays a plain search field without results', () => {
    renderWithProviders(<HeaderSearch defaultExpanded />);
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
