import { changeLocale } from '@parley/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import {
  Breadcrumb,
  BreadcrumbEllipsis,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
  BreadcrumbTrail,
  type BreadcrumbTrailItem,
} from './breadcrumb';

const longTrail: BreadcrumbTrailItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Settings', href: '/settings' },
  { label: 'Contact List', href: '/settings/contact-book' },
  { label: 'Groups', href: '/settings/contact-book/groups' },
  { label: 'Support', href: '/settings/contact-book/groups/support' },
  { label: 'Ada Lovelace' },
];

function ComposedBreadcrumb() {
  return (
    <Breadcrumb className="custom-nav">
      <BreadcrumbList className="custom-list">
        <BreadcrumbItem className="custom-item">
          <BreadcrumbLink href="/" className="custom-link">
            Home
          </BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbSeparator className="custom-separator" />
        <BreadcrumbItem>
          <BreadcrumbEllipsis className="custom-ellipsis" />
        </BreadcrumbItem>
        <BreadcrumbSeparator />
        <BreadcrumbItem>
          <BreadcrumbPage className="custom-page">Profile</BreadcrumbPage>
        </BreadcrumbItem>
      </BreadcrumbList>
    </Breadcrumb>
  );
}

describe('Breadcrumb', () => {
  it('conforms on every part', async () => {
    const { container } = renderWithProviders(<ComposedBreadcrumb />);
    await expectConformance(screen.getByRole('navigation', { name: 'Breadcrumb' }), {
      slot: 'breadcrumb',
      className: 'custom-nav',
    });
    await expectConformance(screen.getByRole('list'), { slot: 'breadcrumb-list', className: 'custom-list' });
    await expectConformance(screen.getAllByRole('listitem')[0] as HTMLElement, {
      slot: 'breadcrumb-item',
      className: 'custom-item',
    });
    await expectConformance(screen.getByRole('link', { name: 'Home' }), {
      slot: 'breadcrumb-link',
      className: 'custom-link',
    });
    await expectConformance(screen.getByRole('button', { name: 'Show full path' }), {
      slot: 'breadcrumb-ellipsis',
      className: 'custom-ellipsis',
    });
    await expectConformance(screen.getByText('Profile'), { slot: 'breadcrumb-page', className: 'custom-page' });
    const separator = container.querySelector('[data-slot="breadcrumb-separator"]') as HTMLElement;
    await expectConformance(separator, { slot: 'breadcrumb-separator', className: 'custom-separator' });
  });

  it('marks the current page and hides separators from assistive technology', () => {
    renderWithProviders(<ComposedBreadcrumb />);
    expect(screen.getByText('Profile')).toHaveAttribute('aria-current', 'page');
    // Separators are presentational, so only the three crumbs count as list items.
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('renders a router link through asChild', () => {
    renderWithProviders(
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <a href="/settings" data-router="yes">
                Settings
              </a>
            </BreadcrumbLink>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>,
    );
    const link = screen.getByRole('link', { name: 'Settings' });
    expect(link).toHaveAttribute('data-slot', 'breadcrumb-link');
    expect(link).toHaveAttribute('data-router', 'yes');
  });

  it('uses a custom separator', () => {
    const { container } = renderWithProviders(<BreadcrumbTrail items={longTrail.slice(0, 2)} separator="/" />);
    expect(container.querySelector('[data-slot="breadcrumb-separator"]')).toHaveTextContent('/');
  });
});

describe('BreadcrumbTrail', () => {
  it('shows a short trail whole, the last crumb as the current page', () => {
    renderWithProviders(<BreadcrumbTrail items={longTrail.slice(0, 3).concat({ label: 'Profile' })} />);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Settings', 'Contact List']);
    expect(screen.getByText('Profile')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Show full path' })).toBeNull();
  });

  it('never links the current page even when it has an href', () => {
    renderWithProviders(
      <BreadcrumbTrail
        items={[
          { label: 'Home', href: '/' },
          { label: 'Profile', href: '/p' },
        ]}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(screen.getByText('Profile')).toHaveAttribute('aria-current', 'page');
  });

  it('collapses the middle of a long trail and reveals it on demand, moving focus to the first revealed crumb', async () => {
    renderWithProviders(<BreadcrumbTrail items={longTrail} />);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Support']);
    expect(screen.getByRole('navigation')).toHaveAttribute('data-state', 'collapsed');
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Show full path' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Settings',
      'Contact List',
      'Groups',
      'Support',
    ]);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveFocus();
    expect(screen.getByRole('navigation')).toHaveAttribute('data-state', 'expanded');
  });

  it('honours maxItems and the counts kept on each side', () => {
    renderWithProviders(
      <BreadcrumbTrail items={longTrail} maxItems={5} itemsBeforeCollapse={2} itemsAfterCollapse={1} />,
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Settings']);
    expect(screen.getByText('Ada Lovelace')).toHaveAttribute('aria-current', 'page');
  });

  it('does not collapse when the ellipsis would hide nothing', () => {
    renderWithProviders(
      <BreadcrumbTrail items={longTrail.slice(0, 4)} maxItems={2} itemsBeforeCollapse={2} itemsAfterCollapse={2} />,
    );
    expect(screen.queryByRole('button', { name: 'Show full path' })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('renders links through renderLink', () => {
    renderWithProviders(
      <BreadcrumbTrail
        items={longTrail.slice(0, 2)}
        renderLink={({ href, children }) => (
          <a href={`#${href}`} data-router="yes">
            {children}
          </a>
        )}
      />,
    );
    const link = screen.getByRole('link', { name: 'Home' });
    expect(link).toHaveAttribute('href', '#/');
    expect(link).toHaveAttribute('data-router', 'yes');
    expect(link).toHaveAttribute('data-slot', 'breadcrumb-link');
  });

  it('follows the locale for its landmark name', async () => {
    await changeLocale('ar-EG');
    try {
      renderWithProviders(<BreadcrumbTrail items={longTrail} />, { locale: 'ar-EG' });
      expect(screen.getByRole('navigation', { name: 'مسار التنقل' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'إظهار المسار الكامل' })).toBeInTheDocument();
    } finally {
      await changeLocale('en-US');
    }
  });
});
