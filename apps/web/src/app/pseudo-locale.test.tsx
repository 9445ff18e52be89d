import { changeLocale, i18n, PSEUDO_LOCALE } from '@parley/i18n';
import { PSEUDO_END, PSEUDO_START } from '@parley/i18n/pseudo';
import { UiProvider } from '@parley/ui/provider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../testing/test-utils';
import { routes } from './router';

// The public screens in the en-XA pseudo-locale: every text a visitor sees must come from the
// catalogue, so each carries the ⟦…⟧ markers. Text without them is hard-coded.

// Screens load lazily, as in the browser; the first import of a screen's module graph is slow in jsdom.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

/** The product name, which is not translated. */
const PRODUCT_NAME = 'Parley';
/**
 * Text no translation is expected for: language names in the picker (each in its own language)
 * and what a person typed.
 */
const NOT_TRANSLATED =
  '[data-slot="language-picker-value"], [data-slot="language-picker"] [lang], [role="option"][lang], textarea, script, style';
/** Attributes people read or hear. */
const TEXT_ATTRIBUTES = ['placeholder', 'aria-label', 'aria-placeholder', 'aria-valuetext', 'title', 'alt'];

const t = (key: string) => i18n.t(key);

/** Where an element is, for the report: its tag, role, slot and test id. */
function describeElement(element: Element): string {
  const parts = [element.tagName.toLowerCase()];
  for (const attribute of ['role', 'data-slot', 'data-testid', 'name', 'id']) {
    const value = element.getAttribute(attribute);
    if (value && !(attribute === 'id' && value.startsWith('«'))) {
      parts.push(`[${attribute}="${value}"]`);
    }
  }
  return parts.join('');
}

/**
 * Country names the browser's locale data gives (Intl.DisplayNames, as the phone input's list
 * shows them): real locales get them in their language without a catalogue.
 */
const REGION_NAMES: ReadonlySet<string> = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  return new Set(letters.flatMap((first) => letters.map((second) => names.of(`${first}${second}`) ?? '')));
})();

/** Whether text needs no translation: the product name, digits, punctuation, symbols, country names. */
function needsNoTranslation(text: string): boolean {
  const rest = text.replaceAll(PRODUCT_NAME, '');
  return /^[\s\p{N}\p{P}\p{S}]*$/u.test(rest) || REGION_NAMES.has(rest.replace(/\s*\+\d+\s*$/, '').trim());
}

function isPseudoLocalised(text: string): boolean {
  return text.includes(PSEUDO_START) || text.includes(PSEUDO_END);
}

/** Every text node and readable attribute of the page that is not pseudo-localised. */
function hardCodedTexts(root: Element = document.body): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    // Inactive tab panels and closed parts are `hidden`; they are checked when they open.
    if (!parent || parent.closest(NOT_TRANSLATED) || parent.closest('[hidden]')) {
      continue;
    }
    // A decorative mark of a letter or two, like the logo's 'P' for Parley, is not text.
    if (parent.closest('[aria-hidden="true"]') && text.trim().length <= 2) {
      continue;
    }
    if (!isPseudoLocalised(text) && !needsNoTranslation(text)) {
      found.push(`${describeElement(parent)} text: ${JSON.stringify(text.trim())}`);
    }
  }
  for (const element of root.querySelectorAll(TEXT_ATTRIBUTES.map((name) => `[${name}]`).join(', '))) {
    if (element.closest(NOT_TRANSLATED) || element.closest('[hidden]')) {
      continue;
    }
    for (const name of TEXT_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value !== null && !isPseudoLocalised(value) && !needsNoTranslation(value)) {
        found.push(`${describeElement(element)} ${name}: ${JSON.stringify(value)}`);
      }
    }
  }
  return found;
}

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UiProvider locale={PSEUDO_LOCALE}>
        <RouterProvider router={router} />
      </UiProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** Types a one-letter value, too short or malformed for most fields, into every visible field. */
async function fillEveryField() {
  const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:is([type="text"], [type="email"], [type="password"], [type="tel"], :not([type])), textarea',
  );
  for (const field of fields) {
    if (!field.closest('[hidden]') && !field.disabled) {
      await userEvent.type(field, 'x');
    }
  }
}

