import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enUS from '../../../packages/i18n/src/catalogs/en-US.json' with { type: 'json' };
import {
  APP_SLICE_PREFIXES,
  SCREEN_SLICES,
  type ScreenSlice,
  sliceCatalog,
  sliceOf,
  WIDGET_SLICE_PREFIX,
  widgetCatalog,
} from '../../../packages/i18n/src/slices';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The modules that render only inside the signed-in area (under the security layout, which waits
 * for the `app` part of the catalogues): the only ones that may use its namespaces.
 */
const SIGNED_IN_ONLY = [
  'apps/web/src/features/call-history/',
  'apps/web/src/features/recorder/',
  'apps/web/src/features/help/',
  'apps/web/src/features/requests/',
  'apps/web/src/features/library/',
  'apps/web/src/features/domains/',
  'apps/web/src/features/slack/',
  'apps/web/src/features/team/',
  'apps/web/src/features/contacts/',
  'apps/web/src/features/profile/',
  // The live call cards: rendered by the signed-in shell, which loads after the `app` part.
  'apps/web/src/features/live-calls/',
  'apps/web/src/components/follow-up/',
  // The contact form: the contact book's, and the call history's "Save to contacts".
  'apps/web/src/components/contact-dialog/',
  // Builds every message of the contract at once for any form; a public form never shows these.
  'apps/web/src/lib/contract-messages.ts',
];

/**
 * The modules that may use a screen's own part (loaded by its route, or with the dialog that shows
 * it): the screen's folder, and the modules it shares.
 */
const SCREEN_MODULES: Record<ScreenSlice, string[]> = {
  team: ['apps/web/src/features/team/'],
  // The contact form: the call history loads it (and this part) when "Save to contacts" opens it.
  contacts: ['apps/web/src/features/contacts/', 'apps/web/src/components/contact-dialog/'],
  profile: ['apps/web/src/features/profile/'],
  slack: ['apps/web/src/features/slack/'],
};
/** Builds every message of the contract for any form, each form reading only its own. */
const CONTRACT_MESSAGES = 'apps/web/src/lib/contract-messages.ts';

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) {
      return name === 'node_modules' || name === 'testing' ? [] : sources(file);
    }
    return /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the catalogue parts', () => {
  it("the signed-in screens' namespaces are used by the signed-in screens only", () => {
    const prefixes = [...APP_SLICE_PREFIXES, ...Object.values(SCREEN_SLICES)];
    const pattern = new RegExp(`['"\`](${prefixes.map((prefix) => prefix.replaceAll('.', '\\.')).join('|')})`);
    const users = [...sources(path.join(root, 'apps/web/src')), ...sources(path.join(root, 'packages/ui/src'))]
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(users.length).toBeGreaterThan(10);
    expect(users.filter((file) => !SIGNED_IN_ONLY.some((allowed) => file.startsWith(allowed)))).toEqual([]);
  });

  it("a screen's own part is used by that screen's modules only, and its route loads it", () => {
    const files = sources(path.join(root, 'apps/web/src')).map((file) => ({
      file: path.relative(root, file),
      text: readFileSync(file, 'utf8'),
    }));
    const routes = readFileSync(path.join(root, 'apps/web/src/app/routes.ts'), 'utf8');
    for (const [slice, prefix] of Object.entries(SCREEN_SLICES) as [ScreenSlice, string][]) {
      const pattern = new RegExp(`['"\`]${prefix.replaceAll('.', '\\.')}`);
      const users = files.filter(({ text }) => pattern.test(text)).map(({ file }) => file);
      expect(users.length, slice).toBeGreaterThan(1);
      expect(
        users.filter(
          (file) => file !== CONTRACT_MESSAGES && !SCREEN_MODULES[slice].some((own) => file.startsWith(own)),
        ),
        slice,
      ).toEqual([]);
      expect(routes, slice).toContain(`messages: ['${slice}']`);
    }
    // A module that imports a screen's shared parts from outside that screen loads their messages with them.
    const dialogUsers = files.filter(
      ({ file, text }) =>
        text.includes('components/contact-dialog/contact-dialog') &&
        !file.startsWith('apps/web/src/features/contacts/'),
    );
    for (const { file, text } of dialogUsers) {
      expect(text, file).toContain("loadScreenMessages(['contacts'])");
    }
  });

  it('every prefix names messages, and the parts make the whole catalogue', () => {
    for (const prefix of [...APP_SLICE_PREFIXES, ...Object.values(SCREEN_SLICES)]) {
      expect(
        Object.keys(enUS).some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    const core = sliceCatalog(enUS, 'core');
    const app = sliceCatalog(enUS, 'app');
    const widget = sliceCatalog(enUS, 'widget');
    const screens = (Object.keys(SCREEN_SLICES) as ScreenSlice[]).map((slice) => sliceCatalog(enUS, slice));
    expect(Object.assign({}, core, app, widget, ...screens)).toEqual(enUS);
    const counted = [core, app, widget, ...screens].reduce((sum, part) => sum + Object.keys(part).length, 0);
    expect(counted).toBe(Object.keys(enUS).length);
    expect(Object.keys(widget).length).toBeGreaterThan(10);
    expect(sliceOf('widget.menu.call')).toBe('widget');
    expect(sliceOf('web.calls.notes.title')).toBe('app');
    expect(sliceOf('web.login.title')).toBe('core');
    expect(sliceOf('web.menu.callHistory')).toBe('core');
    expect(sliceOf('web.contacts.nameRequired')).toBe('contacts');
    expect(sliceOf('web.team.title')).toBe('team');
  });

  it("the web app shows none of the widget's messages, and the widget's frame only its own and the design system's", () => {
    const widgetKey = new RegExp(`['"\`]${WIDGET_SLICE_PREFIX.replace('.', '\\.')}`);
    const webUsers = sources(path.join(root, 'apps/web/src')).filter((file) =>
      widgetKey.test(readFileSync(file, 'utf8')),
    );
    expect(webUsers.map((file) => path.relative(root, file))).toEqual([]);

    const shipped = widgetCatalog(enUS);
    const used = sources(path.join(root, 'apps/widget/src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*[`'"]([\w.]+)/g)].map((match) => match[1] ?? ''),
    );
    expect(used.length).toBeGreaterThan(5);
    // A template (`widget.menu.${item.id}`) is read up to its first placeholder: some key must start so.
    const missing = used.filter((key) =>
      key.endsWith('.') ? !Object.keys(shipped).some((shippedKey) => shippedKey.startsWith(key)) : !(key in shipped),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(shipped).every((key) => key.startsWith('widget.') || key.startsWith('ui.'))).toBe(true);
  });
});
