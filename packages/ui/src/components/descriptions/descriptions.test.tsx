import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Descriptions, fillRows } from './descriptions';

const items = [
  { label: 'Name', children: 'Ada Lovelace' },
  { label: 'Email', children: 'ada@example.com' },
  { label: 'Contact', children: null },
];

describe('Descriptions', () => {
  it('conforms and is a definition list named by its title', async () => {
    const { container } = renderWithProviders(<Descriptions className="custom" title="Caller" items={items} />);
    const list = container.querySelector('dl') as HTMLElement;
    expect(list).toHaveAccessibleName('Caller');
    expect(
      within(list)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Email', 'Contact']);
    expect(
      within(list)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Ada Lovelace', 'ada@example.com', '–']);
    await expectConformance(container.querySelector('[data-slot="descriptions"]') as HTMLElement, {
      slot: 'descriptions',
      className: 'custom',
    });
  });

  it('reports its layout and border, and shows extra content', () => {
    const { container } = renderWithProviders(
      <Descriptions items={items} layout="vertical" bordered extra={<button type="button">Edit</button>} />,
    );
    const root = container.querySelector('[data-slot="descriptions"]');
    expect(root).toHaveAttribute('data-layout', 'vertical');
    expect(root).toHaveAttribute('data-bordered', 'true');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(container.querySelector('dl')).not.toHaveAttribute('aria-labelledby');
  });
});

describe('fillRows', () => {
  it('stretches the last item to close its row', () => {
    expect(fillRows([1, 1, 1, 1], 3)).toEqual([1, 1, 1, 3]);
    expect(fillRows([1, 1, 1], 3)).toEqual([1, 1, 1]);
  });

  it('moves an item that does not fit to the next row and closes the row before it', () => {
    expect(fillRows([1, 1, 2, 1], 3)).toEqual([1, 2, 2, 1]);
  });

  it('caps spans at the column count', () => {
    expect(fillRows([4, 1], 2)).toEqual([2, 2]);
    expect(fillRows([3], 1)).toEqual([1]);
  });
});
