import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Progress } from './progress';

describe('Progress', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<Progress className="custom" value={40} label="Uploading" showValue detail="32 MB of 80 MB" />);
    await expectConformance(screen.getByRole('progressbar', { name: 'Uploading' }), {
      slot: 'progress',
      className: 'custom',
    });
  });

  it('exposes the value, range and translated value text', () => {
    renderWithProviders(<Progress value={42.4} label="Uploading" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar).toHaveAttribute('aria-valuenow', '42.4');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '42%');
    expect(bar).toHaveAttribute('data-shape', 'bar');
  });

  it('shows the percentage only when asked, hidden from assistive technology', () => {
    const { rerender } = renderWithProviders(<Progress value={45} label="Uploading" />);
    expect(screen.getByRole('progressbar')).not.toHaveTextContent('45%');
    rerender(<Progress value={45} label="Uploading" showValue />);
    const shown = screen.getByText('45%');
    expect(shown).toHaveAttribute('aria-hidden', 'true');
  });

  it('is indeterminate without a value', () => {
    renderWithProviders(<Progress label="Generating recording" showValue />);
    const bar = screen.getByRole('progressbar', { name: 'Generating recording' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).not.toHaveAttribute('aria-valuetext');
    expect(bar).toHaveAttribute('data-state', 'indeterminate');
  });

  it('clamps values outside 0..100', () => {
    renderWithProviders(
      <>
        <Progress value={140} label="Over" />
        <Progress value={-5} label="Under" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Over' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Under' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('counts 100 as success unless a status is given', () => {
    renderWithProviders(
      <>
        <Progress value={100} label="Done" />
        <Progress value={100} status="normal" label="Still normal" />
        <Progress value={50} label="Half" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Done' })).toHaveAttribute('data-status', 'success');
    expect(screen.getByRole('progressbar', { name: 'Still normal' })).toHaveAttribute('data-status', 'normal');
    expect(screen.getByRole('progressbar', { name: 'Half' })).toHaveAttribute('data-status', 'normal');
  });

  it('says when it failed, not only with colour', () => {
    renderWithProviders(<Progress value={60} status="error" label="Uploading" showValue />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '60%, failed');
  });

  it('is described by its detail', () => {
    renderWithProviders(
      <>
        <p id="hint">Keep this tab open.</p>
        <Progress value={15} label="Uploading" detail="12 MB of 80 MB · 1 min left" aria-describedby="hint" />
      </>,
    );
    expect(screen.getByRole('progressbar')).toHaveAccessibleDescription(
      'Keep this tab open. 12 MB of 80 MB · 1 min left',
    );
  });

  it('draws a ring whose arc follows the value', () => {
    renderWithProviders(<Progress shape="circle" value={75} label="Uploading" showValue />);
    const ring = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(ring).toHaveAttribute('data-shape', 'circle');
    expect(ring).toHaveTextContent('75%');
    const arc = ring.querySelector('circle[data-slot="progress-indicator"]');
    const dashArray = Number(arc?.getAttribute('stroke-dasharray'));
    const dashOffset = Number(arc?.getAttribute('stroke-dashoffset'));
    expect(dashOffset / dashArray).toBeCloseTo(0.25);
  });
});
