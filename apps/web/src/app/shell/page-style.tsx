import { type PageSettings, PageStyleTrigger } from '@parley/ui/page-style-panel';
import { lazy, Suspense, useState } from 'react';

const loadPanel = () => import('./page-style-panel');
const PageStylePanel = lazy(async () => ({ default: (await loadPanel()).PageStylePanel }));

interface PageStyleProps {
  settings: PageSettings;
  onSettingsChange: (settings: PageSettings) => void;
}

/**
 * The page-style panel (SPEC §2.6) behind its floating button. Until the button is first pressed
 * only the button is on the page; the panel's code (drawer, radio groups, switches, about 8 KiB)
 * loads then — fetched early when the pointer or focus reaches the button — and opens at once.
 */
function PageStyle({ settings, onSettingsChange }: PageStyleProps) {
  const [requested, setRequested] = useState(false);
  const waiting = <PageStyleTrigger aria-haspopup="dialog" aria-expanded={false} aria-busy={requested || undefined} />;
  if (!requested) {
    return (
      <PageStyleTrigger
        aria-haspopup="dialog"
        aria-expanded={false}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setRequested(true)}
      />
    );
  }
  return (
    <Suspense fallback={waiting}>
      <PageStylePanel defaultOpen settings={settings} onSettingsChange={onSettingsChange} />
    </Suspense>
  );
}

export { PageStyle };
