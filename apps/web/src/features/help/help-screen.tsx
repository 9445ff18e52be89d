import { useTranslation } from '@parley/i18n';
import { Card, CardContent, CardHeader, CardTitle } from '@parley/ui/card';
import { PageHeader } from '@parley/ui/page-header';
import { ExternalLink } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { hasAuthority } from '../../lib/authority';
import { useSession } from '../../lib/session';

/** A screen or part of the shell the help describes; `to` when it has an address of its own. */
interface HelpTopic {
  id: string;
  titleKey: string;
  textKey: string;
  to?: string;
  authority: readonly string[];
}

/** The API's own documentation (Swagger UI), served by the server. */
export const API_DOCS_URL = '/api/docs';

const MEMBERS = ['admin', 'user'] as const;

/** What is built (routes.ts) and each member's role may open, in the order of the menu. */
const TOPICS: readonly HelpTopic[] = [
  {
    id: 'call-history',
    titleKey: 'web.menu.callHistory',
    textKey: 'web.help.callHistory',
    to: '/call-history',
    authority: MEMBERS,
  },
  {
    id: 'library',
    titleKey: 'web.menu.library',
    textKey: 'web.help.library',
    to: '/video-library',
    authority: MEMBERS,
  },
  {
    id: 'recorder',
    titleKey: 'web.menu.record',
    textKey: 'web.help.recorder',
    to: '/record/library/new',
    authority: MEMBERS,
  },
  {
    id: 'requests',
    titleKey: 'web.menu.requests',
    textKey: 'web.help.requests',
    to: '/requests',
    authority: ['admin'],
  },
  {
    id: 'domains',
    titleKey: 'web.menu.domains',
    textKey: 'web.help.domains',
    to: '/settings/domain-managment',
    authority: MEMBERS,
  },
  { id: 'names', titleKey: 'web.names.menu', textKey: 'web.help.names', authority: MEMBERS },
  { id: 'notices', titleKey: 'ui.header.noticesTitle', textKey: 'web.help.notices', authority: MEMBERS },
];

function Key({ children }: { children: React.ReactNode }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded border border-b-2 bg-muted px-1.5 py-0.5 font-medium font-sans text-foreground text-xs">
      {children}
    </kbd>
  );
}

/** The keys of one shortcut, joined by `+` within a combination and `/` between alternatives. */
function Keys({ combos }: { combos: React.ReactNode[][] }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1 gap-y-1.5">
      {combos.map((combo, comboIndex) => (
        // A combination never breaks across lines; the `/` stays at the end of the line it ends.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
        <span key={comboIndex} className="inline-flex items-center gap-1 whitespace-nowrap">
          {combo.map((part, partIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
            <span key={partIndex} className="inline-flex items-center gap-1">
              {partIndex > 0 ? <span>+</span> : null}
              {part}
            </span>
          ))}
          {comboIndex < combos.length - 1 ? <span>/</span> : null}
        </span>
      ))}
    </span>
  );
}

/**
 * The help page: what each screen the member may open does (with a link to it), the keyboard
 * shortcuts that work across the app, and the API documentation for developers.
 */
function HelpScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const topics = TOPICS.filter((topic) => hasAuthority(topic.authority, session.role));
  const tab = <Key>{t('web.help.keyTab')}</Key>;
  const shift = <Key>{t('web.help.keyShift')}</Key>;
  const shortcuts: { id: string; keys: React.ReactNode[][]; textKey: string }[] = [
    { id: 'tab', keys: [[tab], [shift, tab]], textKey: 'web.help.shortcutTab' },
    {
      id: 'activate',
      keys: [[<Key key="enter">{t('web.help.keyEnter')}</Key>], [<Key key="space">{t('web.help.keySpace')}</Key>]],
      textKey: 'web.help.shortcutActivate',
    },
    { id: 'escape', keys: [[<Key key="esc">{t('web.help.keyEscape')}</Key>]], textKey: 'web.help.shortcutEscape' },
    {
      id: 'arrows',
      keys: [
        [
          <span key="arrows" role="img" aria-label={t('web.help.arrowKeys')} className="inline-flex gap-1">
            {['↑', '↓', '←', '→'].map((arrow) => (
              <Key key={arrow}>{arrow}</Key>
            ))}
          </span>,
        ],
      ],
      textKey: 'web.help.shortcutArrows',
    },
    { id: 'shift-click', keys: [[shift, t('web.help.click')]], textKey: 'web.help.shortcutShiftClick' },
    { id: 'skip', keys: [[tab]], textKey: 'web.help.shortcutSkip' },
    { id: 'search', keys: [[<Key key="slash">/</Key>]], textKey: 'web.help.shortcutSearch' },
  ];

  return (
    <div className="grid gap-4 pb-6">
      <PageHeader title={t('web.menu.help')} titleLevel={1} subtitle={t('web.help.intro')} />
      <div className="grid gap-4 px-4">
        <Card aria-labelledby="help-screens">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="help-screens">{t('web.help.screensTitle')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-4">
              {topics.map((topic) => (
                <li key={topic.id} data-topic={topic.id} className="grid gap-1">
                  <h3 className="font-medium">
                    {topic.to ? (
                      <Link to={topic.to} className="text-primary underline-offset-4 hover:underline">
                        {t(topic.titleKey)}
                      </Link>
                    ) : (
                      t(topic.titleKey)
                    )}
                  </h3>
                  <p className="text-muted-foreground text-sm">{t(topic.textKey)}</p>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card aria-labelledby="help-shortcuts">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="help-shortcuts">{t('web.help.shortcutsTitle')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b text-start text-muted-foreground">
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('web.help.keysColumn')}
                  </th>
                  <th scope="col" className="py-2 text-start font-medium">
                    {t('web.help.actionColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {shortcuts.map((shortcut) => (
                  <tr key={shortcut.id} className="border-b last:border-b-0">
                    <th scope="row" className="py-2 pe-4 text-start align-top font-normal">
                      <Keys combos={shortcut.keys} />
                    </th>
                    <td className="py-2 align-top">{t(shortcut.textKey)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
        <Card aria-labelledby="help-developers">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="help-developers">{t('web.help.developersTitle')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="text-muted-foreground">{t('web.help.developersText')}</p>
            <p>
              <a
                href={API_DOCS_URL}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                {t('web.help.apiDocs')}
                <ExternalLink aria-hidden className="size-3.5 rtl:-scale-x-100" />
              </a>
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export { HelpScreen };
