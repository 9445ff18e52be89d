import { useTranslation } from '@parley/i18n';
import { cva } from 'class-variance-authority';
import {
  CircleCheck,
  CircleX,
  FileQuestion,
  Info,
  type LucideIcon,
  ServerCrash,
  ShieldX,
  TriangleAlert,
} from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/cn';

type ResultStatus = '403' | '404' | '500' | 'success' | 'fail' | 'info' | 'warning';

const illustrationVariants = cva('flex items-center justify-center rounded-full', {
  variants: {
    status: {
      '403': 'size-32 bg-warning-subtle text-warning [&_svg]:size-16',
      '404': 'size-32 bg-info-subtle text-info [&_svg]:size-16',
      '500': 'size-32 bg-destructive-subtle text-destructive [&_svg]:size-16',
      success: 'size-20 text-success [&_svg]:size-16',
      fail: 'size-20 text-destructive [&_svg]:size-16',
      info: 'size-20 text-info [&_svg]:size-16',
      warning: 'size-20 text-warning [&_svg]:size-16',
    },
  },
});

const statusIcons: Record<ResultStatus, LucideIcon> = {
  '403': ShieldX,
  '404': FileQuestion,
  '500': ServerCrash,
  success: CircleCheck,
  fail: CircleX,
  info: Info,
  warning: TriangleAlert,
};

/** Catalogue keys of the default texts; statuses without a key have no default. */
const defaultTitleKeys: Partial<Record<ResultStatus, string>> = {
  '403': 'ui.result.403.title',
  '404': 'ui.result.404.title',
  '500': 'ui.result.500.title',
  success: 'ui.result.success.title',
  fail: 'ui.result.fail.title',
};
const defaultSubTitleKeys: Partial<Record<ResultStatus, string>> = {
  '403': 'ui.result.403.subTitle',
  '404': 'ui.result.404.subTitle',
  '500': 'ui.result.500.subTitle',
};

type ResultProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** What happened: an exception page (403, 404, 500) or the outcome of an action. */
  status?: ResultStatus | 403 | 404 | 500;
  /** The headline; defaults to the translated text for the status (e.g. '403'). */
  title?: React.ReactNode;
  /** The line under the headline; defaults to the translated text for the status, when there is one. */
  subTitle?: React.ReactNode;
  /** Replaces the status illustration; `null` shows none. */
  icon?: React.ReactNode | null;
  /** Actions under the text, e.g. a 'Back Home' button. */
  extra?: React.ReactNode;
  /** The heading level of the title, so it fits the page outline. */
  headingLevel?: 1 | 2 | 3;
};

/** A whole-area outcome: an exception page (403, 404, 500) or a success or failure after an action. */
function Result({
  className,
  status: statusProp = 'info',
  title,
  subTitle,
  icon,
  extra,
  headingLevel = 2,
  children,
  ...props
}: ResultProps) {
  const { t } = useTranslation();
  const status = String(statusProp) as ResultStatus;
  const titleKey = defaultTitleKeys[status];
  const subTitleKey = defaultSubTitleKeys[status];
  const shownTitle = title ?? (titleKey ? t(titleKey) : null);
  const shownSubTitle = subTitle ?? (subTitleKey ? t(subTitleKey) : null);
  const Icon = statusIcons[status];
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      data-slot="result"
      data-status={status}
      className={cn('flex flex-col items-center gap-4 px-6 py-12 text-center', className)}
      {...props}
    >
      {icon === null ? null : (
        <div data-slot="result-illustration" className={illustrationVariants({ status })}>
          {icon ?? <Icon aria-hidden strokeWidth={1.5} />}
        </div>
      )}
      {shownTitle ? (
        <Heading data-slot="result-title" className="font-semibold text-2xl text-foreground leading-8">
          {shownTitle}
        </Heading>
      ) : null}
      {shownSubTitle ? (
        <p data-slot="result-subtitle" className="max-w-prose text-muted-foreground text-sm">
          {shownSubTitle}
        </p>
      ) : null}
      {children ? (
        <div data-slot="result-content" className="w-full max-w-xl rounded-md bg-muted px-6 py-4 text-start text-sm">
          {children}
        </div>
      ) : null}
      {extra ? (
        <div data-slot="result-extra" className="flex flex-wrap items-center justify-center gap-2">
          {extra}
        </div>
      ) : null}
    </div>
  );
}

export { Result, type ResultProps, type ResultStatus };
