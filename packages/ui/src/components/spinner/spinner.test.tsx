import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('conforms and announces loading', async () => {
    renderWithProviders(<Spinner className="custom" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    await expectConformance(status, { slot: 'spinner', className: 'custom' });
  });

  it('uses the given label', () => {
    renderWithProviders(<Spinner label="Loading calls" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading calls');
  });

  it('stays silent when decorative', () => {
    const { container } = renderWithProviders(<Spinner decorative />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('[data-slot="spinner"]')).toHaveAttribute('aria-hidden', 'true');
  });
});
