import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The public pages in the en-XA pseudo-locale: every message is about 35% longer than English,
// as German or Finnish often are. A box that cuts its text off (overflow hidden or clip, or an
// ellipsis) while the text is larger than the box is clipping a translation; text that cannot
// wrap and pushes the page wider than the window makes it scroll sideways.

/** One clipped element, as the page measured it. */
interface Clipped {
  element: string;
  text: string;
  why: string;
}

/**
 * Every visible element with text that hides part of it: overflow hidden or clip (either
 * axis) or an ellipsis, while its content is wider or taller than its box. Visually hidden
 * (sr-only) elements clip on purpose and are left out.
 */
function findClipped(page: Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const clipping = new Set(['hidden', 'clip']);
    const pathOf = (element: Element): string => {
      const parts: string[] = [];
      for (
        let node: Element | null = element;
        node && node !== document.body && parts.length < 4;
        node = node.parentElement
      ) {
        const slot = node.getAttribute('data-slot');
        const role = node.getAttribute('role');
        parts.unshift(
          `${node.tagName.toLowerCase()}${slot ? `[data-slot=${slot}]` : ''}${role ? `[role=${role}]` : ''}`,
        );
      }
      return parts.join(' > ');
    };
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, which is what can be clipped.
    const shownText = (element: HTMLElement) => (element.innerText ?? '').trim().replace(/\s+/g, ' ');
    const found: { element: string; text: string; why: string }[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const text = shownText(element);
      if (!text) {
        continue;
      }
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const visuallyHidden =
        (box.width <= 1 && box.height <= 1) ||
        style.clip === 'rect(0px, 0px, 0px, 0px)' ||
        style.clipPath === 'inset(50%)' ||
        element.closest('.sr-only') !== null;
      if (visuallyHidden || style.visibility === 'hidden' || style.display === 'none') {
        continue;
      }
      const cutsX = clipping.has(style.overflowX) || style.textOverflow === 'ellipsis';
      const cutsY = clipping.has(style.overflowY);
      const wider = element.scrollWidth > element.clientWidth + 1;
      const taller = element.scrollHeight > element.clientHeight + 1;
      if ((cutsX && wider) || (cutsY && taller)) {
        found.push({
          element: pathOf(element),
          text: text.slice(0, 80),
          why: [
            cutsX && wider ? `width ${element.scrollWidth} > ${element.clientWidth}` : '',
            cutsY && taller ? `height ${element.scrollHeight} > ${element.clientHeight}` : '',
            `overflow ${style.overflowX}/${style.overflowY}`,
            style.textOverflow === 'ellipsis' ? 'ellipsis' : '',
          ]
            .filter(Boolean)
            .join(', '),
        });
      }
    }
    return found;
  });
}

/**
 * When longer text pushes the page wider than the window (it scrolls sideways), the innermost
 * elements with text that reach past the window's end.
 */
function findPushedOut(page: Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) {
      return [];
    }
    const beyond = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 1 || box.left < -1);
    };
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, which is what sticks out.
    const shownText = (element: HTMLElement) => (element.innerText ?? '').trim().replace(/\s+/g, ' ');
    return [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => beyond(element) && shownText(element) !== '')
      .filter((element) => ![...element.children].some(beyond))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const slot = element.getAttribute('data-slot');
        return {
          element: `${element.tagName.toLowerCase()}${slot ? `[data-slot=${slot}]` : ''}`,
          text: shownText(element).slice(0, 80),
          why: `page ${document.documentElement.scrollWidth}px wide in a ${width}px window; spans ${Math.round(box.left)}–${Math.round(box.right)}px`,
        };
      });
  });
}

/** Fails, listing each element, when anything on the page is clipped or pushes the page wider than the window. */
async function expectNothingClipped(page: Page, state: string) {
  const clipped = [...(await findClipped(page)), ...(await findPushedOut(page))];
  const report = clipped.map((item) => `  ${item.element} "${item.text}" (${item.why})`).join('\n');
  if (clipped.length > 0) {
    console.info(`Clipped in ${state}:\n${report}`);
  }
  expect(clipped, `clipped in ${state}:\n${report}`).toEqual([]);
}

/** Opens a page in en-XA, set in local storage before the app starts, as a tester would. */
async function openPseudo(page: Page, path: string) {
  // Only when nothing is chosen yet: a choice in the picker (and its reload) must stick.
  await page.addInitScript(() => {
    if (localStorage.getItem('language') === null) {
      localStorage.setItem('language', 'en-XA');
    }
  });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
  // Web fonts change text widths; measure once they are in.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`en-XA pseudo-locale, ${viewport.name} ${viewport.width}px: no text is clipped`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('/user/login, every tab, empty and submitted', async ({ page }) => {
      await openPseudo(page, '/user/login');
      await expectNothingClipped(page, `/user/login account tab (${viewport.name})`);
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(3);
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[data-slot="form-message"]').first()).toBeVisible();
      await expectNothingClipped(page, `/user/login account tab, submitted empty (${viewport.name})`);
      for (const index of [1, 2]) {
        await tabs.nth(index).click();
        await expect(tabs.nth(index)).toHaveAttribute('data-state', 'active');
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
        await expectNothingClipped(page, `/user/login tab ${index + 1} (${viewport.name})`);
      }
    });

    for (const path of ['/user/registration', '/contact-us', '/request-demo']) {
      test(`${path}, empty and submitted`, async ({ page }) => {
        await openPseudo(page, path);
        await expectNothingClipped(page, `${path} (${viewport.name})`);
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('[data-slot="form-message"]').first()).toBeVisible();
        await expectNothingClipped(page, `${path}, submitted empty (${viewport.name})`);
      });
    }

    test('/, the landing page', async ({ page }) => {
      await openPseudo(page, '/');
      await expectNothingClipped(page, `/ (${viewport.name})`);
    });
  });
}

test('en-XA is not offered in the production picker, and English returns', async ({ page }) => {
  await openPseudo(page, '/user/login');
  await page.getByRole('button', { name: /Ļáñĝúáĝé/ }).click();
  await expect(page.getByRole('option')).not.toHaveCount(0);
  await expect(page.locator('[role="option"][data-code="en-XA"]')).toHaveCount(0);
  await page.getByRole('option', { name: 'English (US)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
});
