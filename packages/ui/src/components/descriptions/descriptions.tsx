import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';
import { cn } from '../../lib/cn';

type DescriptionsColumns = 1 | 2 | 3 | 4;

interface DescriptionsItem {
  /** A stable key; defaults to the label when it is a string. */
  key?: string;
  /** The term. */
  label: React.ReactNode;
  /** The value. Empty values show a dash. */
  children: React.ReactNode;
  /** How many columns the item spans (up to the list's columns). */
  span?: DescriptionsColumns;
}

/** Columns grow with the viewport up to the requested count, so narrow screens stay readable. */
const columnClasses: Record<DescriptionsColumns, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-1 sm:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
  4: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
};

const smallSpanClasses: Record<number, string> = { 1: 'sm:col-span-1', 2: 'sm:col-span-2' };
const largeSpanClasses: Record<number, string> = {
  1: 'lg:col-span-1',
  2: 'lg:col-span-2',
  3: 'lg:col-span-3',
  4: 'lg:col-span-4',
};

/**
 * The span of each item in a grid of `columnCount` columns. An item that does not fit in what is
 * left of a row starts the next one, and the item before it stretches to close the row; the
 * last item stretches too. So no row ends in an empty hole (which a bordered list would show).
 */
function fillRows(spans: number[], columnCount: number): number[] {
  const result = spans.map((span) => Math.min(Math.max(1, span), columnCount));
  let used = 0;
  for (let index = 0; index < result.length; index++) {
    const span = result[index] ?? 1;
    if (used + span > columnCount) {
      result[index - 1] = (result[index - 1] ?? 1) + (columnCount - used);
      used = 0;
    }
    used = (used + span) % columnCount;
  }
  if (used > 0 && result.length > 0) {
    const last = result.length - 1;
    result[last] = (result[last] ?? 1) + (columnCount - used);
  }
  return result;
}

const descriptionsListVariants = cva('grid text-sm', {
  variants: {
    bordered: {
      true: 'gap-px overflow-hidden rounded-lg border bg-border',
      false: 'gap-x-6 gap-y-3',
    },
  },
  defaultVariants: { bordered: false },
});

type DescriptionsProps = Omit<React.ComponentProps<'div'>, 'title' | 'children'> &
  VariantProps<typeof descriptionsListVariants> & {
    /** The label–value pairs, in reading order. */
    items: DescriptionsItem[];
    /** A heading for the list; it also names the list for assistive technology. */
    title?: React.ReactNode;
    /** Buttons or links at the end of the heading row. */
    extra?: React.ReactNode;
    /** How many columns on wide screens (fewer on narrow ones). */
    columns?: DescriptionsColumns;
    /** Label beside its value (horizontal) or above it (vertical). */
    layout?: 'horizontal' | 'vertical';
  };

/** A read-only list of labelled values, such as a call record's details. Rendered as a `<dl>`. */
function Descriptions({
  className,
  items,
  title,
  extra,
  columns = 3,
  layout = 'horizontal',
  bordered,
  ...props
}: DescriptionsProps) {
  const titleId = React.useId();
  const isBordered = bordered ?? false;
  const requestedSpans = items.map((item) => item.span ?? 1);
  const smallSpans = fillRows(requestedSpans, Math.min(2, columns));
  const largeSpans = fillRows(requestedSpans, columns);
  return (
    <div
      data-slot="descriptions"
      data-layout={layout}
      data-bordered={isBordered || undefined}
      className={cn('flex flex-col gap-3', className)}
      {...props}
    >
      {title || extra ? (
        <div data-slot="descriptions-header" className="flex items-center justify-between gap-4">
          {title ? (
            <h3 id={titleId} data-slot="descriptions-title" className="font-semibold text-base">
              {title}
            </h3>
          ) : null}
          {extra ? (
            <div data-slot="descriptions-extra" className="ms-auto flex items-center gap-2">
              {extra}
            </div>
          ) : null}
        </div>
      ) : null}
      <dl
        data-slot="descriptions-list"
        aria-labelledby={title ? titleId : undefined}
        className={cn(descriptionsListVariants({ bordered: isBordered }), columnClasses[columns])}
      >
        {items.map((item, index) => {
          const isEmpty = item.children === null || item.children === undefined || item.children === '';
          return (
            <div
              key={item.key ?? (typeof item.label === 'string' ? item.label : `item-${index}`)}
              data-slot="descriptions-item"
              className={cn(
                'flex min-w-0',
                layout === 'horizontal' ? 'flex-row' : 'flex-col',
                isBordered ? 'bg-card' : layout === 'horizontal' ? 'gap-2' : 'gap-1',
                columns > 1 && smallSpanClasses[smallSpans[index] ?? 1],
                columns > 2 && largeSpanClasses[largeSpans[index] ?? 1],
              )}
            >
              <dt
                data-slot="descriptions-label"
                className={cn(
                  'shrink-0 text-muted-foreground',
                  isBordered && 'bg-muted px-4 py-3 font-medium text-foreground',
                  isBordered && layout === 'horizontal' && 'w-32 border-e',
                  isBordered && layout === 'vertical' && 'border-b',
                  !isBordered && layout === 'horizontal' && "after:content-[':']",
                )}
              >
                {item.label}
              </dt>
              <dd
                data-slot="descriptions-value"
                className={cn('min-w-0 flex-1 break-words text-foreground', isBordered && 'px-4 py-3')}
              >
                {isEmpty ? '–' : item.children}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

export {
  Descriptions,
  type DescriptionsColumns,
  type DescriptionsItem,
  type DescriptionsProps,
  descriptionsListVariants,
  fillRows,
};
