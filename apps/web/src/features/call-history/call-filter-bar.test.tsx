import { expectNoAxeViolations, renderWithProviders } from '@parley/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallFilterBar } from './call-filter-bar';
import { NORA, SAM } from './call-test-utils';
import { type CallFilters, DEFAULT_CALL_VIEW, serialiseCallView, toCallListQuery, withFilters } from './call-view';

vi.setConfig({ testTimeout: 20_000 });

function renderBar(filters: CallFilters = {}) {
  const onSearch = vi.fn();
  const onReset = vi.fn();
  const view = renderWithProviders(
    <CallFilterBar filters={filters} members={[NORA, SAM]} onSearch={onSearch} onReset={onReset} />,
  );
  return { onSearch, onReset, ...view };
}

/** jsdom lays the bar out in one column: only the first filter shows until it is expanded. */
async function expand() {
  await userEvent.click(screen.getByRole('button', { name: 'Expand' }));
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('CallFilterBar', () => {
  it('offers every SPEC §2.4 filter, labelled, with Reset and Search', async () => {
    renderBar();
    await expand();
    const form = screen.getByRole('search', { name: 'Filter calls' });
    for (const name of ['Calls between', 'Received By', 'Call answered', 'Message Left']) {
      expect(within(form).getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(within(form).getByRole('searchbox', { name: 'Caller Name' })).toBeInTheDocument();
    expect(within(form).getByRole('searchbox', { name: 'Transcript' })).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: 'Hold time in seconds Min' })).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: 'Hold time in seconds Max' })).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: 'Call duration Min' })).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: 'Call duration Max' })).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Calls between' })).toHaveTextContent('Start time');
    expect(within(form).getByRole('combobox', { name: 'Calls between' })).toHaveTextContent('End time');
    expect(within(form).getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Search' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('applies nothing until Search, then every filter typed', async () => {
    const { onSearch } = renderBar();
    await expand();
    await choose('Received By', 'Sam Carter');
    await choose('Call answered', 'Yes');
    await choose('Message Left', 'No');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Caller Name' }), '  Grace ');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Transcript' }), 'refund');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Hold time in seconds Min' }), '10');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Hold time in seconds Max' }), '60');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Call duration Max' }), '600');
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({
      receivedBy: SAM.id,
      answered: true,
      messageLeft: false,
      callerName: 'Grace',
      transcript: 'refund',
      holdMin: 10,
      holdMax: 60,
      durationMax: 600,
    });
  });

  it('searches on Enter in a field', async () => {
    const { onSearch } = renderBar();
    await expand();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Transcript' }), 'invoice{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ transcript: 'invoice' });
  });

  it('shows the filters in force, picks days, and clears them', async () => {
    const { onSearch } = renderBar({ from: '2026-11-01', to: '2026-11-20', answered: false });
    // The calendar loads with a range in force (Clear comes with it).
    await screen.findByRole('button', { name: 'Clear date' });
    const between = screen.getByRole('combobox', { name: 'Calls between' });
    expect(between).toHaveTextContent('Nov 1, 2026');
    expect(between).toHaveTextContent('Nov 20, 2026');
    expect(screen.getByRole('combobox', { name: 'Call answered' })).toHaveTextContent('No');

    await userEvent.click(between);
    const calendar = await screen.findByRole('dialog', { name: 'Calendar' });
    await userEvent.click(within(calendar).getByRole('button', { name: 'Thursday, November 5, 2026' }));
    await userEvent.click(within(calendar).getByRole('button', { name: 'Tuesday, November 10, 2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith({ from: '2026-11-05', to: '2026-11-10', answered: false });

    await userEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    await choose('Call answered', 'Any');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith({});
  });

  it('loads the calendar when the empty picker is first pressed, and opens it', async () => {
    const { onSearch } = renderBar();
    const between = screen.getByRole('combobox', { name: 'Calls between' });
    expect(between).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(between);
    const calendar = await screen.findByRole('dialog', { name: 'Calendar' });
    const [firstMonth] = within(calendar).getAllByRole('grid');
    const month = within(firstMonth as HTMLElement);
    await userEvent.click(month.getByRole('button', { name: / 3, \d{4}$/ }));
    await userEvent.click(month.getByRole('button', { name: / 5, \d{4}$/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const filters = onSearch.mock.lastCall?.[0] as CallFilters;
    expect(filters.from).toMatch(/^\d{4}-\d{2}-03$/);
    expect(filters.to).toMatch(/^\d{4}-\d{2}-05$/);
  });

  it('refuses a range whose ends are the wrong way round', async () => {
    const { onSearch } = renderBar();
    await expand();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Call duration Min' }), '90');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Call duration Max' }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Call duration: The maximum must not be below the minimum.',
    );
    expect(screen.getByRole('spinbutton', { name: 'Call duration Min' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Call duration Min' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears every field on Reset', async () => {
    // Filters in force open the bar in full.
    const { onReset } = renderBar({ callerName: 'Grace', holdMin: 5, receivedBy: NORA.id });
    expect(screen.getByRole('button', { name: 'Collapse' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox', { name: 'Caller Name' })).toHaveValue('Grace');
    expect(screen.getByRole('combobox', { name: 'Received By' })).toHaveTextContent('Nora Ali');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('searchbox', { name: 'Caller Name' })).toHaveValue('');
    expect(screen.getByRole('spinbutton', { name: 'Hold time in seconds Min' })).toHaveValue(null);
    expect(screen.getByRole('combobox', { name: 'Received By' })).toHaveTextContent('Anyone');
  });

  it('follows the filters in force when they change (Back, a link)', async () => {
    const { rerender } = renderBar({ callerName: 'Grace' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Caller Name' }), ' typed');
    rerender(<CallFilterBar filters={{ callerName: 'Ada' }} members={[]} onSearch={vi.fn()} onReset={vi.fn()} />);
    expect(screen.getByRole('searchbox', { name: 'Caller Name' })).toHaveValue('Ada');
  });

  describe('Calls between presets', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Opens Calls between (its calendar loads on first use) and returns the calendar. */
    async function openBetween() {
      await userEvent.click(screen.getByRole('combobox', { name: 'Calls between' }));
      return screen.findByRole('dialog', { name: 'Calendar' });
    }

    it('puts Last 7 days (today and the six days before) into the view, and no future day can be chosen', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 15, 18, 30));
      const { onSearch } = renderBar();
      const calendar = await openBetween();
      expect(within(calendar).getByRole('button', { name: 'Monday, November 16, 2026' })).toBeDisabled();
      expect(within(calendar).getByRole('button', { name: 'Sunday, November 15, 2026' })).toBeEnabled();
      const presets = within(calendar).getByRole('group', { name: 'Preset ranges' });
      expect(
        within(presets)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Today', 'Yesterday', 'Last 7 days', 'This month']);
      await userEvent.click(within(presets).getByRole('button', { name: 'Last 7 days' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      const between = screen.getByRole('combobox', { name: 'Calls between' });
      expect(between).toHaveTextContent('Nov 9, 2026');
      expect(between).toHaveTextContent('Nov 15, 2026');
      await userEvent.click(screen.getByRole('button', { name: 'Search' }));
      const filters = onSearch.mock.lastCall?.[0] as CallFilters;
      expect(filters).toEqual({ from: '2026-11-09', to: '2026-11-15' });
      const view = withFilters(DEFAULT_CALL_VIEW, filters);
      expect(serialiseCallView(view).toString()).toBe('from=2026-11-09&to=2026-11-15');
      // Whole local days: from the first moment of the 9th to the last of the 15th.
      const query = toCallListQuery(view);
      expect(query.from).toBe(new Date(2026, 10, 9).toISOString());
      expect(query.to).toBe(new Date(2026, 10, 15, 23, 59, 59, 999).toISOString());
    });

    // Five openings of a two-month calendar: slow in jsdom on a shared machine.
    it('counts Today, Yesterday, Last 7 days and This month on the local calendar, across a month’s start', {
      timeout: 45_000,
    }, async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 2, 1, 0, 15));
      const { onSearch } = renderBar();
      const expected: [string, CallFilters][] = [
        ['Today', { from: '2026-03-01', to: '2026-03-01' }],
        ['Yesterday', { from: '2026-02-28', to: '2026-02-28' }],
        ['Last 7 days', { from: '2026-02-23', to: '2026-03-01' }],
        ['This month', { from: '2026-03-01', to: '2026-03-01' }],
      ];
      for (const [preset, filters] of expected) {
        const calendar = await openBetween();
        await userEvent.click(within(calendar).getByRole('button', { name: preset }));
        await userEvent.click(screen.getByRole('button', { name: 'Search' }));
        expect(onSearch, preset).toHaveBeenLastCalledWith(filters);
      }
      // The range in force shows its preset pressed.
      const calendar = await openBetween();
      expect(within(calendar).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(calendar).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('refuses a typed future day with a message, and takes typed days up to today', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 15, 9, 0));
      const { onSearch } = renderBar();
      const calendar = await openBetween();
      await userEvent.type(within(calendar).getByRole('textbox', { name: 'Start time' }), '11/02/2026');
      await userEvent.type(within(calendar).getByRole('textbox', { name: 'End time' }), '11/16/2026{Enter}');
      expect(within(calendar).getByRole('alert')).toHaveTextContent('Choose a day no later than Nov 15, 2026.');
      await userEvent.clear(within(calendar).getByRole('textbox', { name: 'End time' }));
      await userEvent.type(within(calendar).getByRole('textbox', { name: 'End time' }), '2026-11-15{Enter}');
      expect(screen.queryByRole('dialog')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Search' }));
      expect(onSearch).toHaveBeenLastCalledWith({ from: '2026-11-02', to: '2026-11-15' });
    });
  });
});
