import { useTranslation } from '@parley/i18n';
import { cva } from 'class-variance-authority';
import { Tabs as TabsPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn';

type TabsVariant = 'line' | 'card';

const TabsVariantContext = React.createContext<TabsVariant>('line');

const tabsListVariants = cva('inline-flex shrink-0 text-sm data-[orientation=vertical]:flex-col', {
  variants: {
    variant: {
      line: [
        'gap-6 border-border border-b data-[orientation=vertical]:gap-1',
        'data-[orientation=vertical]:border-e data-[orientation=vertical]:border-b-0',
      ],
      card: [
        'gap-1 border-border border-b data-[orientation=vertical]:gap-1',
        'data-[orientation=vertical]:border-e data-[orientation=vertical]:border-b-0',
      ],
    },
  },
  defaultVariants: { variant: 'line' },
});

const tabsTriggerVariants = cva(
  [
    // Labels wrap rather than push a full-width list past its container: three tabs in a
    // phone-wide card overflowed in Russian ('Учётная запись', 'Регистрация команды').
    'group/tabs-trigger inline-flex items-center justify-center gap-2 text-center font-medium text-foreground',
    'data-[orientation=vertical]:text-start',
    'transition-colors',
    'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
    'hover:text-primary-text disabled:pointer-events-none disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        line: [
          '-mb-px border-transparent border-b-2 px-1 py-3 data-[state=active]:border-primary',
          'data-[state=active]:text-primary-text',
          'data-[orientation=vertical]:-me-px data-[orientation=vertical]:mb-0 data-[orientation=vertical]:justify-start',
          'data-[orientation=vertical]:border-e-2 data-[orientation=vertical]:border-b-0 data-[orientation=vertical]:px-4',
          'data-[orientation=vertical]:py-2',
        ],
        card: [
          '-mb-px rounded-t-md border border-border bg-muted px-4 py-2',
          'data-[state=active]:border-b-background data-[state=active]:bg-background data-[state=active]:text-primary-text',
          'data-[orientation=vertical]:-me-px data-[orientation=vertical]:mb-0 data-[orientation=vertical]:justify-start',
          'data-[orientation=vertical]:rounded-none data-[orientation=vertical]:rounded-s-md',
          'data-[orientation=vertical]:data-[state=active]:border-e-background',
          'data-[orientation=vertical]:data-[state=active]:border-b-border',
        ],
      },
    },
    defaultVariants: { variant: 'line' },
  },
);

type TabsProps = React.ComponentProps<typeof TabsPrimitive.Root> & {
  /** `line` underlines the active tab (call history); `card` draws each tab as a raised card. */
  variant?: TabsVariant;
};

/**
 * Tabs over Radix Tabs: works controlled (`value`/`onValueChange`) or uncontrolled (`defaultValue`),
 * and arrow keys follow the writing direction from the UiProvider.
 */
function Tabs({ className, variant = 'line', onValueChange, ...props }: TabsProps) {
  // Radix reports one mouse click twice (pointer down, then the focus it gives) when the value
  // comes back later than the click, as it does from the address or a server: one call per change.
  const reported = React.useRef<string | null>(null);
  const reportOnce = (next: string) => {
    if (next === reported.current) {
      return;
    }
    reported.current = next;
    window.setTimeout(() => {
      reported.current = null;
    }, 0);
    onValueChange?.(next);
  };
  return (
    <TabsVariantContext.Provider value={variant}>
      <TabsPrimitive.Root
        data-slot="tabs"
        data-variant={variant}
        className={cn('flex gap-4 data-[orientation=horizontal]:flex-col', className)}
        onValueChange={reportOnce}
        {...props}
      />
    </TabsVariantContext.Provider>
  );
}

type TabsListProps = React.ComponentProps<typeof TabsPrimitive.List>;

function TabsList({ className, ...props }: TabsListProps) {
  const variant = React.useContext(TabsVariantContext);
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      data-variant={variant}
      className={cn(tabsListVariants({ variant }), className)}
      {...props}
    />
  );
}

type TabsTriggerProps = React.ComponentProps<typeof TabsPrimitive.Trigger> & {
  /** A number shown in a badge after the label (missed calls, unread messages); digits follow the locale. */
  count?: number;
};

function TabsTrigger({ className, count, children, ...props }: TabsTriggerProps) {
  const variant = React.useContext(TabsVariantContext);
  const { i18n } = useTranslation();
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      data-variant={variant}
      className={cn(tabsTriggerVariants({ variant }), className)}
      {...props}
    >
      {children}
      {count === undefined ? null : (
        <span
          data-slot="tabs-count"
          className={cn(
            'inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 font-medium text-xs tabular-nums',
            variant === 'card' ? 'bg-background text-muted-foreground' : 'bg-muted text-muted-foreground',
            'group-data-[state=active]/tabs-trigger:bg-primary-subtle',
            'group-data-[state=active]/tabs-trigger:text-primary-subtle-foreground',
          )}
        >
          {new Intl.NumberFormat(i18n.language).format(count)}
        </span>
      )}
    </TabsPrimitive.Trigger>
  );
}

type TabsContentProps = React.ComponentProps<typeof TabsPrimitive.Content> & {
  /**
   * Whether the panel itself is a Tab stop (the default, so a panel of text can be reached and
   * scrolled). Pass `false` when the panel starts with a field or button: Tab then goes from the
   * tab straight to it, not to the panel first.
   */
  tabStop?: boolean;
};

function TabsContent({ className, tabStop = true, ...props }: TabsContentProps) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50', className)}
      {...(tabStop ? {} : { tabIndex: undefined })}
      {...props}
    />
  );
}

export {
  Tabs,
  TabsContent,
  type TabsContentProps,
  TabsList,
  type TabsListProps,
  type TabsProps,
  TabsTrigger,
  type TabsTriggerProps,
  type TabsVariant,
  tabsListVariants,
  tabsTriggerVariants,
};
