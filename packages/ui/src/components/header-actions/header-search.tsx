import { useTranslation } from '@parley/i18n';
import { Search } from 'lucide-react';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { headerButtonClass } from './header-button';

type HeaderSearchProps = Omit<React.ComponentProps<'form'>, 'onSubmit' | 'defaultValue'> & {
  /** The search text (controlled). */
  value?: string;
  /** The search text at first (uncontrolled). */
  defaultValue?: string;
  /** Called on every keystroke. */
  onValueChange?: (value: string) => void;
  /** Called with the text when the person presses Enter. */
  onSearch?: (value: string) => void;
  /** Placeholder of the field; defaults to the translated 'Search…'. */
  placeholder?: string;
  /** Whether the field is open (controlled). */
  expanded?: boolean;
  /** Show the field open at first instead of only the magnifier (uncontrolled). */
  defaultExpanded?: boolean;
  /** Called when the field opens or folds away. */
  onExpandedChange?: (expanded: boolean) => void;
};

/** A magnifier that expands into a search field; Enter searches, Escape clears and folds it away. */
function HeaderSearch({
  value,
  defaultValue = '',
  onValueChange,
  onSearch,
  placeholder,
  expanded: expandedProp,
  defaultExpanded = false,
  onExpandedChange,
  className,
  ...props
}: HeaderSearchProps) {
  const { t } = useTranslation();
  const inputId = React.useId();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const [text, setText] = useControllableState(value, defaultValue, onValueChange);
  const [expanded, setExpanded] = useControllableState(expandedProp, defaultExpanded, onExpandedChange);

  function expand() {
    setExpanded(true);
    // The field becomes visible in this render; focus it once it can take focus.
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role="search" is announced everywhere; <search> not yet.
    <form
      role="search"
      data-slot="header-search"
      data-state={expanded ? 'open' : 'closed'}
      className={cn('flex items-center', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch?.(text);
      }}
      {...props}
    >
      <button
        ref={toggleRef}
        type="button"
        aria-label={t('ui.header.search')}
        aria-expanded={expanded}
        aria-controls={inputId}
        className={headerButtonClass}
        onClick={() => (expanded ? inputRef.current?.focus() : expand())}
      >
        <Search aria-hidden className="size-4" />
      </button>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        aria-label={t('ui.header.search')}
        placeholder={placeholder ?? t('ui.header.searchPlaceholder')}
        value={text}
        data-state={expanded ? 'open' : 'closed'}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (!text) {
            setExpanded(false);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            setText('');
            setExpanded(false);
            toggleRef.current?.focus();
          }
        }}
        className={cn(
          'h-8 min-w-0 rounded-none border-current/40 border-b bg-transparent text-current text-sm outline-none',
          'transition-[width,opacity] duration-200 placeholder:text-current/70 focus-visible:border-current',
          'data-[state=closed]:invisible data-[state=closed]:w-0 data-[state=closed]:opacity-0',
          'data-[state=open]:ms-1 data-[state=open]:w-40 sm:data-[state=open]:w-52',
        )}
      />
    </form>
  );
}

export { HeaderSearch, type HeaderSearchProps };
