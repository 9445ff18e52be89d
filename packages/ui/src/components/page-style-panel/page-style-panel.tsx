import { useTranslation } from '@parley/i18n';
import { Check } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Drawer, DrawerBody, DrawerContent, DrawerHeader, DrawerTitle, DrawerTrigger } from '../drawer/drawer';
import { Label } from '../label/label';
import { Switch } from '../switch/switch';
import { DEFAULT_PAGE_SETTINGS, type PageSettings, readableForeground, THEME_COLORS } from './page-settings';
import { PageStyleTrigger, type PageStyleTriggerProps } from './page-style-trigger';

/** Fixed colours for the thumbnails: they picture the dark and light navigation, whatever the theme. */
const THUMB_DARK_NAV = 'bg-[#001529]';

function Section({ title, children }: { title: string; children: (headingId: string) => React.ReactNode }) {
  const headingId = React.useId();
  return (
    <section data-slot="page-style-section" aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="font-medium text-foreground text-sm">
        {title}
      </h3>
      {children(headingId)}
    </section>
  );
}

/** A radio drawn as a picture of the page with a caption; the caption names it. */
function ThumbnailRadio({ value, caption, children }: { value: string; caption: string; children: React.ReactNode }) {
  return (
    <RadioGroupPrimitive.Item
      value={value}
      data-slot="page-style-thumbnail"
      className="group grid justify-items-center gap-1.5 rounded-md p-1 text-muted-foreground text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:text-foreground"
    >
      <span
        aria-hidden
        className="relative flex h-10 w-12 overflow-hidden rounded-sm border bg-muted shadow-xs group-hover:border-primary group-data-[state=checked]:border-primary group-data-[state=checked]:ring-1 group-data-[state=checked]:ring-primary"
      >
        {children}
        <Check className="absolute end-0.5 bottom-0.5 hidden size-3.5 text-primary-text group-data-[state=checked]:block" />
      </span>
      {caption}
    </RadioGroupPrimitive.Item>
  );
}

