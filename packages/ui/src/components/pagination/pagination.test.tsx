import { changeLocale } from '@parley/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { getPageCount, getPageItems, type PageItem, Pagination } from './pagination';

/** Writes a page list compactly: numbers for pages, « and » for the ellipses with their targets. */
function describeItems(items: PageItem[]): string {
  return items
    .map((item) => {
      if (item.type === 'page') {
        return String(item.page);
      }
      return item.type === 'jump-prev' ? `«${item.page}` : `»${item.page}`;
    })
    .join(' ');
}

function currentPage(): HTMLElement {
  const current = screen.getAllByRole('button').find((button) => button.getAttribute('aria-current') === 'page');
  if (!current) {
    throw new Error('no current page');
  }
  return current;
}

function ControlledPagination() {
  const [page, setPage] = useState(1);
  return (
    <>
      <Pagination total={50} current={page} onChange={setPage} />
      <output>{page}</output>
    </>
  );
}

describe('getPageItems', () => {
  it('lists nothing when there are no pages', () => {
    expect(getPageItems(1, 0)).toEqual([]);
    expect(getPageItems(1, -3)).toEqual([]);
    expect(getPageItems(1, Number.NaN)).toEqual([]);
  });

  it('lists every page while they fit in window + 4 slots', () => {
    expect(describeItems(getPageItems(1, 1))).toBe('1');
    expect(describeItems(getPageItems(5, 9))).toBe('1 2 3 4 5 6 7 8 9');
    expect(describeItems(getPageItems(4, 7, 3))).toBe('1 2 3 4 5 6 7');
  });

  it('puts a forward ellipsis near the start', () => {
    expect(describeItems(getPageItems(1, 10))).toBe('1 2 3 4 5 6 7 »6 10');
    expect(describeItems(getPageItems(5, 10))).toBe('1 2 3 4 5 6 7 »10 10');
  });

  it('puts a backward ellipsis near the end', () => {
    expect(describeItems(getPageItems(10, 10))).toBe('1 «5 4 5 6 7 8 9 10');
    expect(describeItems(getPageItems(6, 10))).toBe('1 «1 4 5 6 7 8 9 10');
  });

  it('puts ellipses on both sides in the middle, jumping five pages', () => {
    expect(describeItems(getPageItems(50, 100))).toBe('1 «45 48 49 50 51 52 »55 100');
  });

  it('jumps three pages and shows a block of three with a window of 3', () => {
    expect(describeItems(getPageItems(50, 100, 3))).toBe('1 «47 49 50 51 »53 100');
    expect(describeItems(getPageItems(1, 100, 3))).toBe('1 2 3 4 5 »4 100');
  });

  it('never hides a single page behind an ellipsis', () => {
    for (let current = 1; current <= 30; current += 1) {
      const items = getPageItems(current, 30);
      expect(items).toHaveLength(9);
      const pages = items.flatMap((item) => (item.type === 'page' ? [item.page] : []));
      items.forEach((item, index) => {
        if (item.type !== 'page') {
          const before = items[index - 1];
          const after = items[index + 1];
          expect(before?.type === 'page' && after?.type === 'page').toBe(true);
          if (before?.type === 'page' && after?.type === 'page') {
            expect(after.page - before.page).toBeGreaterThan(2);
          }
        }
      });
      expect(pages).toContain(current);
    }
  });

  it('clamps a current page outside the range and ignores fractions', () => {
    expect(describeItems(getPageItems(0, 3))).toBe('1 2 3');
    expect(describeItems(getPageItems(500, 100))).toBe('1 «95 94 95 96 97 98 99 100');
    expect(describeItems(getPageItems(50.7, 100))).toBe('1 «45 48 49 50 51 52 »55 100');
  });
});

describe('getPageCount', () => {
  it('rounds up, and an empty list still has one page', () => {
    expect(getPageCount(0, 10)).toBe(1);
    expect(getPageCount(10, 10)).toBe(1);
    expect(getPageCount(11, 10)).toBe(2);
    expect(getPageCount(85, 20)).toBe(5);
  });
});

