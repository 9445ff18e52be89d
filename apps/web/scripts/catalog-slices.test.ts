import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enUS from '../../../packages/i18n/src/catalogs/en-US.json' with { type: 'json' };
import {
  APP_SLICE_PREFIXES,
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
    const pattern = new RegExp(
      `['"\`](${APP_SLICE_PREFIXES.map((prefix) => prefix.replaceAll('.', '\\.')).join('|')})`,
    );
    const users = [...sources(path.join(root, 'apps/web/src')), ...sources(path.join(root, 'packages/ui/src'))]
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(users.length).toBeGreaterThan(10);
    expect(users.filter((file) => !SIGNED_IN_ONLY.some((allowed) => file.startsWith(allowed)))).toEqual([]);
  });

  it('every prefix names messages, and the two parts make the whole catalogue', () => {
    for (const prefix of APP_SLICE_PREFIXES) {
      expect(
        Object.keys(enUS).some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    const core = sliceCatalog(enUS, 'core');
    const app = sliceCatalog(enUS, 'app');
    const widget = sliceCatalog(enUS, 'widget');
    expect({ ...core, ...app, ...widget }).toEqual(enUS);
    expect(Object.keys(core).filter((key) => key in app || key in widget)).toEqual([]);
    expect(Object.keys(widget).length).toBeGreaterThan(10);
    expect(sliceOf('widget.menu.call')).toBe('widget');
    expect(sliceOf('web.calls.notes.title')).toBe('app');
    expect(sliceOf('web.login.title')).toBe('core');
    expect(sliceOf('web.menu.callHistory')).toBe('core');
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