function SwitchRow({
  label,
  checked,
  onCheckedChange,
  disabled = false,
  hint,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = React.useId();
  const hintId = React.useId();
  const showHint = disabled && hint;
  return (
    <div data-slot="page-style-row" className="grid gap-1">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id} className={cn('font-normal', disabled && 'text-muted-foreground')}>
          {label}
        </Label>
        <Switch
          id={id}
          checked={checked}
          disabled={disabled}
          aria-describedby={showHint ? hintId : undefined}
          onCheckedChange={onCheckedChange}
        />
      </div>
      {showHint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type PageStylePanelProps = Omit<React.ComponentProps<typeof DrawerContent>, 'side' | 'children'> & {
  /** The current settings (controlled); the app persists them and calls `applyPageSettings`. */
  settings?: PageSettings;
  /** The settings at first (uncontrolled); SPEC §9 defaults unless given. */
  defaultSettings?: PageSettings;
  /** Called with the whole next settings object after every change. */
  onSettingsChange?: (settings: PageSettings) => void;
  /** Whether the panel is open (controlled). */
  open?: boolean;
  /** Whether the panel is open at first (uncontrolled). */
  defaultOpen?: boolean;
  /** Called when the panel opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Show the settings button that opens the panel; on by default. */
  showTrigger?: boolean;
  /** The button's look: `floating` at the window's end edge (over the page), or `header`, for a header's actions. */
  triggerVariant?: PageStyleTriggerProps['variant'];
};

/**
 * The page-style panel (SPEC §2.6): navigation theme, theme colour, navigation mode, content
 * width, fixed header and sidebar, hiding the header on scroll and colour-weak mode, in a
 * drawer at the end side opened by a gear button (floating, or among the header's actions).
 * It only reports changes.
 */
function PageStylePanel({
  settings,
  defaultSettings = DEFAULT_PAGE_SETTINGS,
  onSettingsChange,
  open,
  defaultOpen,
  onOpenChange,
  showTrigger = true,
  triggerVariant,
  className,
  ...props
}: PageStylePanelProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useControllableState(settings, defaultSettings, onSettingsChange);

  function update<Key extends keyof PageSettings>(key: Key, value: PageSettings[Key]) {
    setCurrent({ ...current, [key]: value });
  }

  const selectedColor =
    THEME_COLORS.find((colour) => colour.hex.toLowerCase() === current.primaryColor.toLowerCase())?.hex ?? '';
  const sideLayout = current.layout === 'side';

  return (
    <Drawer open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {showTrigger ? (
        <DrawerTrigger asChild data-slot="page-style-panel-trigger">
          <PageStyleTrigger variant={triggerVariant} />
        </DrawerTrigger>
      ) : null}
      <DrawerContent
        data-slot="page-style-panel"
        side="end"
        aria-describedby={undefined}
        className={cn('w-80 max-w-[90vw] gap-0', className)}
        {...props}
      >
        <DrawerHeader>
          <DrawerTitle>{t('ui.pageStyle.title')}</DrawerTitle>
        </DrawerHeader>
        <DrawerBody className="grid content-start gap-6 py-6">
          <Section title={t('ui.pageStyle.navTheme')}>
            {(headingId) => (
              <RadioGroupPrimitive.Root
                aria-labelledby={headingId}
                orientation="horizontal"
                value={current.navTheme}
                onValueChange={(value) => update('navTheme', value as PageSettings['navTheme'])}
                className="flex gap-4"
              >
                <ThumbnailRadio value="dark" caption={t('ui.pageStyle.dark')}>
                  <span className={cn('h-full w-3.5', THUMB_DARK_NAV)} />
                  <span className="flex flex-1 flex-col">
                    <span className="h-2 bg-card" />
                  </span>
                </ThumbnailRadio>
                <ThumbnailRadio value="light" caption={t('ui.pageStyle.light')}>
                  <span className="h-full w-3.5 border-e bg-card" />
                  <span className="flex flex-1 flex-col">
                    <span className="h-2 bg-card" />
                  </span>
                </ThumbnailRadio>
              </RadioGroupPrimitive.Root>
            )}
          </Section>

          <Section title={t('ui.pageStyle.themeColor')}>
            {(headingId) => (
              <RadioGroupPrimitive.Root
                aria-labelledby={headingId}
                orientation="horizontal"
                value={selectedColor}
                onValueChange={(value) => update('primaryColor', value)}
                className="flex flex-wrap gap-2"
              >
                {THEME_COLORS.map((colour) => {
                  const name = t(`ui.pageStyle.color.${colour.key}`);
                  return (
                    <RadioGroupPrimitive.Item
                      key={colour.key}
                      value={colour.hex}
                      aria-label={name}
                      title={name}
                      data-slot="page-style-swatch"
                      style={{ backgroundColor: colour.hex, color: readableForeground(colour.hex) }}
                      className="inline-flex size-6 items-center justify-center rounded-sm shadow-xs outline-none ring-offset-2 ring-offset-background focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <RadioGroupPrimitive.Indicator>
                        <Check aria-hidden className="size-4" />
                      </RadioGroupPrimitive.Indicator>
                    </RadioGroupPrimitive.Item>
                  );
                })}
              </RadioGroupPrimitive.Root>
            )}
          </Section>

          <Section title={t('ui.pageStyle.navigationMode')}>
            {(headingId) => (
              <div className="grid gap-4">
                <RadioGroupPrimitive.Root
                  aria-labelledby={headingId}
                  orientation="horizontal"
                  value={current.layout}
                  onValueChange={(value) => update('layout', value as PageSettings['layout'])}
                  className="flex gap-4"
                >
                  <ThumbnailRadio value="side" caption={t('ui.pageStyle.sideMenu')}>
                    <span className={cn('h-full w-3.5', THUMB_DARK_NAV)} />
                    <span className="flex flex-1 flex-col">
                      <span className="h-2 bg-card" />
                    </span>
                  </ThumbnailRadio>
                  <ThumbnailRadio value="top" caption={t('ui.pageStyle.topMenu')}>
                    <span className="flex flex-1 flex-col">
                      <span className={cn('h-2.5', THUMB_DARK_NAV)} />
                    </span>
                  </ThumbnailRadio>
                </RadioGroupPrimitive.Root>
                <ContentWidthRow
                  value={current.contentWidth}
                  onValueChange={(value) => update('contentWidth', value)}
                />
                <SwitchRow
                  label={t('ui.pageStyle.fixedHeader')}
                  checked={current.fixedHeader}
                  onCheckedChange={(checked) => update('fixedHeader', checked)}
                />
                <SwitchRow
                  label={t('ui.pageStyle.fixedSidebar')}
                  checked={current.fixedSidebar}
                  disabled={!sideLayout}
                  hint={t('ui.pageStyle.fixedSidebarHint')}
                  onCheckedChange={(checked) => update('fixedSidebar', checked)}
                />
                <SwitchRow
                  label={t('ui.pageStyle.hideHeader')}
                  checked={current.hideHeaderOnScroll}
                  disabled={!current.fixedHeader}
                  hint={t('ui.pageStyle.hideHeaderHint')}
                  onCheckedChange={(checked) => update('hideHeaderOnScroll', checked)}
                />
              </div>
            )}
          </Section>

          <Section title={t('ui.pageStyle.otherSettings')}>
            {() => (
              <SwitchRow
                label={t('ui.pageStyle.colorWeak')}
                checked={current.colorWeak}
                onCheckedChange={(checked) => update('colorWeak', checked)}
              />
            )}
          </Section>
        </DrawerBody>
      </DrawerContent>
    </Drawer>
  );
}

function ContentWidthRow({
  value,
  onValueChange,
}: {
  value: PageSettings['contentWidth'];
  onValueChange: (value: PageSettings['contentWidth']) => void;
}) {
  const { t } = useTranslation();
  const labelId = React.useId();
  const optionClass = cn(
    'h-7 rounded-sm px-3 text-sm outline-none transition-colors hover:text-primary-text',
    'focus-visible:ring-[3px] focus-visible:ring-ring/50',
    'data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
  );
  return (
    <div data-slot="page-style-row" className="flex items-center justify-between gap-4">
      <span id={labelId} className="text-sm">
        {t('ui.pageStyle.contentWidth')}
      </span>
      <RadioGroupPrimitive.Root
        aria-labelledby={labelId}
        orientation="horizontal"
        value={value}
        onValueChange={(next) => onValueChange(next as PageSettings['contentWidth'])}
        className="inline-flex rounded-md border p-0.5"
      >
        <RadioGroupPrimitive.Item value="fixed" className={optionClass}>
          {t('ui.pageStyle.fixed')}
        </RadioGroupPrimitive.Item>
        <RadioGroupPrimitive.Item value="fluid" className={optionClass}>
          {t('ui.pageStyle.fluid')}
        </RadioGroupPrimitive.Item>
      </RadioGroupPrimitive.Root>
    </div>
  );
}

export { PageStylePanel, type PageStylePanelProps };
