import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
  tags?: string[];
}

type Globals = Record<string, string | Record<string, boolean>>;

const here = path.dirname(fileURLToPath(import.meta.url));
const index = JSON.parse(readFileSync(path.join(here, '../../storybook-static/index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};

/**
 * The three looks every story is captured in. Right-to-left keeps English so that play functions,
 * which find elements by their English names, run the same way; stories made for Arabic set
 * their own locale. Accessibility is checked by the story tests, so it is off here (it is slow).
 */
const MODES: Record<'light' | 'dark' | 'rtl', Globals> = {
  light: { theme: 'light', locale: 'en-US', dir: 'auto', colorWeak: 'off', a11y: { manual: true } },
  dark: { theme: 'dark', locale: 'en-US', dir: 'auto', colorWeak: 'off', a11y: { manual: true } },
  rtl: { theme: 'light', locale: 'en-US', dir: 'rtl', colorWeak: 'off', a11y: { manual: true } },
};

const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && !entry.tags?.includes('no-visual'),
);

/** The window every story is captured in; one shared per worker, so each test leaves it so. */
const DEFAULT_VIEWPORT = { width: 1024, height: 640 };
/** Stories tagged 'phone' are captured at a phone's width instead (the 'phone' viewport in .storybook/preview.tsx). */
const PHONE_VIEWPORT = { width: 390, height: 780 };

interface PhaseChange {
  storyId?: string;
  newPhase?: string;
}

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: { storyRenders?: { phase?: string }[] };
  __STORYBOOK_ADDONS_CHANNEL__?: {
    emit: (event: string, payload: unknown) => void;
    on: <Payload = PhaseChange>(event: string, listener: (payload: Payload) => void) => void;
  };
  /** Render phases reported since the last story was asked for. */
  visualPhases?: PhaseChange[];
  /** What the story or its play function threw since the last story was asked for. */
  visualErrors?: string[];
  /** The story on screen. */
  visualCurrent?: string;
}

/** Phases that end a render; 'aborted' is not one, since a switch may abort a re-render. */
const FINAL_PHASES = ['finished', 'errored'];

/**
 * One Storybook preview per worker: loading the preview bundle for each of hundreds of
 * screenshots is what made this slow, so stories are switched through Storybook's channel,
 * the way its own manager does it, and render phases are read from the same channel.
 */
const test = base.extend<{ preview: Page }, { workerPreview: Page }>({
  workerPreview: [
    async ({ browser }, use) => {
      const page = await browser.newPage({
        viewport: DEFAULT_VIEWPORT,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
        timezoneId: 'UTC',
        locale: 'en-US',
        baseURL: 'http://127.0.0.1:6007',
      });
      // Open the first story and let it finish: only then has the preview read the story index.
      await page.goto(`/iframe.html?id=${stories[0]?.id}&viewMode=story`);
      await page.waitForFunction(() =>
        (window as PreviewWindow).__STORYBOOK_PREVIEW__?.storyRenders?.some((render) =>
          ['finished', 'errored'].includes(render.phase ?? ''),
        ),
      );
      await page.evaluate(() => {
        const target = window as PreviewWindow;
        target.visualPhases = [];
        target.__STORYBOOK_ADDONS_CHANNEL__?.on('storyRenderPhaseChanged', (change) => {
          target.visualPhases?.push(change);
        });
        for (const event of ['playFunctionThrewException', 'storyThrewException', 'storyErrored']) {
          target.__STORYBOOK_ADDONS_CHANNEL__?.on(event, (error: unknown) => {
            const { message, stack } = (error ?? {}) as { message?: string; stack?: string };
            target.visualErrors?.push(`${event}: ${message ?? JSON.stringify(error)}\n${stack ?? ''}`);
          });
        }
      });
      await page.evaluate((id) => {
        (window as PreviewWindow).visualCurrent = id;
      }, stories[0]?.id);
      await use(page);
      await page.close();
    },
    { scope: 'worker' },
  ],
  preview: async ({ workerPreview }, use) => {
    await use(workerPreview);
  },
});

/** Asks the preview for a story and waits for its final render phase. */
async function renderStory(page: Page, storyId: string): Promise<string> {
  await page.evaluate((id) => {
    const target = window as PreviewWindow;
    target.visualPhases = [];
    target.visualErrors = [];
    target.__STORYBOOK_ADDONS_CHANNEL__?.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
  }, storyId);
  const handle = await page.waitForFunction(
    ({ id, finalPhases }) => {
      const change = (window as PreviewWindow).visualPhases?.find(
        (phase) => phase.storyId === id && finalPhases.includes(phase.newPhase ?? ''),
      );
      return change?.newPhase ?? false;
    },
    { id: storyId, finalPhases: FINAL_PHASES },
    { timeout: 20_000 },
  );
  return (await handle.jsonValue()) as string;
}

async function showStory(page: Page, storyId: string, globals: Globals): Promise<void> {
  const current = await page.evaluate((nextGlobals) => {
    (window as PreviewWindow).__STORYBOOK_ADDONS_CHANNEL__?.emit('updateGlobals', { globals: nextGlobals });
    return (window as PreviewWindow).visualCurrent;
  }, globals);
  if (current === storyId) {
    // Step away first, so the capture is of a fresh mount whose play function ran once.
    const other = stories.find((story) => story.id !== storyId)?.id ?? storyId;
    await renderStory(page, other);
  }
  const phase = await renderStory(page, storyId);
  await page.evaluate((id) => {
    (window as PreviewWindow).visualCurrent = id;
  }, storyId);
  if (phase !== 'finished') {
    const errors = await page.evaluate(() => (window as PreviewWindow).visualErrors ?? []);
    expect(phase, `the story rendered and its play function passed\n${errors.join('\n')}`).toBe('finished');
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((image) =>
        image.complete ? undefined : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
      ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

for (const story of stories) {
  const phone = story.tags?.includes('phone') ?? false;
  for (const [mode, globals] of Object.entries(MODES)) {
    test(`${story.title} › ${story.name} › ${mode}`, async ({ preview }) => {
      if (phone) {
        // Before the story renders, so that it lays out (and its play function runs) at a phone's width.
        await preview.setViewportSize(PHONE_VIEWPORT);
      }
      try {
        await showStory(preview, story.id, globals);
        await expect(preview).toHaveScreenshot(`${story.id}--${mode}.png`, { fullPage: true });
      } finally {
        if (phone) {
          await preview.setViewportSize(DEFAULT_VIEWPORT);
        }
      }
    });
  }
}
