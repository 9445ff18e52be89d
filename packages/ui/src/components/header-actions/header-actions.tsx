import { useTranslation } from '@parley/i18n';
import { CircleHelp } from 'lucide-react';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { AccountMenu, type AccountMenuItem, type AccountStatus } from './account-menu';
import { headerButtonClass } from './header-button';
import { HeaderSearch, type HeaderSearchProps } from './header-search';
import { NoticeBell } from './notice-bell';
import type { Notice, NoticeType } from './notices';

type HeaderActionsProps = React.ComponentProps<'div'> & {
  /** Shows the expanding search field and is called with the text on Enter. */
  onSearch?: (value: string) => void;
  /** Placeholder of the search field. */
  searchPlaceholder?: string;
  /** The search's results as the person types (see HeaderSearch): makes the field a combobox. */
  searchResults?: Pick<
    HeaderSearchProps,
    'resultGroups' | 'resultsStatus' | 'resultsError' | 'onResultSelect' | 'onValueChange'
  >;
  /** Shows a help link to this address (opens in a new tab, unless `renderHelpLink` is given). */
  helpHref?: string;
  /**
   * Renders the help link inside the app (same tab, through the app's router); the returned
   * element gets the header button's class and label merged in.
   */
  renderHelpLink?: (props: { href: string; children: React.ReactNode }) => React.ReactElement;
  /** Shows a help button calling this, when there is no `helpHref`. */
  onHelp?: () => void;
  /** Shows the notice bell with these notices. */
  notices?: readonly Notice[];
  /** The notices are loading. */
  noticesLoading?: boolean;
  /** A notice was clicked; the app marks it read. */
  onNoticeClick?: (notice: Notice) => void;
  /** A tab's Clear button was pressed; the app removes that type. */
  onClear?: (type: NoticeType) => void;
  /** Whether the notice popover is open (controlled). */
  noticesOpen?: boolean;
  /** Called when the notice popover opens or closes. */
  onNoticesOpenChange?: (open: boolean) => void;
  /** Shows the account menu for this person. */
  account?: { name: string; avatar?: string };
  /** Entries of the account menu. */
  accountItems?: readonly AccountMenuItem[];
  /** A status chosen at the top of the account menu (availability), a dot on the avatar. */
  accountStatus?: AccountStatus;
  /** The language picker (LanguagePicker), shown last. */
  languagePicker?: React.ReactNode;
};

/**
 * The global header's actions (SPEC §2.6): search, help, the notice bell, the account menu and
 * the language picker; extra children go before the account menu. Each appears when its props do.
 */
function HeaderActions({
  onSearch,
  searchPlaceholder,
  searchResults,
  helpHref,
  renderHelpLink,
  onHelp,
  notices,
  noticesLoading,
  onNoticeClick,
  onClear,
  noticesOpen,
  onNoticesOpenChange,
  account,
  accountItems = [],
  accountStatus,
  languagePicker,
  className,
  children,
  ...props
}: HeaderActionsProps) {
  const { t } = useTranslation();
  return (
    <div data-slot="header-actions" className={cn('flex items-center gap-1 text-current', className)} {...props}>
      {onSearch ? <HeaderSearch onSearch={onSearch} placeholder={searchPlaceholder} {...searchResults} /> : null}
      {helpHref && renderHelpLink ? (
        <Slot.Root aria-label={t('ui.header.help')} title={t('ui.header.help')} className={headerButtonClass}>
          {renderHelpLink({ href: helpHref, children: <CircleHelp aria-hidden className="size-4" /> })}
        </Slot.Root>
      ) : helpHref ? (
        <a
          href={helpHref}
          target="_blank"
          rel="noreferrer"
          aria-label={t('ui.header.help')}
          title={t('ui.header.help')}
          className={headerButtonClass}
        >
          <CircleHelp aria-hidden className="size-4" />
        </a>
      ) : onHelp ? (
        <button
          type="button"
          aria-label={t('ui.header.help')}
          title={t('ui.header.help')}
          className={headerButtonClass}
          onClick={onHelp}
        >
          <CircleHelp aria-hidden className="size-4" />
        </button>
      ) : null}
      {notices ? (
        <NoticeBell
          notices={notices}
          loading={noticesLoading}
          onNoticeClick={onNoticeClick}
          onClear={onClear}
          open={noticesOpen}
          onOpenChange={onNoticesOpenChange}
        />
      ) : null}
      {children}
      {account ? (
        <AccountMenu
          name={account.name}
          avatar={account.avatar}
          items={accountItems}
          {...(accountStatus ? { status: accountStatus } : {})}
        />
      ) : null}
      {languagePicker}
    </div>
  );
}

export { HeaderActions, type HeaderActionsProps };
