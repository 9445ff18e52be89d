import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { CallCard, CallCardStack } from './call-card';

describe('CallCard', () => {
  it('conforms', async () => {
    renderWithProviders(<CallCard state="ringing" callerName="Ada" elapsed="0:01" className="custom" />);
    await expectConformance(screen.getByRole('article', { name: 'Incoming call' }), {
      slot: 'call-card',
      className: 'custom',
    });
  });

  it('names the caller, their contact and topic, and answers or declines', async () => {
    const onAnswer = vi.fn();
    const onDecline = vi.fn();
    renderWithProviders(
      <CallCard
        state="ringing"
        callerName="Ada Lovelace"
        contact={['ada@example.com']}
        topic="Call us"
        elapsed="1:05"
        onAnswer={onAnswer}
        onDecline={onDecline}
      />,
    );
    const card = screen.getByRole('article', { name: 'Incoming call' });
    expect(card).toHaveAccessibleDescription('Ada Lovelace ada@example.com Call us · Waiting 1:05');
    await userEvent.click(screen.getByRole('button', { name: 'Answer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledTimes(1);
  });

  it('says Visitor for a caller without a name', () => {
    renderWithProviders(<CallCard state="ringing" callerName="  " elapsed="0:00" />);
    expect(screen.getByText('Visitor')).toBeInTheDocument();
  });

  it('keeps the other buttons waiting while one is busy', () => {
    renderWithProviders(<CallCard state="ringing" callerName="Ada" elapsed="0:00" busy="decline" />);
    expect(screen.getByRole('button', { name: 'Answer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveAttribute('aria-busy', 'true');
  });

  it('offers Hang up once connected, and nothing once another member took it', async () => {
    const onHangUp = vi.fn();
    const { rerender } = renderWithProviders(
      <CallCard state="connected" callerName="Ada" elapsed="2:00" onHangUp={onHangUp} />,
    );
    expect(screen.getByText('Talking 2:00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(onHangUp).toHaveBeenCalledTimes(1);
    rerender(<CallCard state="taken" takenBy="Lea" callerName="Ada" elapsed="2:00" />);
    expect(screen.getByRole('article', { name: 'Answered by Lea' })).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('sits in a labelled stack that announces new cards politely', () => {
    renderWithProviders(
      <CallCardStack>
        <CallCard state="ringing" callerName="Ada" elapsed="0:00" />
      </CallCardStack>,
    );
    const stack = screen.getByRole('region', { name: 'Calls' });
    expect(stack).toHaveAttribute('aria-live', 'polite');
    expect(stack).toHaveAttribute('aria-relevant', 'additions');
  });
});
