import { useTranslation } from '@parley/i18n';
import { LayoutGrid, List } from 'lucide-react';
import { Direction, ToggleGroup } from 'radix-ui';
import type * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';

/** How a collection is laid out. */
type ViewMode = 'grid' | 'list';

type ViewToggleProps = Omit<React.ComponentProps<'div'>, 'defaultValue' | 'dir' | 'onChange' | 'children'> & {
  /** The view shown (controlled). */
  value?: ViewMode;
  /** The view at first (uncontrolled); grid by default. */
  defaultValue?: ViewMode;
  /** Called with the view picked. */
  onValueChange?: (value: ViewMode) => void;
  /** Names the group; defaults to the translated 'View'. */
  label?: string;
};

const itemClassName = cn(
  'inline-flex size-8 items-center justify-center text-muted-foreground transition-colors outline-none',
  'hover:text-foreground focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=on]:bg-accent data-[state=on]:text-primary-text',
  'first:rounded-s-md last:rounded-e-md [&_svg]:size-4',
);

/**
 * Switches a collection between a grid of cards and a list: two icon buttons in one group, one
 * pressed; arrow keys move between them. One of them is always chosen.
 */
function ViewToggle({
  value: valueProp,
  defaultValue = 'grid',
  onValueChange,
  label,
  className,
  ...props
}: ViewToggleProps) {
  const { t } = useTranslation();
  const dir = Direction.useDirection();
  const [value, setValue] = useControllableState<ViewMode>(valueProp, defaultValue, onValueChange);
  return (
    <ToggleGroup.Root
      data-slot="view-toggle"
      data-state={value}
      type="single"
      dir={dir}
      value={value}
      // Pressing the chosen view again would clear the choice; a view is always shown.
      onValueChange={(next) => {
        if (next === 'grid' || next === 'list') {
          setValue(next);
        }
      }}
      aria-label={label ?? t('ui.viewToggle.label')}
      className={cn('inline-flex items-center rounded-md border border-input bg-background', className)}
      {...props}
    >
      <ToggleGroup.Item
        data-slot="view-toggle-item"
        value="grid"
        aria-label={t('ui.viewToggle.grid')}
        className={itemClassName}
      >
        <LayoutGrid aria-hidden />
      </ToggleGroup.Item>
      <ToggleGroup.Item
        data-slot="view-toggle-item"
        value="list"
        aria-label={t('ui.viewToggle.list')}
        className={itemClassName}
      >
        <List aria-hidden />
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}

export { type ViewMode, ViewToggle, type ViewToggleProps };
