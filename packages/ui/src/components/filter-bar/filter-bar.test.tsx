import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Input } from '../input/input';
import { FilterBar, FilterBarField } from './filter-bar';

function Fields() {
  return (
    <>
      <FilterBarField label="Caller Name">
        <Input name="callerName" />
      </FilterBarField>
      <FilterBarField label="Transcript">
        <Input name="transcript" />
      </FilterBarField>
      <FilterBarField label="Email">
        <Input name="email" defaultValue="ada@example.com" />
      </FilterBarField>
    </>
  );
}

function ControlledFilterBar() {
  const [expanded, setExpanded] = useState(true);
  return (
    <>
      <FilterBar expanded={expanded} onExpandedChange={setExpanded}>
        <Fields />
      </FilterBar>
      <output>{expanded ? 'open' : 'closed'}</output>
    </>
  );
}

describe('FilterBar', () => {
  it('conforms as a search form with labelled fields', async () => {
    renderWithProviders(
      <FilterBar aria-label="Filter calls" className="custom">
        <Fields />
      </FilterBar>,
    );
    const form = screen.getByRole('search', { name: 'Filter calls' });
    expect(screen.getByRole('textbox', { name: 'Caller Name' })).toBeInTheDocument();
    await expectConformance(form, { slot: 'filter-bar', className: 'custom' });
  });

  it('searches with the named values on Enter in a field and on the Search button', async () => {
    const onSearch = vi.fn();
    renderWithProviders(
      <FilterBar onSearch={onSearch} defaultExpanded>
        <Fields />
      </FilterBar>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Caller Name' }), 'Ada{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    const values = onSearch.mock.calls[0]?.[0] as FormData;
    expect(values.get('callerName')).toBe('Ada');
    expect(values.get('email')).toBe('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('resets uncontrolled fields to their defaults and tells the caller', async () => {
    const onReset = vi.fn();
    renderWithProviders(
      <FilterBar onReset={onReset} defaultExpanded>
        <Fields />
      </FilterBar>,
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'grace@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(email).toHaveValue('ada@example.com');
  });

  it('shows the first row when collapsed and the rest on Expand, uncontrolled', async () => {
    const onExpandedChange = vi.fn();
    const onSearch = vi.fn();
    renderWithProviders(
      <FilterBar onExpandedChange={onExpandedChange} onSearch={onSearch}>
        <Fields />
      </FilterBar>,
    );
    // jsdom lays nothing out, so the grid counts as one column: one field shows.
    expect(screen.getByRole('textbox', { name: 'Caller Name' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Transcript' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Expand' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).not.toBeNull();
    await userEvent.click(toggle);
    expect(onExpandedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Collapse' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Transcript' })).toBeVisible();
    // Collapsing hides filters without dropping their values.
    await userEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const values = onSearch.mock.calls[0]?.[0] as FormData;
    expect(values.get('email')).toBe('ada@example.com');
  });

  it('works controlled', async () => {
    renderWithProviders(<ControlledFilterBar />);
    expect(screen.getByRole('textbox', { name: 'Transcript' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(screen.getByRole('status')).toHaveTextContent('closed');
    expect(screen.queryByRole('textbox', { name: 'Transcript' })).toBeNull();
  });

  it('renders fields from items and offers no toggle when they all fit or it may not collapse', () => {
    const { rerender } = renderWithProviders(
      <FilterBar items={[{ key: 'name', label: 'Caller Name', control: <Input name="callerName" /> }]} />,
    );
    expect(screen.getByRole('textbox', { name: 'Caller Name' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Expand' })).toBeNull();
    rerender(
      <FilterBar collapsible={false}>
        <Fields />
      </FilterBar>,
    );
    expect(screen.queryByRole('button', { name: 'Expand' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeVisible();
  });

  it('marks Search busy while searching', () => {
    renderWithProviders(
      <FilterBar searching>
        <Fields />
      </FilterBar>,
    );
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-busy', 'true');
  });
});
