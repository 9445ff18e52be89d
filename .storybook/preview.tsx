import '@parley/ui/styles.css';
import { changeLocale, getDirection, LOCALES, loadLocale } from '@parley/i18n';
import { resetFocusSource } from '@parley/ui/lib/focus-source';
import { UiProvider } from '@parley/ui/provider';
import { preloadToasts } from '@parley/ui/toast';
import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';

/** The locale the newest render asked for: a render that was replaced must not switch back. */
let requestedLocale = 'en-US';

/** Loads the chosen locale's catalogue before the story renders, then switches to it. */
const localeLoader: Loader = async ({ globals }) => {
  const locale: string = globals.locale ?? 'en-US';
  requestedLocale = locale;
  // The toast regions load on demand in the app; stories (and their tests) want them from the start.
  await Promise.all([loadLocale(locale), preloadToasts()]);
  if (requestedLocale === locale) {
    await changeLocale(locale);
  }
  return {};
};

/** Puts theme, direction and language on <html>, where portalled content sees them too. */
const withShell: Decorator = (Story, context) => {
  const { theme = 'light', locale = 'en-US', dir = 'auto', colorWeak = 'off' } = context.globals;
  const direction = dir === 'auto' ? getDirection(locale) : dir;
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('color-weak', colorWeak === 'on');
  root.dir = direction;
  root.lang = locale;
  return (
    <UiProvider locale={locale} dir={direction}>
      <Story />
    </UiProvider>
  );
};

const preview: Preview = {
  tags: ['autodocs'],
  // Stories render one after another in one page: each starts as a fresh page does, with no pointer
  // pressed yet, so a dialog's focus ring never depends on the story shown before it.
  beforeEach: () => {
    resetFocusSource();
  },
  loaders: [localeLoader],
  decorators: [withShell],
  initialGlobals: { theme: 'light', dir: 'auto', locale: 'en-US', colorWeak: 'off' },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    dir: {
      description: 'Writing direction',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'auto', title: 'From locale' },
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: LOCALES.map((locale) => ({ value: locale.code, title: `${locale.nativeName} (${locale.code})` })),
        dynamicTitle: true,
      },
    },
    colorWeak: {
      description: 'Colour-weak mode',
      toolbar: {
        title: 'Colour-weak',
        icon: 'eye',
        items: [
          { value: 'off', title: 'Colour-weak off' },
          { value: 'on', title: 'Colour-weak on' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'padded',
    // `phone` is the width of the phone references: a story tagged 'phone' sets
    // `globals: { viewport: { value: 'phone' } }`, so its test runs at that size, and the visual
    // run (e2e/visual/stories.spec.ts) captures it at that size.
    viewport: {
      options: {
        ...MINIMAL_VIEWPORTS,
        phone: { name: 'Phone (390 × 780)', styles: { width: '390px', height: '780px' }, type: 'mobile' },
      },
    },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: 'error' },
  },
};

export default preview;
