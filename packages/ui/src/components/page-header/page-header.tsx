import { useTranslation } from '@parley/i18n';
import { ArrowLeft } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

type HeadingLevel = 1 | 2 | 3;

type PageHeaderProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** The page's title, rendered as a heading. */
  title: React.ReactNode;
  /** A short line beside the title. */
  subtitle?: React.ReactNode;
  /** Heading level of the title; 1 by default, as the page header names the page. */
  titleLevel?: HeadingLevel;
  /** A breadcrumb trail shown above the title. */
  breadcrumb?: React.ReactNode;
  /** An avatar or icon before the title. */
  avatar?: React.ReactNode;
  /** Tags or status badges after the title. */
  tags?: React.ReactNode;
  /** Actions at the end of the title row (buttons, menus). */
  extra?: React.ReactNode;
  /** Shows a back button before the title and calls this when it is pressed. */
  onBack?: () => void;
  /** Accessible name of the back button; defaults to the translated 'Back'. */
  backLabel?: string;
  /** Tabs under the header content, flush with its bottom edge. */
  tabs?: React.ReactNode;
};

const headingTags = { 1: 'h1', 2: 'h2', 3: 'h3' } as const;

/** The band at the top of a page: breadcrumb, back button, title, actions, content and tabs. */
function PageHeader({
  title,
  subtitle,
  titleLevel = 1,
  breadcrumb,
  avatar,
  tags,
  extra,
  onBack,
  backLabel,
  tabs,
  className,
  children,
  ...props
}: PageHeaderProps) {
  const { t } = useTranslation();
  const Heading = headingTags[titleLevel];
  return (
    <div
      data-slot="page-header"
      data-has-tabs={tabs ? 'true' : undefined}
      className={cn('grid gap-3 bg-card px-6 pt-4 pb-4 text-card-foreground data-[has-tabs=true]:pb-0', className)}
      {...props}
    >
      {breadcrumb ? (
        <div data-slot="page-header-breadcrumb" className="text-muted-foreground text-sm">
          {breadcrumb}
        </div>
      ) : null}
      <div data-slot="page-header-heading" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          {onBack ? (
            <Button
              data-slot="page-header-back"
              variant="ghost"
              size="icon"
              className="-ms-2 size-8"
              aria-label={backLabel ?? t('ui.pageHeader.back')}
              onClick={onBack}
            >
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
            </Button>
          ) : null}
          {avatar ? (
            <span data-slot="page-header-avatar" className="inline-flex shrink-0">
              {avatar}
            </span>
          ) : null}
          <Heading data-slot="page-header-title" className="truncate font-semibold text-foreground text-xl">
            {title}
          </Heading>
          {subtitle ? (
            <span data-slot="page-header-subtitle" className="text-muted-foreground text-sm">
              {subtitle}
            </span>
          ) : null}
          {tags ? (
            <span data-slot="page-header-tags" className="inline-flex flex-wrap items-center gap-2">
              {tags}
            </span>
          ) : null}
        </div>
        {extra ? (
          <div data-slot="page-header-extra" className="flex flex-wrap items-center gap-2">
            {extra}
          </div>
        ) : null}
      </div>
      {children ? (
        <div data-slot="page-header-content" className="text-sm">
          {children}
        </div>
      ) : null}
      {tabs ? <div data-slot="page-header-tabs">{tabs}</div> : null}
    </div>
  );
}

export { PageHeader, type PageHeaderProps };