/** Submits the page's form empty, so its validation messages show too. */
async function submitEmpty(name: string) {
  // Found, not got: the reset page shows its form once it has heard that its link is live.
  await userEvent.click(await screen.findByRole('button', { name }));
  await waitFor(() => expect(document.querySelector('[data-slot="form-message"]')).not.toBeNull());
}

beforeAll(async () => {
  await changeLocale(PSEUDO_LOCALE);
});
afterAll(async () => {
  await changeLocale('en-US');
});
beforeEach(async () => {
  // Nothing answers: the public screens ask the server nothing before a form is sent.
  stubServer({});
  await changeLocale(PSEUDO_LOCALE);
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('public screens in the en-XA pseudo-locale show no hard-coded text', () => {
  it('the login page, tab by tab', async () => {
    open('/user/login');
    expect(await screen.findByRole('heading', { level: 1, name: t('web.login.title') })).toBeInTheDocument();
    await submitEmpty(t('web.login.submit'));
    expect(hardCodedTexts()).toEqual([]);

    await userEvent.click(screen.getByRole('tab', { name: t('web.login.tab.phone') }));
    expect(await screen.findByRole('button', { name: t('ui.code.get') })).toBeInTheDocument();
    await submitEmpty(t('web.login.submit'));
    expect(hardCodedTexts()).toEqual([]);

    await userEvent.click(screen.getByRole('tab', { name: t('web.login.tab.register') }));
    await submitEmpty(t('web.register.submit'));
    expect(hardCodedTexts()).toEqual([]);
  });

  it.each([
    ['/user/registration', 'web.register.title', 'web.register.submit'],
    ['/user/forgot-password', 'web.forgot.title', 'web.forgot.submit'],
    ['/user/reset-password/a-token/a-user', 'web.reset.title', 'web.reset.submit'],
    ['/contact-us', 'web.contact.contact.title', 'web.contact.contact.submit'],
    ['/request-demo', 'web.contact.demo.title', 'web.contact.demo.submit'],
  ])('%s, empty and after an empty submit', async (path, titleKey, submitKey) => {
    open(path);
    expect(await screen.findByRole('heading', { level: 1, name: t(titleKey) })).toBeInTheDocument();
    expect(hardCodedTexts()).toEqual([]);
    await submitEmpty(t(submitKey));
    expect(hardCodedTexts()).toEqual([]);
  });

  it.each([
    ['/user/registration', 'web.register.title', 'web.register.submit'],
    ['/user/reset-password/a-token/a-user', 'web.reset.title', 'web.reset.submit'],
    ['/contact-us', 'web.contact.contact.title', 'web.contact.contact.submit'],
  ])('%s, after a submit with malformed values', async (path, titleKey, submitKey) => {
    open(path);
    expect(await screen.findByRole('heading', { level: 1, name: t(titleKey) })).toBeInTheDocument();
    await fillEveryField();
    await submitEmpty(t(submitKey));
    expect(hardCodedTexts()).toEqual([]);
  });

  it('the landing page', async () => {
    open('/');
    expect(await screen.findByRole('heading', { level: 1, name: t('web.home.title') })).toBeInTheDocument();
    expect(hardCodedTexts()).toEqual([]);
  });

  it.each([
    ['/exception/403', 'ui.result.403.subTitle'],
    ['/exception/404', 'ui.result.404.subTitle'],
    ['/exception/500?errorCode=E42', 'ui.result.500.subTitle'],
    ['/no-such-page', 'ui.result.404.subTitle'],
  ])('the exception page %s', async (path, subTitleKey) => {
    open(path);
    expect(await screen.findByText(t(subTitleKey))).toBeInTheDocument();
    expect(hardCodedTexts()).toEqual([]);
  });
});

describe('the hard-coded text check', () => {
  it('finds text and labels that did not come from the catalogue', () => {
    document.body.innerHTML = `
      <p>${t('web.home.title')}</p><p>Hard-coded</p><p> 42 – … </p><p>Parley</p>
      <button aria-label="Close">×</button><input placeholder="${t('ui.select.placeholder')}" />
      <div hidden><p>Inactive tab</p></div><span data-slot="language-picker-value" lang="de-DE">Deutsch</span>`;
    expect(hardCodedTexts()).toEqual(['p text: "Hard-coded"', 'button aria-label: "Close"']);
  });
});
