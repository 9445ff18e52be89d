import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import { Alert } from './alert';

function Controlled() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Show</Button>
      <Alert title="Controlled" dismissible open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('Alert', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<Alert className="custom" title="Saved" description="The note is stored." dismissible />);
    await expectConformance(screen.getByRole('status'), { slot: 'alert', className: 'custom' });
  });

  it('announces errors and warnings at once, info and success politely', () => {
    renderWithProviders(
      <>
        <Alert variant="error" title="Failed" />
        <Alert variant="warning" title="Offline" />
        <Alert variant="info" title="Note" />
        <Alert variant="success" title="Done" />
      </>,
    );
    expect(screen.getAllByRole('alert').map((element) => element.textContent)).toEqual(['Failed', 'Offline']);
    expect(screen.getAllByRole('status').map((element) => element.textContent)).toEqual(['Note', 'Done']);
  });

  it('shows the variant icon unless replaced or turned off', () => {
    const { container } = renderWithProviders(
      <>
        <Alert title="Default icon" />
        <Alert title="Custom icon" icon={<span data-testid="custom-icon" />} />
        <Alert title="No icon" icon={null} />
      </>,
    );
    const icons = container.querySelectorAll('[data-slot="alert-icon"]');
    expect(icons).toHaveLength(2);
    expect(icons[0]?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('custom-icon')).toBeInTheDocument();
  });

  it('renders title, description and action', async () => {
    const onRefresh = vi.fn();
    renderWithProviders(
      <Alert
        title="New content is available"
        description="Reload the page."
        action={<Button onClick={onRefresh}>Refresh</Button>}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('New content is available');
    expect(screen.getByText('Reload the page.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('has no dismiss button unless dismissible', () => {
    renderWithProviders(<Alert title="Fixed" />);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('hides itself when dismissed (uncontrolled), from the keyboard too', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<Alert title="Saved" dismissible onOpenChange={onOpenChange} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('status')).toBeNull();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('starts hidden with defaultOpen false', () => {
    renderWithProviders(<Alert title="Hidden" defaultOpen={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('status')).toHaveTextContent('Controlled');
  });

  it('stays shown when controlled open, whatever the dismiss button does', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<Alert title="Pinned" dismissible open onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
