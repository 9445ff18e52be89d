import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination } from './pagination';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: { total: 85, onChange: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md'] } },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await expect(canvas.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Next Page' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(4, 10);
  },
};

/** Ellipses jump five pages; they show a double chevron on hover and focus. */
export const ManyPages: Story = {
  args: { total: 500, defaultCurrent: 12 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next 5 Pages' }));
    await expect(canvas.getByRole('button', { name: 'Page 17' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous 5 Pages' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(12, 10);
  },
};

/** Compact, with ellipses that jump three pages. */
export const Small: Story = {
  args: { total: 500, defaultCurrent: 12, size: 'sm' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next 3 Pages' }));
    await expect(canvas.getByRole('button', { name: 'Page 15' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Simple: Story = {
  args: { total: 500, simple: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Page' });
    await userEvent.clear(field);
    await userEvent.type(field, '42{Enter}');
    await expect(field).toHaveValue('42');
    await expect(args.onChange).toHaveBeenLastCalledWith(42, 10);
  },
};

export const WithSizeChanger: Story = {
  args: { total: 500, defaultCurrent: 5, showSizeChanger: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Page Size' }), '20 / page');
    // Item 41, first on page 5 at 10 per page, is on page 3 at 20 per page.
    await expect(args.onChange).toHaveBeenLastCalledWith(3, 20);
    await expect(canvas.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  },
};

export const WithQuickJumper: Story = {
  args: { total: 500, showQuickJumper: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Go to' }), '999{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(50, 10);
    await expect(canvas.getByRole('button', { name: 'Page 50' })).toHaveAttribute('aria-current', 'page');
  },
};

export const WithTotal: Story = {
  args: { total: 85, defaultCurrent: 9, showTotal: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('81-85 of 85 items')).toBeInTheDocument();
  },
};

/** Every option at once, as the call-history table uses it. */
export const FullyFeatured: Story = {
  args: { total: 1234, defaultCurrent: 7, showTotal: true, showSizeChanger: true, showQuickJumper: true },
};

export const Disabled: Story = {
  args: { total: 500, defaultCurrent: 3, disabled: true, showSizeChanger: true, showQuickJumper: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const button of canvas.getAllByRole('button')) {
      await expect(button).toBeDisabled();
    }
    await expect(canvas.getByRole('combobox', { name: 'Page Size' })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { total: 0, showTotal: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('0-0 of 0 items')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next Page' })).toBeDisabled();
  },
};

function ControlledPagination() {
  const [page, setPage] = useState(4);
  const [pageSize, setPageSize] = useState(20);
  return (
    <div className="grid gap-3">
      <Pagination
        total={300}
        current={page}
        pageSize={pageSize}
        showSizeChanger
        onChange={(nextPage, nextPageSize) => {
          setPage(nextPage);
          setPageSize(nextPageSize);
        }}
      />
      <output>
        Page {page}, {pageSize} per page
      </output>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledPagination />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous Page' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Page 3, 20 per page');
  },
};

/** Arabic: digits in the locale's numbering, chevrons pointing the reading way. */
export const RightToLeft: Story = {
  args: { total: 500, defaultCurrent: 12, showTotal: true, showSizeChanger: true, showQuickJumper: true },
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'ترقيم الصفحات' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'الصفحة ١٢' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('١١١-١٢٠ من ٥٠٠ عنصر')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'الصفحة التالية' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(13, 10);
  },
};

const gridRender = () => (
  <div className="grid gap-6">
    <Pagination aria-label="Medium" total={500} defaultCurrent={12} showTotal showSizeChanger showQuickJumper />
    <Pagination
      aria-label="Small"
      total={500}
      defaultCurrent={12}
      size="sm"
      showTotal
      showSizeChanger
      showQuickJumper
    />
    <Pagination aria-label="Simple" total={500} defaultCurrent={12} simple />
    <Pagination aria-label="Simple small" total={500} defaultCurrent={12} simple size="sm" />
    <Pagination aria-label="Disabled" total={500} defaultCurrent={12} disabled showSizeChanger />
    <Pagination aria-label="Empty" total={0} showTotal />
  </div>
);

/** Every variant and size, for visual regression. */
export const Grid: Story = { render: gridRender };
export const GridDark: Story = { render: gridRender, globals: { theme: 'dark' } };
export const GridRightToLeft: Story = { render: gridRender, globals: { dir: 'rtl' } };
