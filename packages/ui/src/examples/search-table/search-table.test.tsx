import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderWithProviders } from '../../testing';
import { filterRules, makeRules, SAMPLE_RULES, SearchTablePage } from './search-table';

function table() {
  return within(screen.getByRole('table', { name: 'Rules' }));
}

function ruleNames(): string[] {
  return table()
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
}

describe('SearchTablePage', { timeout: 20_000 }, () => {
  it('has no axe violations', async () => {
    renderWithProviders(<SearchTablePage />);
    expect(ruleNames()).toHaveLength(10);
    await expectNoAxeViolations();
  });

  it('makes the same 30 demo rules every time, cycling through the four statuses', () => {
    expect(makeRules(30)).toEqual(SAMPLE_RULES);
    expect(SAMPLE_RULES).toHaveLength(30);
    expect(SAMPLE_RULES.slice(0, 4).map((rule) => rule.status)).toEqual(['default', 'running', 'online', 'abnormal']);
    expect(new Set(SAMPLE_RULES.map((rule) => rule.key)).size).toBe(30);
  });

  it('filters by name (any case), status and the day of the last run', () => {
    const names = (rules: typeof SAMPLE_RULES) => rules.map((rule) => rule.name);
    expect(names(filterRules(SAMPLE_RULES, { name: 'tradecode 2', status: 'all', lastScheduled: null }))).toEqual([
      'TradeCode 2',
      'TradeCode 20',
      'TradeCode 21',
      'TradeCode 22',
      'TradeCode 23',
      'TradeCode 24',
      'TradeCode 25',
      'TradeCode 26',
      'TradeCode 27',
      'TradeCode 28',
      'TradeCode 29',
    ]);
    expect(names(filterRules(SAMPLE_RULES, { name: '2', status: 'online', lastScheduled: null }))).toEqual([
      'TradeCode 2',
      'TradeCode 22',
      'TradeCode 26',
    ]);
    // Rules 0 and 1 ran on 1 November 2026 (UTC), at 08:00 and 21:17.
    expect(names(filterRules(SAMPLE_RULES, { name: '', status: 'all', lastScheduled: new Date(2026, 10, 1) }))).toEqual(
      ['TradeCode 0', 'TradeCode 1'],
    );
  });

  it('refuses an empty new rule with the three rule messages', async () => {
    const onCreate = vi.fn();
    renderWithProviders(<SearchTablePage onCreate={onCreate} />);
    await userEvent.click(screen.getByRole('button', { name: 'New' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New rule' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Rule description' }), '  abcd  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    expect(await dialog.findByText('Please enter a rule name!')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a rule description of at least five characters!')).toBeInTheDocument();
    expect(dialog.getByText('Please choose a start time!')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Rule name' })).toHaveFocus();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('adds a new rule at the top of the first page and returns focus to New', async () => {
    const onCreate = vi.fn();
    renderWithProviders(<SearchTablePage onCreate={onCreate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'New' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New rule' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Rule name' }), 'Nightly export');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Rule description' }), 'Exports the calls');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Rule type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weak' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Scheduling start time' }));
    // The calendar opens on the fixed 'today', 15 November 2026.
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onCreate).toHaveBeenCalledWith(
      expect.objectContaining({
        key: 'rule-30',
        name: 'Nightly export',
        description: 'Exports the calls',
        type: 'weak',
        template: 'one',
        monitoringObject: 'tableOne',
        status: 'default',
        callCount: 0,
        startTime: '2026-11-16T00:00:00.000Z',
      }),
    );
    expect(ruleNames()[0]).toBe('Nightly export');
    expect(screen.getByText('1-10 of 31 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New' })).toHaveFocus();
    expect(await screen.findByText('Rule added')).toBeInTheDocument();
  });

  it('deletes the selected rules only once the deletion is confirmed', async () => {
    const onDelete = vi.fn();
    renderWithProviders(<SearchTablePage onDelete={onDelete} />);
    await userEvent.click(table().getByRole('checkbox', { name: 'Select TradeCode 4' }));
    await userEvent.click(table().getByRole('checkbox', { name: 'Select TradeCode 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Batch delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete 2 rules?' });
    expect(confirm).toHaveAccessibleDescription('Deleted rules cannot be restored.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(ruleNames()).toContain('TradeCode 4');
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Batch delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(ruleNames()).not.toContain('TradeCode 4'));
    expect(ruleNames()).not.toContain('TradeCode 5');
    expect(onDelete).toHaveBeenCalledWith(['rule-4', 'rule-5']);
    expect(screen.getByText('1-10 of 28 items')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Batch delete' })).toBeNull();
  });

  it('approves the selected rules, which go online', async () => {
    const onApprove = vi.fn();
    renderWithProviders(<SearchTablePage onApprove={onApprove} />);
    await userEvent.click(table().getByRole('checkbox', { name: 'Select TradeCode 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Batch approve' }));
    expect(onApprove).toHaveBeenCalledWith(['rule-7']);
    const row = table().getByRole('cell', { name: 'TradeCode 7' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Online')).toBeInTheDocument();
    expect(within(row).queryByText('Abnormal')).toBeNull();
    expect(await screen.findByText('1 rule approved')).toBeInTheDocument();
  });

  it('applies the filters on Search, not while typing, and Reset clears them', async () => {
    renderWithProviders(<SearchTablePage />);
    const search = within(screen.getByRole('search', { name: 'Rule filters' }));
    await userEvent.type(search.getByRole('textbox', { name: 'Rule name' }), 'TradeCode 2');
    expect(ruleNames()[0]).toBe('TradeCode 0');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    expect(ruleNames()).toEqual([
      'TradeCode 2',
      'TradeCode 20',
      'TradeCode 21',
      'TradeCode 22',
      'TradeCode 23',
      'TradeCode 24',
      'TradeCode 25',
      'TradeCode 26',
      'TradeCode 27',
      'TradeCode 28',
    ]);
    expect(screen.getByText('1-10 of 11 items')).toBeInTheDocument();
    await userEvent.click(search.getByRole('button', { name: 'Reset' }));
    expect(search.getByRole('textbox', { name: 'Rule name' })).toHaveValue('');
    expect(screen.getByText('1-10 of 30 items')).toBeInTheDocument();
  });
});
