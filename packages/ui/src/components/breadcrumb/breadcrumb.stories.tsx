import type { Meta, StoryObj } from '@storybook/react-vite';
import { Home } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
  BreadcrumbTrail,
  type BreadcrumbTrailItem,
} from './breadcrumb';

const settingsTrail: BreadcrumbTrailItem[] = [
  { label: 'Dashboard', href: '#/dashboard' },
  { label: 'Settings', href: '#/settings' },
  { label: 'Contact List' },
];

const longTrail: BreadcrumbTrailItem[] = [
  { label: 'Dashboard', href: '#/dashboard' },
  { label: 'Settings', href: '#/settings' },
  { label: 'Contact List', href: '#/settings/contact-book' },
  { label: 'Groups', href: '#/settings/contact-book/groups' },
  { label: 'Support', href: '#/settings/contact-book/groups/support' },
  { label: 'Ada Lovelace' },
];

const meta = {
  title: 'Navigation/Breadcrumb',
  component: Breadcrumb,
  render: (args) => (
    <Breadcrumb {...args}>
      <BreadcrumbList>
        <BreadcrumbItem>
          <BreadcrumbLink href="#/dashboard" className="inline-flex items-center gap-1">
            <Home aria-hidden className="size-3.5" />
            Dashboard
          </BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbSeparator />
        <BreadcrumbItem>
          <BreadcrumbLink href="#/settings">Settings</BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbSeparator />
        <BreadcrumbItem>
          <BreadcrumbPage>Profile</BreadcrumbPage>
        </BreadcrumbItem>
      </BreadcrumbList>
    </Breadcrumb>
  ),
} satisfies Meta<typeof Breadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Composed from parts: links, chevron separators and the current page. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(within(nav).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByText('Profile')).toHaveAttribute('aria-current', 'page');
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
  },
};

/** Built from data, as the app shell does from the route. */
export const Trail: Story = {
  render: () => <BreadcrumbTrail items={settingsTrail} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Settings']);
    await expect(canvas.getByText('Contact List')).toHaveAttribute('aria-current', 'page');
  },
};

/** A long trail collapses its middle; the ellipsis reveals it and focuses the first revealed crumb. */
export const Collapsed: Story = {
  render: () => <BreadcrumbTrail items={longTrail} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('link')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Show full path' }));
    await expect(canvas.getAllByRole('link')).toHaveLength(5);
    await expect(canvas.getByRole('link', { name: 'Settings' })).toHaveFocus();
  },
};

export const CustomSeparator: Story = {
  render: () => <BreadcrumbTrail items={settingsTrail} separator="/" />,
};

/** Separators flip so the trail reads right to left. */
export const RightToLeft: Story = {
  render: () => <BreadcrumbTrail items={longTrail} />,
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'مسار التنقل' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'إظهار المسار الكامل' }));
    await expect(canvas.getAllByRole('link')).toHaveLength(5);
  },
};

const gridRender = () => (
  <div className="grid gap-4">
    <BreadcrumbTrail aria-label="Short" items={settingsTrail} />
    <BreadcrumbTrail aria-label="Collapsed" items={longTrail} />
    <BreadcrumbTrail aria-label="Long, not collapsed" items={longTrail} maxItems={10} />
    <BreadcrumbTrail aria-label="Slash separator" items={settingsTrail} separator="/" />
  </div>
);

/** Every form, for visual regression. */
export const Grid: Story = { render: gridRender };
export const GridDark: Story = { render: gridRender, globals: { theme: 'dark' } };
export const GridRightToLeft: Story = { render: gridRender, globals: { dir: 'rtl' } };
