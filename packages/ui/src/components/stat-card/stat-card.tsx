import { formatNumber, useTranslation } from '@parley/i18n';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Card, CardAction, CardContent, CardFooter, CardHeader, CardTitle } from '../card/card';
import { Skeleton, SkeletonGroup } from '../skeleton/skeleton';

type StatTrendDirection = 'up' | 'down';
type StatTrendSentiment = 'positive' | 'negative' | 'neutral';

interface StatTrend {
  /** Which way the figure moved. */
  direction: StatTrendDirection;
  /** The size of the change as a ratio (0.12 shows as 12%), unless `formatOptions` say otherwise. */
  value?: number;
  /** How the change is formatted; a percentage with up to one decimal by default. */
  formatOptions?: Intl.NumberFormatOptions;
  /** Context after the change, e.g. 'vs last week'. */
  label?: React.ReactNode;
  /** Whether the move is good news; up is positive and down negative unless said otherwise. */
  sentiment?: StatTrendSentiment;
}

type StatCardProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** What the figure measures. */
  title: React.ReactNode;
  /** The figure; numbers are formatted in the interface language. */
  value: number | string;
  /** Number formatting for `value`, e.g. `{ style: 'percent' }` or a compact notation. */
  formatOptions?: Intl.NumberFormatOptions;
  /** Shown before the value, e.g. an icon. */
  prefix?: React.ReactNode;
  /** Shown after the value, e.g. a unit. */
  suffix?: React.ReactNode;
  /** The change against an earlier period, shown with an arrow and words, never colour alone. */
  trend?: StatTrend;
  /** A line under the figure, e.g. 'Daily calls 1,234'. */
  footer?: React.ReactNode;
  /** A button or link at the end of the header. */
  action?: React.ReactNode;
  /** Shows placeholders, announced as loading, instead of the figure. */
  loading?: boolean;
  /** What is loading, for assistive technology; defaults to the translated 'Loading…'. */
  loadingLabel?: string;
};

const sentimentClasses: Record<StatTrendSentiment, string> = {
  positive: 'text-success',
  negative: 'text-destructive',
  neutral: 'text-muted-foreground',
};

function StatCardTrend({ trend }: { trend: StatTrend }) {
  const { t, i18n } = useTranslation();
  const sentiment = trend.sentiment ?? (trend.direction === 'up' ? 'positive' : 'negative');
  const Icon = trend.direction === 'up' ? ArrowUp : ArrowDown;
  return (
    <p
      data-slot="stat-card-trend"
      data-direction={trend.direction}
      data-sentiment={sentiment}
      className="flex flex-wrap items-center gap-x-1 text-sm"
    >
      <span className={cn('inline-flex items-center gap-0.5 font-medium', sentimentClasses[sentiment])}>
        <Icon aria-hidden className="size-4" />
        <span className="sr-only">{trend.direction === 'up' ? t('ui.stat.increase') : t('ui.stat.decrease')}</span>
        {trend.value === undefined
          ? null
          : formatNumber(
              Math.abs(trend.value),
              i18n.language,
              trend.formatOptions ?? { style: 'percent', maximumFractionDigits: 1 },
            )}
      </span>
      {trend.label ? <span className="text-muted-foreground">{trend.label}</span> : null}
    </p>
  );
}

/** A key figure on a dashboard: title, value, trend and a footer line. */
function StatCard({
  className,
  title,
  value,
  formatOptions,
  prefix,
  suffix,
  trend,
  footer,
  action,
  loading = false,
  loadingLabel,
  ...props
}: StatCardProps) {
  const { i18n } = useTranslation();
  const formatted = typeof value === 'number' ? formatNumber(value, i18n.language, formatOptions) : value;
  return (
    <Card data-slot="stat-card" aria-busy={loading || undefined} className={cn('gap-3', className)} {...props}>
      <CardHeader>
        <CardTitle className="font-normal text-muted-foreground text-sm">{title}</CardTitle>
        {action ? <CardAction>{action}</CardAction> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {loading ? (
          <SkeletonGroup label={loadingLabel} className="flex flex-col gap-2">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </SkeletonGroup>
        ) : (
          <>
            <p
              data-slot="stat-card-value"
              className="flex items-baseline gap-1 font-semibold text-3xl text-foreground tabular-nums leading-tight"
            >
              {prefix ? <span className="text-muted-foreground text-xl">{prefix}</span> : null}
              <span>{formatted}</span>
              {suffix ? <span className="font-normal text-base text-muted-foreground">{suffix}</span> : null}
            </p>
            {trend ? <StatCardTrend trend={trend} /> : null}
          </>
        )}
      </CardContent>
      {footer && !loading ? (
        <CardFooter data-slot="stat-card-footer" className="border-t text-muted-foreground text-sm">
          {footer}
        </CardFooter>
      ) : null}
    </Card>
  );
}

export { StatCard, type StatCardProps, type StatTrend, type StatTrendDirection, type StatTrendSentiment };
