import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Direction } from 'radix-ui';
import { describe, expect, it } from 'vitest';
import { Button } from '../button/button';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';
import { UiProvider } from './provider';

function ShowDirection() {
  return <output>{Direction.useDirection()}</output>;
}

describe('UiProvider', () => {
  it('takes the direction from the locale', () => {
    render(
      <UiProvider locale="ar-EG">
        <ShowDirection />
      </UiProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('rtl');
  });

  it('lets an explicit direction win over the locale', () => {
    render(
      <UiProvider locale="ar-EG" dir="ltr">
        <ShowDirection />
      </UiProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('ltr');
  });

  it('gives portalled content the direction', async () => {
    render(
      <UiProvider locale="he-IL">
        <Popover>
          <PopoverTrigger asChild>
            <Button>Open</Button>
          </PopoverTrigger>
          <PopoverContent>Details</PopoverContent>
        </Popover>
      </UiProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('dir', 'rtl');
  });

  it('renders the toast regions', () => {
    render(
      <UiProvider>
        <p>Content</p>
      </UiProvider>,
    );
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });
});
