import { useTranslation } from '@parley/i18n';
import { ChevronRight, Ellipsis } from 'lucide-react';
import { Slot } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn';

type BreadcrumbProps = React.ComponentProps<'nav'>;

/** The breadcrumb landmark; its name defaults to the translated 'Breadcrumb'. */
function Breadcrumb({ 'aria-label': ariaLabel, ...props }: BreadcrumbProps) {
  const { t } = useTranslation();
  return <nav data-slot="breadcrumb" aria-label={ariaLabel ?? t('ui.breadcrumb.label')} {...props} />;
}

type BreadcrumbListProps = React.ComponentProps<'ol'>;

function BreadcrumbList({ className, ...props }: BreadcrumbListProps) {
  return (
    <ol
      data-slot="breadcrumb-list"
      className={cn('flex flex-wrap items-center gap-1.5 break-words text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}

type BreadcrumbItemProps = React.ComponentProps<'li'>;

function BreadcrumbItem({ className, ...props }: BreadcrumbItemProps) {
  return <li data-slot="breadcrumb-item" className={cn('inline-flex items-center gap-1.5', className)} {...props} />;
}

type BreadcrumbLinkProps = React.ComponentProps<'a'> & {
  /** Render the child (a router link, say) with the breadcrumb link's look instead of an `<a>`. */
  asChild?: boolean;
};

function BreadcrumbLink({ asChild = false, className, ...props }: BreadcrumbLinkProps) {
  const Component = asChild ? Slot.Root : 'a';
  return (
    <Component
      data-slot="breadcrumb-link"
      className={cn(
        'rounded-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline',
        'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
      {...props}
    />
  );
}

type BreadcrumbPageProps = React.ComponentProps<'span'>;

/** The last crumb: the page the user is on, announced as the current page. */
function BreadcrumbPage({ className, ...props }: BreadcrumbPageProps) {
  return (
    <span
      data-slot="breadcrumb-page"
      aria-current="page"
      className={cn('font-medium text-foreground', className)}
      {...props}
    />
  );
}

type BreadcrumbSeparatorProps = React.ComponentProps<'li'>;

/** A chevron between crumbs (or the given children, '/' say); it points the reading way and is hidden from assistive technology. */
function BreadcrumbSeparator({ className, children, ...props }: BreadcrumbSeparatorProps) {
  return (
    <li
      data-slot="breadcrumb-separator"
      role="presentation"
      aria-hidden="true"
      className={cn('inline-flex items-center [&>svg]:size-3.5', className)}
      {...props}
    >
      {children ?? <ChevronRight className="rtl:rotate-180" />}
    </li>
  );
}

type BreadcrumbEllipsisProps = React.ComponentProps<'button'>;

/** Stands for collapsed crumbs; a button named 'Show full path' unless given another label. */
function BreadcrumbEllipsis({ className, 'aria-label': ariaLabel, type, ...props }: BreadcrumbEllipsisProps) {
  const { t } = useTranslation();
  const label = ariaLabel ?? t('ui.breadcrumb.showPath');
  return (
    <button
      data-slot="breadcrumb-ellipsis"
      type={type ?? 'button'}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-6 items-center justify-center rounded-sm text-muted-foreground transition-colors',
        'hover:bg-muted hover:text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
      {...props}
    >
      <Ellipsis aria-hidden className="size-4" />
    </button>
  );
}

/** One crumb of a data-driven trail. */
interface BreadcrumbTrailItem {
  /** Stable identity; defaults to the href or the position. */
  key?: string;
  label: React.ReactNode;
  /** Where the crumb leads; the last crumb (the current page) never links. */
  href?: string;
}

interface BreadcrumbLinkRenderProps {
  href: string;
  item: BreadcrumbTrailItem;
  children: React.ReactNode;
}

type BreadcrumbTrailProps = Omit<BreadcrumbProps, 'children'> & {
  items: BreadcrumbTrailItem[];
  /** Collapse the middle of the trail into an ellipsis when it has more crumbs than this. */
  maxItems?: number;
  /** Crumbs kept before the ellipsis when collapsed. */
  itemsBeforeCollapse?: number;
  /** Crumbs kept after the ellipsis when collapsed (the current page included). */
  itemsAfterCollapse?: number;
  /** Renders a crumb's link, so the app can use its router's link; defaults to a plain `<a>`. */
  renderLink?: (props: BreadcrumbLinkRenderProps) => React.ReactElement;
  /** Replaces the chevron between crumbs. */
  separator?: React.ReactNode;
};

function defaultRenderLink({ href, children }: BreadcrumbLinkRenderProps) {
  return <a href={href}>{children}</a>;
}

/**
 * A breadcrumb built from data. Long trails collapse their middle into an ellipsis button;
 * pressing it reveals the whole path and moves focus to the first crumb it revealed.
 */
function BreadcrumbTrail({
  items,
  maxItems = 4,
  itemsBeforeCollapse = 1,
  itemsAfterCollapse = 2,
  renderLink = defaultRenderLink,
  separator,
  ...props
}: BreadcrumbTrailProps) {
  const [expanded, setExpanded] = React.useState(false);
  const focusAfterExpand = React.useRef(false);
  const firstRevealed = React.useRef<HTMLElement | null>(null);
  const setFirstRevealed = (element: HTMLElement | null) => {
    firstRevealed.current = element;
  };

  const before = Math.max(0, itemsBeforeCollapse);
  const after = Math.max(1, itemsAfterCollapse);
  const collapsed = !expanded && items.length > maxItems && before + after < items.length;

  React.useEffect(() => {
    if (expanded && focusAfterExpand.current) {
      focusAfterExpand.current = false;
      firstRevealed.current?.focus();
    }
  }, [expanded]);

  const renderCrumb = (item: BreadcrumbTrailItem, index: number) => {
    const isLast = index === items.length - 1;
    const isFirstRevealed = expanded && index === before;
    if (isLast || item.href === undefined) {
      return isLast ? (
        <BreadcrumbPage>{item.label}</BreadcrumbPage>
      ) : (
        <span
          data-slot="breadcrumb-text"
          ref={isFirstRevealed ? setFirstRevealed : undefined}
          tabIndex={isFirstRevealed ? -1 : undefined}
          className="outline-none"
        >
          {item.label}
        </span>
      );
    }
    return (
      <BreadcrumbLink asChild ref={isFirstRevealed ? setFirstRevealed : undefined}>
        {renderLink({ href: item.href, item, children: item.label })}
      </BreadcrumbLink>
    );
  };

  const crumbs = items.map((item, index) => ({ item, index }));
  const slots: ({ item: BreadcrumbTrailItem; index: number } | 'ellipsis')[] = collapsed
    ? [...crumbs.slice(0, before), 'ellipsis', ...crumbs.slice(items.length - after)]
    : crumbs;
  const entries = slots.flatMap((slot, position) => {
    const slotKey = slot === 'ellipsis' ? 'ellipsis' : (slot.item.key ?? slot.item.href ?? `crumb-${slot.index}`);
    const leadingSeparator =
      position > 0 ? [<BreadcrumbSeparator key={`separator-${slotKey}`}>{separator}</BreadcrumbSeparator>] : [];
    if (slot === 'ellipsis') {
      return [
        ...leadingSeparator,
        <BreadcrumbItem key={slotKey}>
          <BreadcrumbEllipsis
            onClick={() => {
              focusAfterExpand.current = true;
              setExpanded(true);
            }}
          />
        </BreadcrumbItem>,
      ];
    }
    return [...leadingSeparator, <BreadcrumbItem key={slotKey}>{renderCrumb(slot.item, slot.index)}</BreadcrumbItem>];
  });

  return (
    <Breadcrumb data-state={collapsed ? 'collapsed' : 'expanded'} {...props}>
      <BreadcrumbList>{entries}</BreadcrumbList>
    </Breadcrumb>
  );
}

export {
  Breadcrumb,
  BreadcrumbEllipsis,
  type BreadcrumbEllipsisProps,
  BreadcrumbItem,
  type BreadcrumbItemProps,
  BreadcrumbLink,
  type BreadcrumbLinkProps,
  type BreadcrumbLinkRenderProps,
  BreadcrumbList,
  type BreadcrumbListProps,
  BreadcrumbPage,
  type BreadcrumbPageProps,
  type BreadcrumbProps,
  BreadcrumbSeparator,
  type BreadcrumbSeparatorProps,
  BreadcrumbTrail,
  type BreadcrumbTrailItem,
  type BreadcrumbTrailProps,
};
