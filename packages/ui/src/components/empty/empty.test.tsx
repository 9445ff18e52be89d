import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import { Empty } from './empty';

describe('Empty', () => {
  it('conforms and says there is no data by default', async () => {
    const { container } = renderWithProviders(<Empty className="custom" />);
    expect(screen.getByText('No data')).toBeInTheDocument();
    await expectConformance(container.querySelector('[data-slot="empty"]') as HTMLElement, {
      slot: 'empty',
      className: 'custom',
    });
  });

  it('draws a decorative illustration unless told otherwise', () => {
    const { container, rerender } = renderWithProviders(<Empty />);
    const illustration = container.querySelector('[data-slot="empty-illustration"]');
    expect(illustration).toHaveAttribute('aria-hidden', 'true');
    rerender(<Empty image={null} />);
    expect(container.querySelector('[data-slot="empty-illustration"]')).toBeNull();
    rerender(<Empty image={<span data-testid="picture" />} />);
    expect(screen.getByTestId('picture')).toBeInTheDocument();
  });

  it('shows a custom description and an action', async () => {
    const onAdd = vi.fn();
    renderWithProviders(
      <Empty description="No contacts yet.">
        <Button onClick={onAdd}>Add contact</Button>
      </Empty>,
    );
    expect(screen.getByText('No contacts yet.')).toBeInTheDocument();
    expect(screen.queryByText('No data')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });
});
