import { changeLocale } from '@parley/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, expectNoAxeViolations, renderWithProviders } from '../../testing';
import { RecordingStatus } from './recording-status';

const NONE_TEXT = 'Recording not generated, click the icon to generate it';
const ERROR_TEXT = 'Recording cannot be generated ,Please contact admin';

afterEach(async () => {
  await changeLocale('en-US');
});

describe('RecordingStatus', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    const { container } = renderWithProviders(<RecordingStatus status="none" className="custom" />);
    const root = container.querySelector('[data-slot="recording-status"]') as HTMLElement;
    expect(root).toHaveAttribute('data-state', 'none');
    expect(root).toHaveAttribute('data-variant', 'compact');
    await expectConformance(root, { slot: 'recording-status', className: 'custom' });
  });

  it('passes axe in every status and variant', async () => {
    const { container } = renderWithProviders(
      <div>
        {(['none', 'generating', 'ready', 'error'] as const).flatMap((status) =>
          (['compact', 'labelled'] as const).map((variant) => (
            <RecordingStatus key={`${status}-${variant}`} status={status} variant={variant} onRetry={() => {}} />
          )),
        )}
      </div>,
    );
    const roots = container.querySelectorAll('[data-slot="recording-status"]');
    expect(roots).toHaveLength(8);
    await expectNoAxeViolations(container);
  });

  it('asks to generate a missing recording from an icon button named by the full text', async () => {
    const onGenerate = vi.fn();
    renderWithProviders(<RecordingStatus status="none" onGenerate={onGenerate} />);
    const button = screen.getByRole('button', { name: NONE_TEXT });
    expect(button).not.toHaveTextContent(NONE_TEXT);
    await userEvent.click(button);
    expect(onGenerate).toHaveBeenCalledTimes(1);
  });

  it('adds the subject to the accessible names, keeping the visible text short', async () => {
    const onPlay = vi.fn();
    const { rerender } = renderWithProviders(<RecordingStatus status="ready" subject="Call 42" onPlay={onPlay} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play recording, Call 42' }));
    expect(onPlay).toHaveBeenCalledTimes(1);
    rerender(<RecordingStatus status="none" subject="Call 42" />);
    expect(screen.getByRole('button', { name: `${NONE_TEXT}, Call 42` })).toBeInTheDocument();
    rerender(<RecordingStatus status="generating" subject="Call 42" />);
    expect(screen.getByRole('status')).toHaveTextContent('Generating recording…, Call 42');
    rerender(<RecordingStatus status="error" subject="Call 42" onRetry={() => {}} />);
    expect(screen.getByText(ERROR_TEXT)).toHaveAttribute('aria-hidden');
    expect(screen.getByText(`${ERROR_TEXT}, Call 42`)).toHaveClass('sr-only');
    expect(screen.getByRole('button', { name: 'Retry, Call 42' })).toHaveTextContent('Retry');
    rerender(<RecordingStatus status="ready" variant="labelled" subject="Call 42" />);
    const labelled = screen.getByRole('button', { name: 'Play recording, Call 42' });
    expect(labelled).toHaveTextContent('Play recording');
    rerender(<RecordingStatus status="error" variant="labelled" subject="Call 42" />);
    expect(screen.getByText(ERROR_TEXT)).toHaveAttribute('aria-hidden');
    expect(screen.getByText(`${ERROR_TEXT}, Call 42`)).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows the compact text in a tooltip on keyboard focus', async () => {
    renderWithProviders(<RecordingStatus status="none" />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: NONE_TEXT })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NONE_TEXT);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('labels the generate button with visible text in the labelled variant', async () => {
    const onGenerate = vi.fn();
    renderWithProviders(<RecordingStatus status="none" variant="labelled" onGenerate={onGenerate} />);
    const button = screen.getByRole('button', { name: NONE_TEXT });
    expect(button).toHaveTextContent(NONE_TEXT);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onGenerate).toHaveBeenCalledTimes(1);
  });

  it('announces generation in progress, with no button to press', () => {
    renderWithProviders(<RecordingStatus status="generating" variant="labelled" />);
    expect(screen.getByRole('status')).toHaveTextContent('Generating recording…');
    expect(screen.getByText('Generating recording…')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('announces generation in the compact variant and shows why on focus', async () => {
    renderWithProviders(<RecordingStatus status="generating" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Generating recording…');
    await userEvent.tab();
    expect(status).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Generating recording…');
  });

  it('plays a ready recording', async () => {
    const onPlay = vi.fn();
    const { rerender } = renderWithProviders(<RecordingStatus status="ready" onPlay={onPlay} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play recording' }));
    rerender(<RecordingStatus status="ready" variant="labelled" onPlay={onPlay} />);
    const labelled = screen.getByRole('button', { name: 'Play recording' });
    expect(labelled).toHaveTextContent('Play recording');
    await userEvent.click(labelled);
    expect(onPlay).toHaveBeenCalledTimes(2);
  });

  it('shows the exact error text next to the icon in the compact variant, not only in a tooltip', async () => {
    const { container } = renderWithProviders(<RecordingStatus status="error" />);
    expect(screen.getByText(ERROR_TEXT)).toBeVisible();
    expect(container.querySelector('[data-slot="recording-status-indicator"] svg')).toBeInTheDocument();
    // Nothing to press without onRetry, and no tooltip repeating what is already written.
    expect(screen.queryByRole('button')).toBeNull();
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the exact error text in the labelled variant', () => {
    renderWithProviders(<RecordingStatus status="error" variant="labelled" />);
    expect(screen.getByText(ERROR_TEXT)).toBeVisible();
  });

  it('offers Retry on a failed recording in both variants', async () => {
    const onRetry = vi.fn();
    const { unmount } = renderWithProviders(<RecordingStatus status="error" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    unmount();
    renderWithProviders(<RecordingStatus status="error" variant="labelled" onRetry={onRetry} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('says what it is given instead of SPEC §8’s advice (the cause, for an admin)', () => {
    renderWithProviders(
      <RecordingStatus status="error" errorText="Recording cannot be generated: ffmpeg is not installed." />,
    );
    expect(screen.getByText('Recording cannot be generated: ffmpeg is not installed.')).toBeVisible();
    expect(screen.queryByText(ERROR_TEXT)).toBeNull();
  });

  it('turns its buttons off when disabled', async () => {
    const onGenerate = vi.fn();
    const onPlay = vi.fn();
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(<RecordingStatus status="none" disabled onGenerate={onGenerate} />);
    const generate = screen.getByRole('button', { name: NONE_TEXT });
    expect(generate).toBeDisabled();
    await userEvent.click(generate);
    rerender(<RecordingStatus status="error" disabled onRetry={onRetry} />);
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry).toBeDisabled();
    await userEvent.click(retry);
    expect(onRetry).not.toHaveBeenCalled();
    rerender(<RecordingStatus status="ready" variant="labelled" disabled onPlay={onPlay} />);
    expect(screen.getByRole('button', { name: 'Play recording' })).toBeDisabled();
    expect(onGenerate).not.toHaveBeenCalled();
    expect(onPlay).not.toHaveBeenCalled();
  });

  it('follows the state when the recording moves on', () => {
    const { container, rerender } = renderWithProviders(<RecordingStatus status="none" />);
    const root = container.querySelector('[data-slot="recording-status"]');
    rerender(<RecordingStatus status="generating" />);
    expect(root).toHaveAttribute('data-state', 'generating');
    rerender(<RecordingStatus status="ready" />);
    expect(root).toHaveAttribute('data-state', 'ready');
    expect(screen.getByRole('button', { name: 'Play recording' })).toBeInTheDocument();
  });

  it('speaks Arabic and points its tooltip the reading way in Arabic', async () => {
    await changeLocale('ar-EG');
    renderWithProviders(<RecordingStatus status="none" />, { locale: 'ar-EG' });
    await userEvent.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.closest('[data-slot="recording-status-tooltip"]')).toHaveAttribute('dir', 'rtl');
  });

  it('shows the error and Retry in Arabic', async () => {
    await changeLocale('ar-EG');
    renderWithProviders(<RecordingStatus status="error" onRetry={() => {}} />, { locale: 'ar-EG' });
    expect(screen.getByText('تعذّر إنشاء التسجيل، يُرجى التواصل مع المسؤول')).toBeVisible();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});
