import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Skeleton, SkeletonAvatar, SkeletonGroup, SkeletonText } from './skeleton';

describe('Skeleton', () => {
  it('conforms and stays hidden from assistive technology', async () => {
    const { container } = renderWithProviders(<Skeleton className="custom" />);
    const block = container.querySelector<HTMLElement>('[data-slot="skeleton"]');
    expect(block).not.toBeNull();
    expect(block).toHaveAttribute('aria-hidden', 'true');
    await expectConformance(block as HTMLElement, { slot: 'skeleton', className: 'custom' });
  });

  it('draws the requested number of text lines, at least one', () => {
    const { container, rerender } = renderWithProviders(<SkeletonText lines={4} />);
    expect(container.querySelectorAll('[data-slot="skeleton-line"]')).toHaveLength(4);
    rerender(<SkeletonText lines={0} />);
    expect(container.querySelectorAll('[data-slot="skeleton-line"]')).toHaveLength(1);
  });

  it('sizes the avatar placeholder', () => {
    const { container } = renderWithProviders(<SkeletonAvatar size="lg" />);
    expect(container.querySelector('[data-slot="skeleton-avatar"]')).toHaveAttribute('data-size', 'lg');
  });

  it('announces loading once from the group, with a default or given label', async () => {
    const { rerender } = renderWithProviders(
      <SkeletonGroup className="custom">
        <SkeletonAvatar />
        <SkeletonText />
      </SkeletonGroup>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(status).toHaveAttribute('aria-busy', 'true');
    await expectConformance(status, { slot: 'skeleton-group', className: 'custom' });
    rerender(<SkeletonGroup label="Loading calls" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading calls');
  });
});
