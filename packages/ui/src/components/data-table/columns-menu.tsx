import { useTranslation } from '@parley/i18n';
import { ArrowDown, ArrowUp, Columns3, RotateCcw } from 'lucide-react';
import * as React from 'react';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';

/** A column as the Columns menu shows it. */
interface ColumnsMenuItem {
  id: string;
  label: string;
  visible: boolean;
  /** Pinned columns keep their place: they are shown and hidden, not moved. */
  movable: boolean;
}

interface ColumnsMenuProps {
  /** The columns that may hide, in the order the table shows them. */
  items: ColumnsMenuItem[];
  onVisibleChange: (id: string, visible: boolean) => void;
  /** Moves a column one place towards the start (-1) or the end (+1) among the movable ones. */
  onMove?: (id: string, step: -1 | 1) => void;
  /** Puts the columns back as the table first showed them; offered when given. */
  onReset?: () => void;
}

/**
 * The Columns menu: a checkbox per column that may hide (the last visible one stays) and, when
 * the table lets columns move, Move up and Move down buttons beside each; Reset puts it all back.
 * A popover rather than a menu, so that every control in it is an ordinary Tab stop.
 */
function ColumnsMenu({ items, onVisibleChange, onMove, onReset }: ColumnsMenuProps) {
  const { t } = useTranslation();
  const titleId = React.useId();
  const visibleCount = items.filter((item) => item.visible).length;
  const movable = items.filter((item) => item.movable);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="ms-auto" icon={<Columns3 aria-hidden />}>
          {t('ui.table.columns')}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={titleId} className="w-72 p-2">
        <p id={titleId} className="px-2 py-1.5 font-medium text-muted-foreground text-xs">
          {t('ui.table.columnsTitle')}
        </p>
        <ul data-slot="data-table-columns" className="grid max-h-[min(24rem,60svh)] gap-0.5 overflow-y-auto">
          {items.map((item) => {
            const position = movable.findIndex((candidate) => candidate.id === item.id);
            const checkboxId = `${titleId}-${item.id}`;
            return (
              <li key={item.id} className="flex items-center gap-2 rounded-sm px-2 py-1 hover:bg-accent">
                <Checkbox
                  id={checkboxId}
                  checked={item.visible}
                  disabled={item.visible && visibleCount <= 1}
                  onCheckedChange={(checked) => onVisibleChange(item.id, checked === true)}
                />
                <label htmlFor={checkboxId} className="min-w-0 flex-1 truncate">
                  {item.label}
                </label>
                {onMove && item.movable ? (
                  <span className="flex shrink-0 items-center">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={t('ui.table.moveUp', { label: item.label })}
                      title={t('ui.table.moveUp', { label: item.label })}
                      disabled={position <= 0}
                      onClick={() => onMove(item.id, -1)}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={t('ui.table.moveDown', { label: item.label })}
                      title={t('ui.table.moveDown', { label: item.label })}
                      disabled={position === movable.length - 1}
                      onClick={() => onMove(item.id, 1)}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        {onReset ? (
          <div className="mt-1 border-t px-1 pt-2">
            <Button variant="ghost" size="sm" icon={<RotateCcw aria-hidden />} onClick={onReset}>
              {t('ui.table.resetColumns')}
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

export { ColumnsMenu, type ColumnsMenuItem };
