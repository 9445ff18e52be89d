import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

describe('Card', () => {
  it('conforms, with every part marked', async () => {
    const { container } = renderWithProviders(
      <Card className="custom">
        <CardHeader>
          <CardTitle>Recent calls</CardTitle>
          <CardDescription>This week</CardDescription>
          <CardAction>
            <button type="button">More</button>
          </CardAction>
        </CardHeader>
        <CardContent>24 calls</CardContent>
        <CardFooter>Updated today</CardFooter>
      </Card>,
    );
    for (const slot of [
      'card-header',
      'card-title',
      'card-description',
      'card-action',
      'card-content',
      'card-footer',
    ]) {
      expect(container.querySelector(`[data-slot="${slot}"]`)).not.toBeNull();
    }
    await expectConformance(container.querySelector('[data-slot="card"]') as HTMLElement, {
      slot: 'card',
      className: 'custom',
    });
  });

  it('titles with a heading, whose level the caller can change', () => {
    const { rerender } = renderWithProviders(<CardTitle>Calls</CardTitle>);
    expect(screen.getByRole('heading', { level: 3, name: 'Calls' })).toBeInTheDocument();
    rerender(
      <CardTitle asChild>
        <h2>Calls</h2>
      </CardTitle>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Calls' })).toHaveAttribute('data-slot', 'card-title');
  });

  it('replaces its content with an announced skeleton while loading', () => {
    const { rerender } = renderWithProviders(
      <CardContent loading loadingLabel="Loading calls">
        24 calls
      </CardContent>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading calls');
    expect(screen.queryByText('24 calls')).toBeNull();
    rerender(<CardContent>24 calls</CardContent>);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('24 calls')).toBeInTheDocument();
  });
});
