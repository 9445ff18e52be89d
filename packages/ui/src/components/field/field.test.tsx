import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { DatePicker } from '../date-picker/date-picker';
import { Input } from '../input/input';
import { Field } from './field';

describe('Field', () => {
  it('conforms and names its control with the label', async () => {
    const { container } = renderWithProviders(
      <Field label="Caller name" className="custom">
        <Input />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Caller name' })).toBeInTheDocument();
    await expectConformance(container.querySelector('[data-slot="field"]') as HTMLElement, {
      slot: 'field',
      className: 'custom',
    });
  });

  it('describes the control with its description and, when invalid, its error', () => {
    const { rerender } = renderWithProviders(
      <Field label="E-mail" description="We reply within a day.">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAccessibleDescription('We reply within a day.');
    expect(input).not.toBeInvalid();
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(
      <Field label="E-mail" description="We reply within a day." error="The input is not valid E-mail!">
        <Input />
      </Field>,
    );
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('We reply within a day. The input is not valid E-mail!');
    expect(screen.getByRole('alert')).toHaveTextContent('The input is not valid E-mail!');
  });

  it('leaves aria-describedby off when there is nothing to describe', () => {
    renderWithProviders(
      <Field label="Nickname">
        <Input />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Nickname' })).not.toHaveAttribute('aria-describedby');
  });

  it("keeps the control's own id and points the label at it", async () => {
    renderWithProviders(
      <Field label="Phone" required>
        <Input id="phone" required />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAttribute('id', 'phone');
    expect(input).toBeRequired();
    await userEvent.click(screen.getByText('Phone'));
    expect(input).toHaveFocus();
  });

  it('wires a date picker the same way', () => {
    renderWithProviders(
      <Field label="Call date" error="'Call date' is required">
        <DatePicker />
      </Field>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toBeInvalid();
    expect(trigger).toHaveAccessibleDescription("'Call date' is required");
  });
});
