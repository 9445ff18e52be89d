import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Input } from './input';

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <>
      <Input aria-label="Name" value={value} onChange={(event) => setValue(event.target.value.toUpperCase())} />
      <output>{value}</output>
    </>
  );
}

describe('Input', () => {
  it('conforms', async () => {
    renderWithProviders(<Input aria-label="Name" className="custom" />);
    await expectConformance(screen.getByRole('textbox', { name: 'Name' }), { slot: 'input', className: 'custom' });
  });

  it('works uncontrolled', async () => {
    renderWithProviders(<Input aria-label="Name" defaultValue="A" />);
    await userEvent.type(screen.getByRole('textbox'), 'da');
    expect(screen.getByRole('textbox')).toHaveValue('Ada');
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    await userEvent.type(screen.getByRole('textbox'), 'ada');
    expect(screen.getByRole('textbox')).toHaveValue('ADA');
    expect(screen.getByRole('status')).toHaveTextContent('ADA');
  });

  it('cannot be edited when disabled', async () => {
    renderWithProviders(<Input aria-label="Name" disabled defaultValue="x" />);
    await userEvent.type(screen.getByRole('textbox'), 'y');
    expect(screen.getByRole('textbox')).toHaveValue('x');
  });
});
