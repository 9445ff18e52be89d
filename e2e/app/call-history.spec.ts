import { randomBytes } from 'node:crypto';
import arEG from '@parley/i18n/catalogs/ar-EG.json' with { type: 'json' };
import enUS from '@parley/i18n/catalogs/en-US.json' with { type: 'json' };
// The app's own ICU formatter (plural rules, the locale's digits); @parley/i18n's entry point needs Vite.
import { formatMessage } from '@parley/i18n/message-format';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiSignIn, test as base, DEMO, expect, waitForMessage } from './fixtures';
import { expectPlays, record } from './video-helpers';

/**
 * The call history (SPEC §2.4) on the demo team's year of calls (apps/server/src/demo/calls.ts):
 * Grace Hopper left a video message after a missed call (follow-up needed, one note); Alan
 * Turing's answered call, like the seven newest answered calls, has real raw media, so its recording
 * can be generated, with captions. The journeys that change data run in English and in Arabic (right
 * to left), each language on calls of its own: tests run in parallel on the same data, and each one
 * changes only rows no other test reads.
 */

interface Session {
  token: string;
  role: string;
}

/**
 * Nora (admin) signs in once per worker: the server allows an account ten sign-ins in fifteen
 * minutes, and the other journeys sign the demo admin in too.
 */
const test = base.extend<object, { session: Session }>({
  session: [
    async ({ playwright }, use) => {
      const [a = 1, b = 1, c = 1] = randomBytes(3);
      const request = await playwright.request.newContext({
        baseURL: process.env.PARLEY_E2E_URL,
        extraHTTPHeaders: { 'X-Forwarded-For': `10.${a}.${b}.${c}` },
      });
      const answer = await apiSignIn(request, DEMO.admin.email, DEMO.password);
      await request.dispose();
      await use({ token: answer.data.token, role: answer.currentAuthority });
    },
    { scope: 'worker' },
  ],
});

