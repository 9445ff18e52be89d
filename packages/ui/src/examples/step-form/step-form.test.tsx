import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderWithProviders } from '../../testing';
import { isValidAmount, SAMPLE_TRANSFER, StepFormPage } from './step-form';

function currentStep(): HTMLElement | undefined {
  return within(screen.getByRole('list', { name: 'Transfer steps' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step');
}

async function next() {
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Step 2 of 3: Confirm transfer information' })).toHaveFocus(),
  );
}

describe('StepFormPage', () => {
  it('has no axe violations on the first step', async () => {
    renderWithProviders(<StepFormPage />);
    expect(currentStep()).toHaveTextContent('Fill in transfer information');
    await expectNoAxeViolations();
  });

  it('accepts amounts above zero with up to two decimals', () => {
    expect(isValidAmount('500')).toBe(true);
    expect(isValidAmount('0.01')).toBe(true);
    expect(isValidAmount(' 12.50 ')).toBe(true);
    expect(isValidAmount('0')).toBe(false);
    expect(isValidAmount('1.234')).toBe(false);
    expect(isValidAmount('-5')).toBe(false);
    expect(isValidAmount('12,5')).toBe(false);
  });

  it('stays on step 1 while a field is missing or wrong', async () => {
    renderWithProviders(<StepFormPage />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Receiver name' }));
    const amount = screen.getByRole('textbox', { name: 'Transfer amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("Please enter the receiver's name")).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid amount')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Receiver name' })).toHaveFocus();
    expect(currentStep()).toHaveTextContent('Fill in transfer information');
  });

  it('shows the transfer to confirm, and Back returns to step 1 with the values kept', async () => {
    renderWithProviders(<StepFormPage />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Transfer amount' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Transfer amount' }), '1250.5');
    await next();
    expect(currentStep()).toHaveTextContent('Confirm transfer information');
    expect(screen.getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByText('E-wallet · alex@example.com')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('cannot be returned');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Step 1 of 3: Fill in transfer information' })).toHaveFocus(),
    );
    expect(screen.getByRole('textbox', { name: 'Transfer amount' })).toHaveValue('1250.5');
  });

  it('needs the payment password, then shows the result and reports the transfer', async () => {
    const onTransfer = vi.fn();
    const onViewBill = vi.fn();
    renderWithProviders(<StepFormPage onTransfer={onTransfer} onViewBill={onViewBill} />);
    await next();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter the payment password')).toBeInTheDocument();
    expect(onTransfer).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Payment password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Step 3 of 3: Complete' })).toHaveFocus());
    expect(onTransfer).toHaveBeenCalledExactlyOnceWith(SAMPLE_TRANSFER);
    expect(screen.getByRole('heading', { name: 'Operation successful' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Transfer steps' })).getAllByText('(Completed)', { exact: false }),
    ).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'View bill' }));
    expect(onViewBill).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Transfer again' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Step 1 of 3: Fill in transfer information' })).toHaveFocus(),
    );
    expect(screen.getByRole('textbox', { name: 'Transfer amount' })).toHaveValue(SAMPLE_TRANSFER.amount);
  });
});
