import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Avatar, AvatarFallback, AvatarImage, getInitials } from './avatar';

describe('Avatar', () => {
  it('conforms', async () => {
    const { container } = renderWithProviders(
      <Avatar className="custom" size="lg" shape="square">
        <AvatarFallback name="Ada Lovelace" />
      </Avatar>,
    );
    const avatar = container.querySelector('[data-slot="avatar"]') as HTMLElement;
    expect(avatar).toHaveAttribute('data-size', 'lg');
    expect(avatar).toHaveAttribute('data-shape', 'square');
    await expectConformance(avatar, { slot: 'avatar', className: 'custom' });
  });

  it('shows initials while the picture has not loaded, and reads the full name', () => {
    renderWithProviders(
      <Avatar>
        <AvatarImage src="/ada.png" alt="Ada Lovelace" />
        <AvatarFallback name="Ada Lovelace" />
      </Avatar>,
    );
    expect(screen.getByText('AL')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Ada Lovelace')).toHaveClass('sr-only');
  });

  it('shows a person icon without a name, and custom children when given', () => {
    const { container, rerender } = renderWithProviders(
      <Avatar>
        <AvatarFallback />
      </Avatar>,
    );
    expect(container.querySelector('[data-slot="avatar-fallback"] svg')).toHaveAttribute('aria-hidden', 'true');
    rerender(
      <Avatar>
        <AvatarFallback>ST</AvatarFallback>
      </Avatar>,
    );
    expect(screen.getByText('ST')).toBeInTheDocument();
  });
});

describe('getInitials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('  grace   brewster murray hopper ')).toBe('GH');
    expect(getInitials('Cher')).toBe('C');
    expect(getInitials('')).toBe('');
    expect(getInitials('محمد علي')).toBe('مع');
  });
});
