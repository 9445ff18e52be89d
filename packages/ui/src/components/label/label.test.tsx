import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Input } from '../input/input';
import { Label } from './label';

describe('Label', () => {
  it('conforms and names its control', async () => {
    renderWithProviders(
      <>
        <Label htmlFor="n" className="custom">
          Name
        </Label>
        <Input id="n" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    await expectConformance(screen.getByText('Name'), { slot: 'label', className: 'custom' });
  });

  it('focuses its control on click and keeps the required mark out of the name', async () => {
    renderWithProviders(
      <>
        <Label htmlFor="n" required>
          Name
        </Label>
        <Input id="n" required />
      </>,
    );
    await userEvent.click(screen.getByText('Name'));
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveFocus();
    expect(input).toBeRequired();
  });
});
