import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { HeaderSearch } from './header-search';

function ControlledSearch() {
  const [value, setValue] = useState('');
  return (
    <>
      <HeaderSearch defaultExpanded value={value} onValueChange={(next) => setValue(next.trimStart())} />
      <output>{value}</output>
    </>
  );
}

/** A phone-wide window: Tailwind's `max-md` range matches. */
function phoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(width < 48rem)',
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));
}

describe('HeaderSearch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('conforms', async () => {
    renderWithProviders(<HeaderSearch className="custom" />);
    await expectConformance(screen.getByRole('search'), { slot: 'header-search', className: 'custom' });
  });

  it('expands into a focused field, searches on Enter, and folds away on Escape', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<HeaderSearch onSearch={onSearch} />);
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = screen.getByRole('searchbox', { name: 'Search' });
    await vi.waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'Ada{Enter}');
    expect(onSearch).toHaveBeenCalledWith('Ada');
    await userEvent.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('folds away when it loses focus empty, but stays open with text in it', async () => {
    renderWithProviders(
      <>
        <HeaderSearch defaultExpanded />
        <button type="button">Elsewhere</button>
      </>,
    );
    const field = screen.getByRole('searchbox');
    const toggle = screen.getByRole('button', { name: 'Search' });
    await userEvent.type(field, 'Grace');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens only when a controlling parent says so, and reports the wish', async () => {
    const onExpandedChange = vi.fn();
    const { rerender } = renderWithProviders(<HeaderSearch expanded={false} onExpandedChange={onExpandedChange} />);
    const toggle = screen.getByRole('button', { name: 'Search' });
    await userEvent.click(toggle);
    expect(onExpandedChange).toHaveBeenCalledWith(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    rerender(<HeaderSearch expanded onExpandedChange={onExpandedChange} />);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('works controlled', async () => {
    renderWithProviders(<ControlledSearch />);
    await userEvent.type(screen.getByRole('searchbox'), '  Ada');
    expect(screen.getByRole('searchbox')).toHaveValue('Ada');
    expect(screen.getByRole('status')).toHaveTextContent('Ada');
  });

  it('offers a close button while open (shown on phones, where the field covers the header)', async () => {
    renderWithProviders(<HeaderSearch />);
    expect(screen.queryByRole('button', { name: 'Close search' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Search' });
    await userEvent.click(toggle);
    const field = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(field, 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(field).toHaveValue('');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Close search' })).toBeNull();
  });

  it('on a phone, folds away when focus leaves it even with text in it, keeping the text', async () => {
    phoneScreen();
    renderWithProviders(
      <>
        <HeaderSearch defaultExpanded />
        <button type="button">Notices</button>
      </>,
    );
    const field = screen.getByRole('searchbox');
    const toggle = screen.getByRole('button', { name: 'Search' });
    await userEvent.type(field, 'Grace');
    // Moving within the search keeps it open.
    await userEvent.tab({ shift: true });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Notices' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveValue('Grace');
  });
});