/** An interface language as the page shows it: the catalogue's messages, formatted as the app does. */
interface Language {
  locale: string;
  dir: 'ltr' | 'rtl';
  /** The message of `key` with its values. */
  t: (key: string, values?: Record<string, unknown>) => string;
  /** The whole message as a pattern: each RegExp among the values stands for what it matches (a group). */
  pattern: (key: string, values?: Record<string, unknown>) => RegExp;
  /** 'Call 42' as every action of a row names its call: the SR No in the language's digits. */
  call: (serialNumber: number) => string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function languageFrom(locale: string, dir: Language['dir'], catalog: Record<string, string>): Language {
  const t = (key: string, values: Record<string, unknown> = {}) => {
    const message = catalog[key];
    if (message === undefined) {
      throw new Error(`${key} is not in the ${locale} catalogue`);
    }
    return formatMessage(message, locale, values) as string;
  };
  const pattern = (key: string, values: Record<string, unknown> = {}) => {
    const holes: RegExp[] = [];
    const marked = Object.fromEntries(
      Object.entries(values).map(([name, value]) =>
        value instanceof RegExp ? [name, `\u{E000}${holes.push(value) - 1}\u{E000}`] : [name, value],
      ),
    );
    const source = t(key, marked)
      .split(/\u{E000}(\d+)\u{E000}/u)
      .map((part, index) =>
        index % 2 === 1 ? `(${holes[Number(part)]?.source.replace(/^\^|\$$/g, '')})` : escapeRegExp(part),
      )
      .join('');
    return new RegExp(`^${source}$`, 'u');
  };
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  return {
    locale,
    dir,
    t,
    pattern,
    call: (serialNumber) => t('web.calls.callNumber', { serial: digits.format(serialNumber) }),
  };
}

const ENGLISH = languageFrom('en-US', 'ltr', enUS);
const ARABIC = languageFrom('ar-EG', 'rtl', arEG);

/** Any call's name ('Call 42', 'المكالمة ٤٢'): digits of any script. */
function anyCall(language: Language): RegExp {
  return language.pattern('web.calls.callNumber', { serial: /\p{Nd}+/u });
}

/** Puts Nora's session (and the interface language) into local storage, then opens `path`. */
async function open(page: Page, session: Session, path = '/call-history', language = ENGLISH) {
  await page.goto('/exception/404');
  await page.evaluate(
    ({ token, role, locale }) => {
      localStorage.setItem('isLogin', 'true');
      localStorage.setItem('loginRole', role);
      localStorage.setItem('AuthToken', token);
      localStorage.setItem('language', locale);
    },
    { ...session, locale: language.locale },
  );
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
  await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
}

function callTable(page: Page, language = ENGLISH): Locator {
  return page.getByRole('table', { name: language.t('web.menu.callHistory') });
}

/** The rows of the table once loaded (no skeletons, no request in flight). */
async function loadedRows(page: Page, language = ENGLISH): Promise<Locator> {
  const table = callTable(page, language);
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  await expect(page.locator('[data-slot="filter-bar"] [aria-busy="true"], div[aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
  return table.locator('tbody tr');
}

/** The texts of one column, by its header, for every row shown (sr-only words included). */
async function column(page: Page, header: string, language = ENGLISH): Promise<string[]> {
  const table = callTable(page, language);
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThan(-1);
  return table.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
}

/** m:ss or h:mm:ss in seconds; NaN for a dash. */
function seconds(text: string): number {
  const parts = text.trim().split(':').map(Number);
  if (parts.length < 2 || parts.some((part) => !Number.isFinite(part))) {
    return Number.NaN;
  }
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Waits until the rows shown all pass `check` (and there are some). */
async function expectEveryRow(page: Page, header: string, check: (text: string) => boolean, language = ENGLISH) {
  await expect
    .poll(
      async () => {
        await loadedRows(page, language);
        const values = await column(page, header, language);
        return values.length > 0 && values.every(check) ? 'ok' : values.join(' | ');
      },
      { timeout: 30_000, message: `every ${header} matches` },
    )
    .toBe('ok');
}

async function search(page: Page, language = ENGLISH) {
  await page
    .getByRole('search', { name: language.t('web.calls.filter.label') })
    .getByRole('button', { name: language.t('ui.action.search') })
    .click();
}

/**
 * Reset, then wait until the address holds no filter and the table has reloaded: typing into the
 * filter bar before the reset has landed could be wiped by it (a CI run lost a typed 60 that way).
 */
async function resetFilters(page: Page) {
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page).not.toHaveURL(
    /[?&](from|to|receivedBy|answered|messageLeft|callerName|transcript|holdMin|holdMax|durationMin|durationMax)=/,
  );
  await loadedRows(page);
}

async function expandFilters(page: Page, language = ENGLISH) {
  const toggle = page.getByRole('button', { name: language.t('ui.action.expand') });
  if (await toggle.isVisible()) {
    await toggle.click();
  }
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function total(request: APIRequestContext, session: Session, query: Record<string, string> = {}) {
  const response = await request.get('/api/calls', {
    headers: { authorization: `Bearer ${session.token}` },
    params: { pageSize: '1', ...query },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

/** What a journey reads of a call from `GET /api/calls`. */
interface ListedCall {
  serialNumber: number;
  callerName: string;
  callerEmail: string | null;
  callerContact: string | null;
  notesCount: number;
  followUp: 'none' | 'needed' | 'sent' | 'done';
}

/** Which call a journey works on: the newest the list gives for `query` that `where` accepts. */
interface CallChoice {
  query: Record<string, string>;
  where?: (call: ListedCall) => boolean;
}

async function findCall(request: APIRequestContext, session: Session, choice: CallChoice): Promise<ListedCall> {
  const response = await request.get('/api/calls', {
    headers: { authorization: `Bearer ${session.token}` },
    params: { pageSize: '50', ...choice.query },
  });
  expect(response.status(), await response.text()).toBe(200);
  const found = ((await response.json()) as { list: ListedCall[] }).list.find(choice.where ?? (() => true));
  if (!found) {
    throw new Error(`No call for ${JSON.stringify(choice.query)} in the demo data`);
  }
  return found;
}

/** The call history filtered as the choice was, and by the caller's name. */
function pathTo(choice: CallChoice, call: ListedCall): string {
  return `/call-history?${new URLSearchParams({ ...choice.query, callerName: call.callerName })}`;
}

/** The name a row's actions give its call ('Call 42'), read off its Delete button. */
async function callOf(row: Locator, language: Language): Promise<string> {
  const deleteCall = language.pattern('web.calls.deleteFor', { call: anyCall(language) });
  const label = (await row.getByRole('button', { name: deleteCall }).getAttribute('aria-label')) ?? '';
  const call = deleteCall.exec(label)?.[1];
  if (!call) {
    throw new Error(`No call's name in "${label}"`);
  }
  return call;
}

/** What the journeys that change data do, per language, and on which calls. */
interface Journey {
  language: Language;
  /** Added to the test titles. */
  title: string;
  notes: CallChoice & { existing: string; added: string; edited: string };
  /** A call whose raw media can make a recording, with captions. */
  recording: CallChoice;
  followUp: { done: CallChoice; send: CallChoice & { text: string }; video: string };
}

const JOURNEYS: Journey[] = [
  {
    language: ENGLISH,
    title: '',
    notes: {
      query: { callerName: 'Alan Turing' },
      existing: 'Promised to send Alan the recording of this call.',
      added: 'E2E: call Alan back on Monday.',
      edited: 'E2E: call Alan back on Tuesday.',
    },
    recording: { query: { callerName: 'Alan Turing' } },
    followUp: {
      done: { query: { callerName: 'Alan Turing' } },
      send: {
        query: { tab: 'messages', callerName: 'Grace Hopper' },
        text: 'Here is how to embed the widget on a second site.',
      },
      video: 'E2E follow-up',
    },
  },
  {
    language: ARABIC,
    title: ' — in Arabic, right to left',
    notes: {
      query: { tab: 'messages', callerName: 'Grace Hopper' },
      existing: 'Grace asked how to embed the widget on a second site; call her back before noon.',
      added: 'E2E: نعاود الاتصال بغريس يوم الاثنين.',
      edited: 'E2E: نعاود الاتصال بغريس يوم الثلاثاء.',
    },
    // The newest answered call but Alan's (English generates his).
    recording: { query: { answered: 'true' }, where: (call) => call.callerName !== 'Alan Turing' },
    followUp: {
      done: { query: { tab: 'missed', messageLeft: 'false' }, where: (call) => call.followUp !== 'done' },
      // The newest video message but Grace's (English answers hers), from a caller with e-mail and phone.
      send: {
        query: { tab: 'messages' },
        where: (call) => call.callerName !== 'Grace Hopper' && call.callerEmail !== null && call.callerContact !== null,
        text: 'إليك طريقة تضمين الأداة في موقع ثانٍ.',
      },
      video: 'E2E متابعة',
    },
  },
];

async function addEditAndDeleteNote(page: Page, request: APIRequestContext, session: Session, journey: Journey) {
  const { language, notes: choice } = journey;
  const { t } = language;
  const call = await findCall(request, session, choice);
  const name = language.call(call.serialNumber);
  await open(page, session, pathTo(choice, call), language);
  await loadedRows(page, language);
  const notesButton = callTable(page, language).getByRole('button', {
    name: t('web.calls.notesFor', { count: call.notesCount, call: name }),
    exact: true,
  });
  await notesButton.click();
  const notes = page.getByRole('dialog', { name: t('web.calls.notes.title') });
  await expect(notes).toContainText(t('web.calls.subtitle', { call: name, name: call.callerName }));
  await expect(notes.getByRole('columnheader', { name: t('web.calls.notes.enteredBy') })).toBeVisible();
  await expect(notes.getByRole('cell', { name: choice.existing })).toBeVisible();
  const field = notes.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(t('web.calls.notes.note'))}`) });
  const save = notes.getByRole('button', { name: t('ui.action.save'), exact: true });

  await save.click();
  await expect(notes.getByText(t('web.calls.notes.required'))).toBeVisible();

  await field.fill(choice.added);
  await save.click();
  await expect(notes.getByRole('cell', { name: choice.added })).toBeVisible();
  await expect(page.getByText(t('web.calls.notes.added'))).toBeVisible();
  await expect(field).toHaveValue('');

  await notes
    .getByRole('row', { name: choice.added })
    .getByRole('button', { name: language.pattern('web.calls.notes.editNamed', { date: /.+/ }) })
    .click();
  await expect(field).toHaveValue(choice.added);
  await field.fill(choice.edited);
  await save.click();
  await expect(notes.getByRole('cell', { name: choice.edited })).toBeVisible();
  await expect(notes.getByRole('cell', { name: choice.added })).toBeHidden();

  await notes
    .getByRole('row', { name: choice.edited })
    .getByRole('button', { name: language.pattern('web.calls.notes.deleteNamed', { date: /.+/ }) })
    .click();
  const confirm = page.getByRole('alertdialog', { name: t('ui.confirm.deleteRecord') });
  await confirm.getByRole('button', { name: t('ui.action.delete') }).click();
  await expect(notes.getByRole('cell', { name: choice.edited })).toBeHidden();
  await expect(page.getByText(t('web.calls.notes.deleted'))).toBeVisible();
  await expect(notes.getByRole('cell', { name: choice.existing })).toBeVisible();

  await notes.getByRole('button', { name: t('ui.action.cancel'), exact: true }).click();
  await expect(notes).toBeHidden();
  await expect(notesButton).toBeVisible();
}

async function generateAndPlayRecording(page: Page, request: APIRequestContext, session: Session, journey: Journey) {
  const { language, recording: choice } = journey;
  const { t } = language;
  const call = await findCall(request, session, choice);
  const name = language.call(call.serialNumber);
  await open(page, session, pathTo(choice, call), language);
  await loadedRows(page, language);
  const table = callTable(page, language);
  const status = (key: string) =>
    table.getByRole('button', { name: t('ui.recording.named', { status: t(key), subject: name }), exact: true });
  const generate = status('ui.recording.none');
  const play = status('ui.recording.ready');
  // Another run of this journey (or a retry) may find it generated already.
  if (await generate.isVisible()) {
    await generate.click();
  }
  await expect(play).toBeVisible({ timeout: 90_000 });
  await play.click();
  const dialog = page.getByRole('dialog', { name: t('web.calls.recordingTitle', { call: name }) });
  await expect(dialog).toBeVisible();
  const video = dialog.locator('video');
  await expect(dialog.locator('track')).toHaveAttribute('src', /^blob:/);
  await expect(dialog.locator('track')).toHaveAttribute('label', t('web.calls.captions.title'));
  await expectPlays(video);
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => {
        const track = element.textTracks[0];
        return track ? `${track.mode} ${track.cues?.length ?? 0}` : 'none';
      }),
    )
    .toMatch(/^showing [1-9]/);
  await page.keyboard.press('Escape');

  await table.getByRole('button', { name: t('web.calls.captionsFor', { call: name }), exact: true }).click();
  const captions = page.getByRole('dialog', { name: t('web.calls.captions.title') });
  await expect(captions).toContainText(t('web.calls.subtitle', { call: name, name: call.callerName }));
  await expect(captions.getByRole('columnheader', { name: t('web.calls.captions.speaker') })).toBeVisible();
  await expect(captions.getByRole('row')).not.toHaveCount(1);
  await expect(captions.getByRole('cell', { name: call.callerName }).first()).toBeVisible();
}

async function followUpAndSend(page: Page, request: APIRequestContext, session: Session, journey: Journey) {
  const { language, followUp } = journey;
  const { t } = language;
  const menuOf = (call: ListedCall, state: ListedCall['followUp']) =>
    callTable(page, language).getByRole('button', {
      name: t('web.calls.followUp.menuFor', {
        call: language.call(call.serialNumber),
        state: t(`web.calls.followUp.${state}`),
      }),
      exact: true,
    });

  // A ready library recording to send, made in English: the recorder's own journeys are video.spec.ts's.
  await open(page, session, '/record/library/new');
  await record(page, 3);
  await page.getByRole('textbox', { name: 'Title' }).fill(followUp.video);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/video-library', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Play ${followUp.video}`, exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });

  const done = await findCall(request, session, followUp.done);
  await open(page, session, pathTo(followUp.done, done), language);
  await loadedRows(page, language);
  await menuOf(done, done.followUp).click();
  await page.getByRole('menuitemradio', { name: t('web.calls.followUp.done') }).click();
  await expect(menuOf(done, 'done')).toBeVisible();

  const send = await findCall(request, session, followUp.send);
  await page.goto(pathTo(followUp.send, send));
  await loadedRows(page, language);
  await menuOf(send, send.followUp).click();
  await page.getByRole('menuitem', { name: t('web.calls.followUp.send') }).click();
  const library = page.getByRole('dialog', { name: t('web.followup.library.heading') });
  await library
    .getByRole('button', { name: t('web.followup.library.chooseNamed', { title: followUp.video }), exact: true })
    .first()
    .click();
  const recipient = page.getByRole('dialog', { name: t('web.followup.recipient.title') });
  await expect(recipient.getByRole('textbox', { name: t('web.followup.email') })).toHaveValue(send.callerEmail ?? '');
  // The phone as the caller gave it, in the input's own format: its last digits at least.
  await expect(recipient.getByRole('textbox', { name: t('web.followup.phone') })).toHaveValue(
    new RegExp(`${(send.callerContact ?? '').slice(-4)}$`),
  );
  await recipient.getByRole('textbox', { name: t('web.followup.message') }).fill(followUp.send.text);
  await recipient.getByRole('button', { name: t('web.followup.send'), exact: true }).click();
  await expect(page.getByText(t('web.followup.sent.title'))).toBeVisible();
  await expect(menuOf(send, 'sent')).toBeVisible({ timeout: 15_000 });
  const mail = await waitForMessage(request, send.callerEmail ?? '', (message) => message.channel === 'email');
  expect(mail.text).toMatch(/\/v\/[A-Za-z0-9_-]+/);
}

/** The DELETE of calls, sent once the ten seconds of Undo have passed (UNDO_SECONDS). */
function callsDeleted(page: Page) {
  return page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && new URL(response.url()).pathname.startsWith('/api/calls'),
    { timeout: 20_000 },
  );
}

async function deleteOneThenSeveral(page: Page, request: APIRequestContext, session: Session, language: Language) {
  const { t } = language;
  await open(page, session, '/call-history?tab=missed&sort=incomingAt&order=asc', language);
  const rows = await loadedRows(page, language);
  const oldestMissed = await callOf(rows.first(), language);
  const deleteButton = (call: string) =>
    callTable(page, language).getByRole('button', { name: t('web.calls.deleteFor', { call }), exact: true });
  const before = await total(request, session, { tab: 'missed' });
  await deleteButton(oldestMissed).click();
  const confirm = page.getByRole('alertdialog', { name: t('ui.confirm.deleteRecord') });
  await expect(confirm).toContainText(oldestMissed);
  await confirm.getByRole('button', { name: t('ui.action.delete') }).click();
  // The row goes at once, and the toast offers Undo for ten seconds: Undo brings it back.
  await expect(deleteButton(oldestMissed)).toBeHidden();
  await page.getByRole('button', { name: t('ui.action.undo') }).click();
  await expect(deleteButton(oldestMissed)).toBeVisible();
  expect(await total(request, session, { tab: 'missed' })).toBe(before);

  // Deleted again, and left: the DELETE goes once the ten seconds have passed.
  await deleteButton(oldestMissed).click();
  await expect(confirm).toContainText(oldestMissed);
  const deletedOne = callsDeleted(page);
  await confirm.getByRole('button', { name: t('ui.action.delete') }).click();
  await expect(page.getByText(t('web.calls.deleted', { count: 1 })).last()).toBeVisible();
  await expect(deleteButton(oldestMissed)).toBeHidden();
  expect((await deletedOne).ok()).toBe(true);
  expect(await total(request, session, { tab: 'missed' })).toBe(before - 1);

  await page.goto('/call-history?answered=true&sort=incomingAt&order=asc');
  const answered = await loadedRows(page, language);
  const calls: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const row = answered.nth(index);
    calls.push(await callOf(row, language));
    await row.getByRole('checkbox').click();
  }
  await expect(page.getByText(t('ui.table.selected', { count: 3 })).first()).toBeVisible();
  const answeredBefore = await total(request, session, { answered: 'true' });
  await page.getByRole('button', { name: t('web.calls.deleteSelected') }).click();
  await expect(confirm).toContainText(t('web.calls.deleteCount', { count: 3 }));
  const deletedSeveral = callsDeleted(page);
  await confirm.getByRole('button', { name: t('ui.action.delete') }).click();
  await expect(page.getByText(t('web.calls.deleted', { count: 3 }))).toBeVisible();
  for (const call of calls) {
    await expect(deleteButton(call)).toBeHidden();
  }
  expect((await deletedSeveral).ok()).toBe(true);
  expect(await total(request, session, { answered: 'true' })).toBe(answeredBefore - 3);
}

test.describe('call history', () => {
  test.setTimeout(120_000);

  test('filters by each filter and shows the right rows', async ({ page, request, session }) => {
    await open(page, session);
    await expect(page.getByRole('heading', { level: 1, name: 'Call history' })).toBeVisible();
    expect(await (await loadedRows(page)).count()).toBe(10);
    await expandFilters(page);

    // Caller Name
    await page.getByRole('searchbox', { name: 'Caller Name' }).fill('Grace Hopper');
    await search(page);
    await expect(page).toHaveURL(/callerName=Grace\+Hopper/);
    await expectEveryRow(page, 'Name', (text) => text === 'Grace Hopper');
    await resetFilters(page);
    await expect(page).toHaveURL(/\/call-history$/);

    // Received By
    await choose(page, 'Received By', 'Sam Carter');
    await search(page);
    await expectEveryRow(page, 'Received by', (text) => text === 'Sam Carter');

    // Call answered: No (and Received By back to anyone)
    await choose(page, 'Received By', 'Anyone');
    await choose(page, 'Call answered', 'No');
    await search(page);
    await expect(page).toHaveURL(/answered=false/);
    await expectEveryRow(page, 'Received by', (text) => text.includes('Not answered'));

    // Message Left: Yes, on the Missed calls tab
    await choose(page, 'Call answered', 'Any');
    await choose(page, 'Message Left', 'Yes');
    await search(page);
    await page.getByRole('tab', { name: 'Missed calls' }).click();
    await expect(page).toHaveURL(/tab=missed/);
    await expect(page).toHaveURL(/messageLeft=true/);
    await expectEveryRow(page, 'Message', (text) => !text.includes('No message'));
    await expect(
      callTable(page)
        .getByRole('button', { name: /^Play the video message of Call \d+$/ })
        .first(),
    ).toBeVisible();
    await resetFilters(page);
    await page.getByRole('tab', { name: 'All calls' }).click();

    // Hold time in seconds, from 300
    await page.getByRole('spinbutton', { name: 'Hold time in seconds Min' }).fill('300');
    await page.getByRole('spinbutton', { name: 'Hold time in seconds Min' }).press('Enter');
    await expect(page).toHaveURL(/holdMin=300/);
    await expectEveryRow(page, 'Hold time', (text) => seconds(text) >= 300);
    await resetFilters(page);

    // Call duration, up to 60 seconds
    await page.getByRole('spinbutton', { name: 'Call duration Max' }).fill('60');
    await search(page);
    await expect(page).toHaveURL(/durationMax=60/);
    await expectEveryRow(page, 'Duration', (text) => Number.isNaN(seconds(text)) || seconds(text) <= 60);
    expect((await column(page, 'Duration')).some((text) => seconds(text) <= 60)).toBe(true);
    await resetFilters(page);

    // Transcript: every word must appear; the captions of a match say it.
    await page.getByRole('searchbox', { name: 'Transcript' }).fill('shipping credit');
    await search(page);
    await expect(page).toHaveURL(/transcript=shipping\+credit/);
    await loadedRows(page);
    const matching = await total(request, session, { transcript: 'shipping credit' });
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(await total(request, session));
    await callTable(page)
      .getByRole('button', { name: /^Captions of Call \d+$/ })
      .first()
      .click();
    const captions = page.getByRole('dialog', { name: 'Captions' });
    await expect(captions.getByText(/shipping credit/i).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await resetFilters(page);

    // Calls between: the 1st to the 28th of last month, picked in the calendar. No day after today
    // can be picked, so the two months shown end with this one: the first is last month.
    await page.getByRole('combobox', { name: 'Calls between' }).click();
    const calendar = page.getByRole('dialog', { name: 'Calendar' });
    await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
    const month = calendar.getByRole('grid').first();
    const monthName = (await month.getAttribute('aria-label')) ?? '';
    await month.getByRole('button', { name: / 1, \d{4}$/ }).click();
    await month.getByRole('button', { name: / 28, \d{4}$/ }).click();
    await search(page);
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-28/);
    const [monthWord, year] = monthName.split(' ');
    await expectEveryRow(page, 'Incoming Time', (text) => {
      const day = new Date(text);
      return (
        day.getFullYear() === Number(year) &&
        day.toLocaleString('en-US', { month: 'long' }) === monthWord &&
        day.getDate() >= 1 &&
        day.getDate() <= 28
      );
    });

    // Calls between, Last 7 days: today and the six days before, in the member's (the browser's) calendar.
    await page.getByRole('combobox', { name: 'Calls between' }).click();
    await page.getByRole('group', { name: 'Preset ranges' }).getByRole('button', { name: 'Last 7 days' }).click();
    await search(page);
    const dayOf = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const [weekAgo, today] = await page.evaluate(() => {
      const now = new Date();
      const week = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6);
      return [week, now].map(
        (date) =>
          `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
      );
    });
    await expect(page).toHaveURL(new RegExp(`from=${weekAgo}&to=${today}`));
    // Incoming Time is written in the browser's zone; read back, its day is the day shown.
    await expectEveryRow(page, 'Incoming Time', (text) => dayOf(new Date(text)) >= (weekAgo ?? ''));
  });

  test('sorts on the server and keeps the view in the address: reload and Back', async ({ page, session }) => {
    await open(page, session, '/call-history?tab=missed&holdMin=10&sort=holdSeconds&order=asc&current=2');
    await loadedRows(page);
    const check = async (current: string) => {
      await expect(page.getByRole('tab', { name: 'Missed calls' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('spinbutton', { name: 'Hold time in seconds Min' })).toHaveValue('10');
      await expect(callTable(page).getByRole('columnheader', { name: /Hold time/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await expect(page.getByRole('button', { name: `Page ${current}` })).toHaveAttribute('aria-current', 'page');
      const holds = (await column(page, 'Hold time')).map(seconds);
      expect(holds.every((value) => value >= 10)).toBe(true);
      expect([...holds].sort((a, b) => a - b)).toEqual(holds);
    };
    await check('2');
    await page.reload();
    await loadedRows(page);
    await check('2');
    await page.getByRole('button', { name: 'Next Page' }).click();
    await expect(page).toHaveURL(/current=3/);
    await loadedRows(page);
    await check('3');
    await page.goBack();
    await expect(page).toHaveURL(/current=2/);
    await loadedRows(page);
    await check('2');

    // Sorting by Duration starts from the first page; descending on the second click.
    const duration = callTable(page)
      .getByRole('columnheader', { name: /Duration/ })
      .getByRole('button');
    await page.getByRole('tab', { name: 'All calls' }).click();
    await duration.click();
    await expect(page).toHaveURL(/sort=durationSeconds&order=asc/);
    await expect(page).not.toHaveURL(/current=/);
    await duration.click();
    await expect(page).toHaveURL(/sort=durationSeconds&order=desc/);
    await expect
      .poll(async () => {
        await loadedRows(page);
        // Missed calls have no duration; where the server puts them is its business.
        const durations = (await column(page, 'Duration')).map(seconds).filter((value) => !Number.isNaN(value));
        return (
          durations.length > 0 && durations.every((value, index) => index === 0 || value <= (durations[index - 1] ?? 0))
        );
      })
      .toBe(true);

    // Nonsense in the address is ignored.
    await page.goto('/call-history?tab=bogus&holdMin=ten&current=-1');
    await loadedRows(page);
    await expect(page.getByRole('tab', { name: 'All calls' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('filters in Arabic, right to left, and keeps the view in the address', async ({ page, session }) => {
    const { t } = ARABIC;
    await open(page, session, '/call-history', ARABIC);
    await expect(page.getByRole('heading', { level: 1, name: t('web.menu.callHistory') })).toBeVisible();
    await expect(page.getByRole('tab', { name: t('web.calls.tab.all') })).toHaveAttribute('aria-selected', 'true');
    const table = callTable(page, ARABIC);
    expect(await (await loadedRows(page, ARABIC)).count()).toBe(10);
    // The first column (Incoming Time) sits on the right.
    const incoming = await table.getByRole('columnheader', { name: t('web.calls.column.incomingAt') }).boundingBox();
    const serial = await table.getByRole('columnheader', { name: t('web.calls.column.serialNumber') }).boundingBox();
    expect(incoming && serial && incoming.x > serial.x).toBe(true);
    await expandFilters(page, ARABIC);

    // Call answered: No — the rows say so in Arabic.
    await choose(page, t('web.calls.filter.answered'), t('web.calls.filter.no'));
    await search(page, ARABIC);
    await expect(page).toHaveURL(/answered=false/);
    await expectEveryRow(
      page,
      t('web.calls.column.receivedBy'),
      (text) => text.includes(t('web.calls.notAnswered')),
      ARABIC,
    );
    await page.getByRole('button', { name: t('ui.action.reset'), exact: true }).click();
    await expect(page).toHaveURL(/\/call-history$/);

    // Caller Name, on the Messages tab; the address keeps the view through a reload and Back.
    await page.getByRole('searchbox', { name: t('web.calls.filter.callerName') }).fill('Grace Hopper');
    await search(page, ARABIC);
    await expect(page).toHaveURL(/callerName=Grace\+Hopper/);
    await page.getByRole('tab', { name: t('web.calls.tab.messages') }).click();
    await expect(page).toHaveURL(/tab=messages/);
    const check = async () => {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('tab', { name: t('web.calls.tab.messages') })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expectEveryRow(page, t('web.calls.column.name'), (text) => text === 'Grace Hopper', ARABIC);
      await expect(
        table.getByRole('button', { name: ARABIC.pattern('web.calls.playMessageFor', { call: anyCall(ARABIC) }) }),
      ).not.toHaveCount(0);
      await expandFilters(page, ARABIC);
      await expect(page.getByRole('searchbox', { name: t('web.calls.filter.callerName') })).toHaveValue('Grace Hopper');
    };
    await check();
    await page.reload();
    await check();
    // Reset keeps the tab; Back brings the filter again.
    await page.getByRole('button', { name: t('ui.action.reset'), exact: true }).click();
    await expect(page).toHaveURL(/\/call-history\?tab=messages$/);
    await page.goBack();
    await expect(page).toHaveURL(/tab=messages&callerName=Grace\+Hopper/);
    await check();
  });

  for (const journey of JOURNEYS) {
    test(`adds, edits and deletes a note${journey.title}`, async ({ page, request, session }) => {
      await addEditAndDeleteNote(page, request, session, journey);
    });

    test(`generates a recording and plays it with its captions${journey.title}`, async ({ page, request, session }) => {
      await generateAndPlayRecording(page, request, session, journey);
    });

    test(`follows a caller up: sets the state, and sends a video message${journey.title}`, async ({
      page,
      request,
      session,
    }) => {
      await followUpAndSend(page, request, session, journey);
    });
  }

  test.describe('deleting', () => {
    // Both count the missed and the answered calls before and after: one language at a time.
    test.describe.configure({ mode: 'default' });

    for (const { language, title } of JOURNEYS) {
      test(`deletes one record, then several at once${title}`, async ({ page, request, session }) => {
        await deleteOneThenSeveral(page, request, session, language);
      });
    }
  });
});
