import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import { Tooltip, TooltipContent, type TooltipContentProps, TooltipTrigger } from './tooltip';

function HelpTooltip({
  onOpenChange,
  contentProps,
}: {
  onOpenChange?: (open: boolean) => void;
  contentProps?: Partial<TooltipContentProps>;
}) {
  return (
    <Tooltip onOpenChange={onOpenChange}>
      <TooltipTrigger asChild>
        <Button>Help</Button>
      </TooltipTrigger>
      <TooltipContent {...contentProps}>Open the help centre</TooltipContent>
    </Tooltip>
  );
}

function visibleContent() {
  return document.querySelector('[data-slot="tooltip-content"]');
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen((value) => !value)}>Toggle hint</Button>
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild>
          <Button>Help</Button>
        </TooltipTrigger>
        <TooltipContent>Open the help centre</TooltipContent>
      </Tooltip>
    </>
  );
}

describe('Tooltip', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<HelpTooltip contentProps={{ className: 'custom' }} />);
    await userEvent.tab();
    await screen.findByRole('tooltip');
    const content = visibleContent() as HTMLElement;
    await expectConformance(content, { slot: 'tooltip-content', className: 'custom' });
  });

  it('shows on keyboard focus, describes the trigger and hides with Escape', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<HelpTooltip onOpenChange={onOpenChange} />);
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open the help centre');
    expect(screen.getByRole('button', { name: 'Help' })).toHaveAccessibleDescription('Open the help centre');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  // Hiding on pointer leave depends on geometry (Radix's grace area), so the Default story covers it in Chromium.
  it('shows on hover only after the shared delay', async () => {
    renderWithProviders(<HelpTooltip />);
    await userEvent.hover(screen.getByRole('button', { name: 'Help' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open the help centre');
  });

  it('draws an arrow unless told not to', async () => {
    const { unmount } = renderWithProviders(<HelpTooltip />);
    await userEvent.tab();
    await screen.findByRole('tooltip');
    expect(visibleContent()?.querySelector('svg')).not.toBeNull();
    unmount();
    renderWithProviders(<HelpTooltip contentProps={{ showArrow: false }} />);
    await userEvent.tab();
    await screen.findByRole('tooltip');
    expect(visibleContent()?.querySelector('svg')).toBeNull();
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle hint' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open the help centre');
  });

  it('passes the writing direction to the portalled content', async () => {
    renderWithProviders(<HelpTooltip />, { locale: 'ar-EG' });
    await userEvent.tab();
    await screen.findByRole('tooltip');
    expect(visibleContent()).toHaveAttribute('dir', 'rtl');
  });
});
