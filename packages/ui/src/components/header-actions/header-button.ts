import { cn } from '../../lib/cn';

/** Header buttons take the header's text colour, so they suit a dark and a light bar alike. */
const headerButtonClass = cn(
  'inline-flex h-8 min-w-8 shrink-0 items-center justify-center gap-2 rounded-md px-2 text-current text-sm outline-none',
  'transition-colors hover:bg-current/10 focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=open]:bg-current/10 [&_svg]:pointer-events-none [&_svg]:shrink-0',
);

export { headerButtonClass };
