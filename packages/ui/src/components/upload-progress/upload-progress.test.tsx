import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { formatBytes, UploadProgress } from './upload-progress';

const MB = 1024 * 1024;

describe('UploadProgress', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    const { container } = renderWithProviders(
      <UploadProgress className="custom" name="Demo" sentBytes={MB} totalBytes={4 * MB} onCancel={() => {}} />,
    );
    await expectConformance(container.querySelector('[data-slot="upload-progress"]') as HTMLElement, {
      slot: 'upload-progress',
      className: 'custom',
    });
  });

  it('shows the share sent, bytes of the total and the time left, and cancels', async () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <UploadProgress name="Demo" sentBytes={12 * MB} totalBytes={80 * MB} secondsLeft={95} onCancel={onCancel} />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Demo' });
    expect(bar).toHaveAttribute('aria-valuenow', '15');
    expect(bar).toHaveAccessibleDescription('12 MB of 80 MB · 2 minutes left');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('words the time left in seconds, minutes or hours, and says when it cannot tell yet', () => {
    const { rerender } = renderWithProviders(
      <UploadProgress name="D" sentBytes={0} totalBytes={MB} secondsLeft={null} />,
    );
    expect(screen.getByRole('progressbar')).toHaveAccessibleDescription(/Estimating time left…$/);
    rerender(<UploadProgress name="D" sentBytes={0} totalBytes={MB} secondsLeft={0.4} />);
    expect(screen.getByRole('progressbar')).toHaveAccessibleDescription(/1 second left$/);
    rerender(<UploadProgress name="D" sentBytes={0} totalBytes={MB} secondsLeft={42} />);
    expect(screen.getByRole('progressbar')).toHaveAccessibleDescription(/42 seconds left$/);
    rerender(<UploadProgress name="D" sentBytes={0} totalBytes={MB} secondsLeft={7300} />);
    expect(screen.getByRole('progressbar')).toHaveAccessibleDescription(/3 hours left$/);
  });

  it('announces success and failure, and offers Retry after a failure', async () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(
      <UploadProgress name="D" status="success" sentBytes={MB} totalBytes={MB} onCancel={() => {}} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    rerender(
      <UploadProgress name="D" status="error" sentBytes={0} totalBytes={MB} errorText="Offline" onRetry={onRetry} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Upload failed');
    expect(screen.getByRole('progressbar')).toHaveAccessibleDescription('Offline');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('formats sizes in the locale, in 1024 steps', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 byte');
    expect(formatBytes(1536, 'en-US')).toBe('2 kB');
    expect(formatBytes(12.25 * MB, 'en-US')).toBe('12.3 MB');
    expect(formatBytes(3 * 1024 * MB, 'de-DE')).toBe('3\u00a0GB');
  });
});
