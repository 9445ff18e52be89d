import { useTranslation } from '@parley/i18n';
import { useAppShell } from '@parley/ui/app-shell';
import { menuItemVariants } from '@parley/ui/menu';
import { type PageSettings, PageStyleTrigger } from '@parley/ui/page-style-panel';
import { Settings } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

const loadPanel = () => import('./page-style-panel');
const PageStylePanel = lazy(async () => ({ default: (await loadPanel()).PageStylePanel }));

/** Where the panel was opened from: the gear among the header's actions, or the phone menu drawer. */
type PageStyleOpener = 'header' | 'drawer';

interface PageStyleOpenState {
  open: boolean;
  /** Who opened it last, so that closing gives focus back there. */
  from: PageStyleOpener;
}

/** The panel's open state, shared by the header's gear, the drawer's entry and the panel itself. */
function usePageStyleOpen() {
  const [state, setState] = useState<PageStyleOpenState>({ open: false, from: 'header' });
  return {
    ...state,
    show: (from: PageStyleOpener) => setState({ open: true, from }),
    setOpen: (open: boolean) => setState((current) => ({ ...current, open })),
  };
}

type PageStyleOpenControl = ReturnType<typeof usePageStyleOpen>;

interface PageStyleProps {
  settings: PageSettings;
  onSettingsChange: (settings: PageSettings) => void;
  control: PageStyleOpenControl;
}

/**
 * The page-style panel (SPEC §2.6) behind a gear among the header's actions, where it covers no
 * content. On phones (below `md`) the gear gives way to an entry in the menu drawer
 * (PageStyleDrawerEntry). Until first opened only the gear is on the page; the panel's code
 * (drawer, radio groups, switches, about 8 KiB) loads then — fetched early when the pointer or
 * focus reaches the gear — and opens at once. Closing gives focus back to where it was opened.
 */
function PageStyle({ settings, onSettingsChange, control }: PageStyleProps) {
  const shell = useAppShell();
  const gearRef = useRef<HTMLButtonElement>(null);
  const [requested, setRequested] = useState(false);
  if (control.open && !requested) {
    setRequested(true);
  }

  const gear = (busy: boolean) => (
    <PageStyleTrigger
      ref={gearRef}
      variant="header"
      className="max-md:hidden"
      aria-haspopup="dialog"
      aria-expanded={control.open}
      aria-busy={busy || undefined}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => control.show('header')}
    />
  );

  function returnFocus(event: Event) {
    event.preventDefault();
    if (control.from === 'drawer') {
      shell?.focusMenuButton();
    }
    // The menu button shows on phones only: on a wider window (or from the gear) the gear takes it.
    if (control.from === 'header' || document.activeElement === document.body) {
      gearRef.current?.focus();
    }
  }

  if (!requested) {
    return gear(false);
  }
  return (
    <Suspense fallback={gear(true)}>
      {gear(false)}
      <PageStylePanel
        showTrigger={false}
        open={control.open}
        onOpenChange={control.setOpen}
        onCloseAutoFocus={returnFocus}
        settings={settings}
        onSettingsChange={onSettingsChange}
      />
    </Suspense>
  );
}

/** 'Page style' in the phone menu drawer: it closes the drawer and opens the panel. */
function PageStyleDrawerEntry({ control }: { control: PageStyleOpenControl }) {
  const { t } = useTranslation();
  const shell = useAppShell();
  return (
    <button
      type="button"
      data-slot="page-style-drawer-entry"
      aria-haspopup="dialog"
      className={menuItemVariants({ layout: 'side' })}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => {
        shell?.setDrawerOpen(false);
        control.show('drawer');
      }}
    >
      <Settings aria-hidden />
      <span className="truncate">{t('web.shell.pageStyle')}</span>
    </button>
  );
}

export { PageStyle, PageStyleDrawerEntry, type PageStyleOpenControl, usePageStyleOpen };