describe('Pagination', () => {
  afterEach(async () => {
    await changeLocale('en-US');
  });

  it('conforms as a labelled navigation landmark', async () => {
    renderWithProviders(<Pagination total={50} className="custom" />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    await expectConformance(nav, { slot: 'pagination', className: 'custom' });
  });

  it('starts on page 1 with 10 items per page, and marks the current page', () => {
    renderWithProviders(<Pagination total={50} />);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);
    expect(currentPage()).toHaveAccessibleName('Page 1');
    expect(screen.getByRole('button', { name: 'Previous Page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next Page' })).toBeEnabled();
  });

  it('moves between pages uncontrolled and reports page and size', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pagination total={50} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(currentPage()).toHaveAccessibleName('Page 3');
    expect(onChange).toHaveBeenLastCalledWith(3, 10);
    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    expect(onChange).toHaveBeenLastCalledWith(4, 10);
    await userEvent.click(screen.getByRole('button', { name: 'Previous Page' }));
    expect(currentPage()).toHaveAccessibleName('Page 3');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('disables Next on the last page', () => {
    renderWithProviders(<Pagination total={50} defaultCurrent={5} />);
    expect(screen.getByRole('button', { name: 'Next Page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous Page' })).toBeEnabled();
  });

  it('only moves when its parent changes `current`', async () => {
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(<Pagination total={100} current={2} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onChange).toHaveBeenCalledWith(4, 10);
    expect(currentPage()).toHaveAccessibleName('Page 2');
    rerender(<Pagination total={100} current={4} onChange={onChange} />);
    expect(currentPage()).toHaveAccessibleName('Page 4');
  });

  it('jumps five pages with the ellipses, labelled for assistive technology', async () => {
    renderWithProviders(<Pagination total={1000} defaultCurrent={50} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next 5 Pages' }));
    expect(currentPage()).toHaveAccessibleName('Page 55');
    await userEvent.click(screen.getByRole('button', { name: 'Previous 5 Pages' }));
    expect(currentPage()).toHaveAccessibleName('Page 50');
    expect(screen.getByRole('button', { name: 'Previous 5 Pages' })).toHaveAttribute('title', 'Previous 5 Pages');
  });

  it('jumps three pages in the small size', async () => {
    renderWithProviders(<Pagination total={1000} defaultCurrent={50} size="sm" />);
    expect(screen.queryByRole('button', { name: 'Next 5 Pages' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next 3 Pages' }));
    expect(currentPage()).toHaveAccessibleName('Page 53');
    await userEvent.click(screen.getByRole('button', { name: 'Previous 3 Pages' }));
    expect(currentPage()).toHaveAccessibleName('Page 50');
  });

  it('changes the page size and keeps the first item of the page visible', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pagination total={500} defaultCurrent={5} showSizeChanger onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Page Size' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10 / page', '20 / page', '50 / page', '100 / page']);
    // Page 5 at 10 per page starts at item 41, which is on page 3 at 20 per page.
    await userEvent.selectOptions(select, '20');
    expect(onChange).toHaveBeenLastCalledWith(3, 20);
    expect(currentPage()).toHaveAccessibleName('Page 3');
    // Item 41 is on page 1 at 100 per page.
    await userEvent.selectOptions(select, '100');
    expect(onChange).toHaveBeenLastCalledWith(1, 100);
  });

  it('keeps a page size that is not among the options selectable', () => {
    renderWithProviders(<Pagination total={500} pageSize={25} showSizeChanger pageSizeOptions={[10, 50]} />);
    expect(screen.getByRole('combobox', { name: 'Page Size' })).toHaveValue('25');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('jumps with the Go to field on Enter, clamping to the range', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pagination total={200} showQuickJumper onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Go to' });
    await userEvent.type(field, '7{Enter}');
    expect(currentPage()).toHaveAccessibleName('Page 7');
    expect(field).toHaveValue('');
    await userEvent.type(field, '999{Enter}');
    expect(currentPage()).toHaveAccessibleName('Page 20');
    await userEvent.type(field, '0{Enter}');
    expect(currentPage()).toHaveAccessibleName('Page 1');
    await userEvent.type(field, 'abc{Enter}');
    expect(currentPage()).toHaveAccessibleName('Page 1');
    expect(onChange.mock.calls).toEqual([
      [7, 10],
      [20, 10],
      [1, 10],
    ]);
  });

  it('does not jump before Enter', async () => {
    renderWithProviders(<Pagination total={200} showQuickJumper />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Go to' }), '7');
    expect(currentPage()).toHaveAccessibleName('Page 1');
  });

  it('reads Arabic-Indic digits typed into the Go to field', async () => {
    renderWithProviders(<Pagination total={200} showQuickJumper />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Go to' }), '١٢{Enter}');
    expect(currentPage()).toHaveAccessibleName('Page 12');
  });

  it('shows the range and total, pluralised and grouped', () => {
    const { rerender } = renderWithProviders(<Pagination total={85} defaultCurrent={9} showTotal />);
    expect(screen.getByText('81-85 of 85 items')).toBeInTheDocument();
    rerender(<Pagination total={1} showTotal />);
    expect(screen.getByText('1-1 of 1 item')).toBeInTheDocument();
    rerender(<Pagination total={12345} defaultCurrent={9} showTotal />);
    expect(screen.getByText('81-90 of 12,345 items')).toBeInTheDocument();
  });

  it('renders a custom total text', () => {
    renderWithProviders(
      <Pagination
        total={85}
        defaultCurrent={2}
        showTotal={(total, [start, end]) => `${start} to ${end}, ${total} calls`}
      />,
    );
    expect(screen.getByText('11 to 20, 85 calls')).toBeInTheDocument();
  });

  it('shows an empty range for an empty list', () => {
    renderWithProviders(<Pagination total={0} showTotal />);
    expect(screen.getByText('0-0 of 0 items')).toBeInTheDocument();
    expect(currentPage()).toHaveAccessibleName('Page 1');
    expect(screen.getByRole('button', { name: 'Next Page' })).toBeDisabled();
  });

  it('clamps a current page beyond the last one', () => {
    renderWithProviders(<Pagination total={30} current={9} />);
    expect(currentPage()).toHaveAccessibleName('Page 3');
  });

  it('edits the page directly in the simple variant', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pagination total={120} simple onChange={onChange} />);
    expect(screen.queryByRole('list')).toBeNull();
    const field = screen.getByRole('textbox', { name: 'Page' });
    expect(field).toHaveValue('1');
    expect(screen.getByText('12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    expect(field).toHaveValue('2');
    await userEvent.clear(field);
    await userEvent.type(field, '40{Enter}');
    expect(field).toHaveValue('12');
    expect(onChange).toHaveBeenLastCalledWith(12, 10);
  });

  it('restores the page when the simple field is left without Enter', async () => {
    renderWithProviders(<Pagination total={120} simple />);
    const field = screen.getByRole('textbox', { name: 'Page' });
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    await userEvent.tab();
    expect(field).toHaveValue('1');
  });

  it('turns every control off when disabled', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Pagination total={200} defaultCurrent={3} disabled showSizeChanger showQuickJumper onChange={onChange} />,
    );
    for (const button of screen.getAllByRole('button')) {
      expect(button).toBeDisabled();
    }
    expect(screen.getByRole('combobox', { name: 'Page Size' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Go to' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('writes numbers in the locale digits and labels in the locale language', async () => {
    await changeLocale('ar-EG');
    renderWithProviders(<Pagination total={300} defaultCurrent={12} showTotal showSizeChanger />, {
      locale: 'ar-EG',
    });
    expect(screen.getByRole('navigation', { name: 'ترقيم الصفحات' })).toBeInTheDocument();
    expect(currentPage()).toHaveTextContent('١٢');
    expect(screen.getByRole('button', { name: 'الصفحة ٣٠' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '٢٠ / صفحة' })).toBeInTheDocument();
    expect(screen.getByText('١١١-١٢٠ من ٣٠٠ عنصر')).toBeInTheDocument();
  });

  it('moves through its controls with Tab and activates with Enter and Space', async () => {
    renderWithProviders(<ControlledPagination />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('2');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('3');
  });
});
