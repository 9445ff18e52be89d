import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderWithProviders } from '../../testing';
import { BasicFormPage, isValidWeight } from './basic-form';

// The date range's calendar is about a hundred buttons; userEvent over it is slow in jsdom.
describe('BasicFormPage', { timeout: 20_000 }, () => {
  it('has no axe violations', async () => {
    renderWithProviders(<BasicFormPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Basic form' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows the four required messages on an empty submit and focuses the title', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<BasicFormPage onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a title')).toBeInTheDocument();
    expect(screen.getByText('Please select the start and end date')).toBeInTheDocument();
    expect(screen.getByText('Please enter a goal description')).toBeInTheDocument();
    expect(screen.getByText('Please enter a metric')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Please enter a title');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts an empty weight or one from 0 to 100', () => {
    expect(isValidWeight('')).toBe(true);
    expect(isValidWeight('0')).toBe(true);
    expect(isValidWeight('100')).toBe(true);
    expect(isValidWeight('12.5')).toBe(true);
    expect(isValidWeight('-1')).toBe(false);
    expect(isValidWeight('100.5')).toBe(false);
    expect(isValidWeight('e')).toBe(false);
  });

  it('asks who may see the target only while it is partially public', async () => {
    renderWithProviders(<BasicFormPage />);
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Public to' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Partially public' }));
    expect(screen.getByRole('combobox', { name: 'Public to' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Private' }));
    expect(screen.queryByRole('combobox', { name: 'Public to' })).toBeNull();
  });

  it('submits a complete target and confirms it with a message', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<BasicFormPage onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Q4 support');
    await userEvent.click(screen.getByRole('combobox', { name: 'Start and end date' }));
    // The calendar opens on the fixed 'today', 15 November 2026.
    await userEvent.keyboard('{Enter}{ArrowDown}{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Goal description' }), 'Answer within a minute');
    await userEvent.type(screen.getByRole('textbox', { name: 'Metrics' }), 'Median hold under 60 s');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Weight (%) (optional)' }), '101');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a weight between 0 and 100')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Weight (%) (optional)' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Weight (%) (optional)' }), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      title: 'Q4 support',
      dates: { from: new Date(2026, 10, 15), to: new Date(2026, 10, 22) },
      goal: 'Answer within a minute',
      standard: 'Median hold under 60 s',
      client: '',
      invites: '',
      weight: '40',
      disclosure: 'public',
      publicTo: '',
    });
    expect(await screen.findByText('Submitted successfully')).toBeInTheDocument();
  });

  it('saves a draft without checking it', async () => {
    const onSave = vi.fn();
    const onSubmit = vi.fn();
    renderWithProviders(<BasicFormPage onSave={onSave} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ title: 'Draft', goal: '' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('Please enter a goal description')).toBeNull();
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
  });
});
