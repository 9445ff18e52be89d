import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderWithProviders } from '../../testing';
import { AdvancedFormPage, isValidDomain, listErrors, SAMPLE_MEMBERS } from './advanced-form';

function members() {
  return within(screen.getByRole('table', { name: 'Member management' }));
}

describe('AdvancedFormPage', () => {
  it('has no axe violations', async () => {
    renderWithProviders(<AdvancedFormPage />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Warehouse management',
      'Task management',
      'Member management',
    ]);
    await expectNoAxeViolations();
  });

  it('accepts host names with a dot as the warehouse domain', () => {
    expect(isValidDomain('example.com')).toBe(true);
    expect(isValidDomain('store.example.co.uk')).toBe(true);
    expect(isValidDomain('localhost')).toBe(false);
    expect(isValidDomain('my shop.com')).toBe(false);
    expect(isValidDomain('-bad.example.com')).toBe(false);
  });

  it('lists errors in page order, whatever order they were raised in', () => {
    expect(
      listErrors({
        taskType: { type: 'custom', message: 'Type' },
        warehouseName: { type: 'custom', message: 'Name' },
        taskReminder: { type: 'custom', message: 'Reminder' },
      }).map((error) => error.name),
    ).toEqual(['warehouseName', 'taskReminder', 'taskType']);
  });

  it('counts the fields to fix on an empty submit and takes you to one from the list', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<AdvancedFormPage onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('button', { name: '12 fields need attention' });
    expect(screen.getByText('Please enter a warehouse name')).toBeInTheDocument();
    expect(screen.getByText('Please choose the effective dates')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Warehouse name' })).toHaveFocus();

    await userEvent.click(summary);
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items).toHaveLength(12);
    expect(items[0]).toHaveTextContent('Please enter a warehouse name');
    await userEvent.click(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Please choose a task type' }),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Task type' })).toHaveFocus());

    await userEvent.type(screen.getByRole('textbox', { name: 'Warehouse name' }), 'Main store');
    expect(await screen.findByRole('button', { name: '11 fields need attention' })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edits a member in place, and Cancel keeps the saved values', async () => {
    renderWithProviders(<AdvancedFormPage />);
    await userEvent.click(members().getByRole('button', { name: 'Edit Jim Green' }));
    const name = members().getByRole('textbox', { name: 'Member name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'James Green');
    await userEvent.click(members().getByRole('button', { name: 'Cancel Jim Green' }));
    expect(members().getByRole('cell', { name: 'Jim Green' })).toBeInTheDocument();

    await userEvent.click(members().getByRole('button', { name: 'Edit Jim Green' }));
    await userEvent.clear(members().getByRole('textbox', { name: 'Member name' }));
    await userEvent.type(members().getByRole('textbox', { name: 'Member name' }), 'James Green');
    await userEvent.click(members().getByRole('button', { name: 'Save Jim Green' }));
    expect(members().getByRole('cell', { name: 'James Green' })).toBeInTheDocument();
    expect(members().queryByRole('textbox')).toBeNull();
  });

  it('adds a member only once it is complete; Cancel drops the new row', async () => {
    renderWithProviders(<AdvancedFormPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(members().getAllByRole('row')).toHaveLength(5);
    await userEvent.click(members().getByRole('button', { name: 'Cancel new member' }));
    expect(members().getAllByRole('row')).toHaveLength(4);

    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    await userEvent.type(members().getByRole('textbox', { name: 'Member name' }), 'Mona Adel');
    await userEvent.click(members().getByRole('button', { name: 'Save new member' }));
    expect(
      await screen.findByText("Please fill in the member's name, employee ID and department."),
    ).toBeInTheDocument();
    await userEvent.type(members().getByRole('textbox', { name: 'Employee ID' }), '00004');
    await userEvent.type(members().getByRole('textbox', { name: 'Department' }), 'Cairo No. 1 Nile Park');
    await userEvent.click(members().getByRole('button', { name: 'Save new member' }));
    expect(members().getByRole('cell', { name: 'Mona Adel' })).toBeInTheDocument();
    expect(members().getAllByRole('row')).toHaveLength(5);
  });

  it('deletes a member after confirmation', async () => {
    renderWithProviders(<AdvancedFormPage />);
    await userEvent.click(members().getByRole('button', { name: 'Delete Joe Black' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(members().getByRole('cell', { name: 'Joe Black' })).toBeInTheDocument();
    await userEvent.click(members().getByRole('button', { name: 'Delete Joe Black' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(members().queryByRole('cell', { name: 'Joe Black' })).toBeNull());
  });

  it('starts with the sample members', () => {
    renderWithProviders(<AdvancedFormPage />);
    for (const member of SAMPLE_MEMBERS) {
      expect(members().getByRole('cell', { name: member.name })).toBeInTheDocument();
    }
  });
});
