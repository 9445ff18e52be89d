import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from './i18n';
import { Trans, useTranslation } from './react';

afterEach(async () => {
  i18n.removeResourceBundle('xx-XX', 'translation');
  await changeLocale('en-US');
});

describe('i18n', () => {
  it('falls back to en-US, then to the key, and formats in the language the message came from', async () => {
    i18n.addResourceBundle('xx-XX', 'translation', { 'ui.action.save': 'Sauver {n, number}' });
    await i18n.changeLanguage('xx-XX');
    expect(i18n.language).toBe('xx-XX');
    expect(i18n.t('ui.action.save', { n: 1000 })).toBe('Sauver 1,000');
    expect(i18n.t('ui.code.countdown', { seconds: 1 })).toBe('1 second');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('ui.action.save', { lng: 'en-US' })).toBe('Save');
  });

  it('shows the source of a message it cannot format, as i18next-icu did', () => {
    expect(i18n.t('ui.code.countdown')).toBe(i18n.t('ui.code.countdown', { lng: 'en-US' }));
    expect(i18n.t('ui.code.countdown')).toContain('{seconds, plural');
  });

  it('merges bundles as i18next does: shallow adds replace, deep adds keep unless told to overwrite', () => {
    i18n.addResourceBundle('xx-XX', 'translation', { a: '1', b: '1' });
    i18n.addResourceBundle('xx-XX', 'translation', { b: '2', c: '2' }, true, false);
    expect([i18n.t('a', { lng: 'xx-XX' }), i18n.t('b', { lng: 'xx-XX' }), i18n.t('c', { lng: 'xx-XX' })]).toEqual([
      '1',
      '1',
      '2',
    ]);
    i18n.addResourceBundle('xx-XX', 'translation', { b: '3' });
    expect(i18n.t('b', { lng: 'xx-XX' })).toBe('3');
    expect(i18n.hasResourceBundle('xx-XX', 'translation')).toBe(true);
    i18n.removeResourceBundle('xx-XX', 'translation');
    expect(i18n.hasResourceBundle('xx-XX', 'translation')).toBe(false);
  });
});

function Label() {
  const { t, i18n: instance } = useTranslation();
  return (
    <p>
      {t('ui.action.save')} ({instance.language})
    </p>
  );
}

describe('useTranslation', () => {
  it('renders again in the new language when it changes', async () => {
    i18n.addResourceBundle('xx-XX', 'translation', { 'ui.action.save': 'Sauver' });
    render(<Label />);
    expect(screen.getByText('Save (en-US)')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('xx-XX'));
    expect(screen.getByText('Sauver (xx-XX)')).toBeInTheDocument();
  });
});

describe('Trans', () => {
  it('puts the given elements in place of the markup, by index and by name', () => {
    i18n.addResourceBundle('en-US', 'translation', {
      'test.trans': 'Read <0>the terms</0> and <link>the {what}</link>.<br/>Done',
    });
    const { container } = render(
      <Trans
        i18nKey="test.trans"
        values={{ what: 'policy' }}
        components={{ 0: <strong />, link: <a href="/policy">x</a> }}
      />,
    );
    expect(container.innerHTML).toBe('Read <strong>the terms</strong> and <a href="/policy">the policy</a>.<br>Done');
  });

  it('isolates the text values people wrote in <bdi>, also inside markup, leaving plural values alone', () => {
    i18n.addResourceBundle('en-US', 'translation', {
      'test.isolate': '{count, plural, one {# video} other {# videos}} by <0>{name}</0>: {title}.',
    });
    const { container } = render(
      <Trans
        i18nKey="test.isolate"
        values={{ count: 2 }}
        isolate={{ name: 'نورا', title: 'Welcome video (EN)' }}
        components={[<strong key="name" />]}
      />,
    );
    expect(container.innerHTML).toBe('2 videos by <strong><bdi>نورا</bdi></strong>: <bdi>Welcome video (EN)</bdi>.');
  });
});
