import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Card, CardContent } from '@parley/ui/card';
import { Skeleton } from '@parley/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@parley/ui/tabs';
import { Tooltip, TooltipContent, TooltipTrigger } from '@parley/ui/tooltip';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { afterLoginPath } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { AccountLoginForm } from './account-login-form';
import { AccountPageHeading } from './account-page-heading';
import { RegistrationForm } from './registration-form';
import { type PendingSecondFactor, SecondFactorContext } from './second-factor-context';

/**
 * The phone tab loads on demand: its number field carries the phone-number metadata (about
 * 45 KiB gzip), which most visitors, signing in with an account, never need. Pointing at or
 * focusing the tab starts the download before the click.
 */
const loadPhoneLoginForm = () => import('./phone-login-form');
const PhoneLoginForm = lazy(async () => ({ default: (await loadPhoneLoginForm()).PhoneLoginForm }));

/** The phone tab's shape while its code arrives. */
function PhoneLoginPlaceholder() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('ui.loading')} className="grid gap-4">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/** Third-party sign-in (SPEC §2.3 'Login with'): shown, disabled, until a provider is configured. */
const PROVIDERS = ['google', 'microsoft', 'slack'] as const;

function LoginWith() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
      <span>{t('web.login.loginWith')}</span>
      {PROVIDERS.map((provider) => {
        const name = t(`web.login.provider.${provider}`);
        return (
          <Tooltip key={provider}>
            <TooltipTrigger asChild>
              {/* aria-disabled rather than disabled: a disabled button takes no focus or pointer, so its tooltip could not show. */}
              <Button
                variant="outline"
                size="sm"
                aria-disabled
                aria-label={t('web.login.providerDisabled', { provider: name })}
                className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:border-input aria-disabled:hover:text-foreground"
                onClick={(event) => event.preventDefault()}
              >
                {name}
              </Button>
            </TooltipTrigger>
            <TooltipContent>{t('web.login.providerDisabled', { provider: name })}</TooltipContent>
          </Tooltip>
        );
      })}
    </div>
  );
}

/** The second step loads only for a member with an MFA device, once the password step asks for it. */
const SecondFactorForm = lazy(async () => ({ default: (await import('./second-factor')).SecondFactorForm }));

// Shown only after a password reset: its code is not part of every visit to the login page.
const PasswordChangedAlert = lazy(async () => {
  const { Alert } = await import('@parley/ui/alert');
  return { default: ({ title }: { title: string }) => <Alert variant="success" title={title} /> };
});

type LoginTab = 'account' | 'phone' | 'register';

interface LoginPageProps {
  /** Team login: only members of this team get in. */
  teamId?: string;
  title: React.ReactNode;
  /** A notice above the form, e.g. that the password was just changed. */
  notice?: React.ReactNode;
}

/**
 * SPEC §2.3: the account, phone and team registration tabs. A team login page (an invitation to
 * one team) has no registration tab: registering there would make another team.
 */
function LoginPage({ teamId, title, notice }: LoginPageProps) {
  const { t } = useTranslation();
  const team = teamId ? { teamId } : {};
  const [tab, setTab] = useState<LoginTab>('account');
  const [secondFactor, setSecondFactor] = useState<PendingSecondFactor | null>(null);
  if (secondFactor) {
    return (
      <div className="grid gap-6">
        <AccountPageHeading title={title} subtitle={t('web.login.subtitle')} />
        <Card>
          <CardContent>
            <Suspense fallback={<PhoneLoginPlaceholder />}>
              <SecondFactorForm pending={secondFactor} onBack={() => setSecondFactor(null)} />
            </Suspense>
          </CardContent>
        </Card>
      </div>
    );
  }
  return (
    <SecondFactorContext.Provider value={setSecondFactor}>
      <div className="grid gap-6">
        <AccountPageHeading title={title} subtitle={t('web.login.subtitle')} />
        {notice}
        <Card>
          <CardContent className="grid gap-5">
            {/* Each panel starts with a field: Tab goes from the tab straight to it (tabStop={false}). */}
            <Tabs value={tab} onValueChange={(value) => setTab(value as LoginTab)}>
              <TabsList className="w-full">
                <TabsTrigger value="account">{t('web.login.tab.account')}</TabsTrigger>
                <TabsTrigger value="phone" onPointerEnter={loadPhoneLoginForm} onFocus={loadPhoneLoginForm}>
                  {t('web.login.tab.phone')}
                </TabsTrigger>
                {teamId ? null : <TabsTrigger value="register">{t('web.login.tab.register')}</TabsTrigger>}
              </TabsList>
              <TabsContent value="account" tabStop={false}>
                <AccountLoginForm {...team} />
              </TabsContent>
              <TabsContent value="phone" tabStop={false}>
                <Suspense fallback={<PhoneLoginPlaceholder />}>
                  <PhoneLoginForm {...team} />
                </Suspense>
              </TabsContent>
              {teamId ? null : (
                <TabsContent value="register" tabStop={false}>
                  <RegistrationForm />
                </TabsContent>
              )}
            </Tabs>
            {/* Someone registering a team has no account to sign in with yet. */}
            {tab === 'register' ? null : (
              <>
                <LoginWith />
                <Link
                  to="/user/registration"
                  className="text-center text-primary-text text-sm underline-offset-4 hover:underline"
                >
                  {t('web.login.register')}
                </Link>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </SecondFactorContext.Provider>
  );
}

/** The login page; a member already signed in is taken on into the app (to `redirect`, when it is ours). */
function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [searchParams] = useSearchParams();
  // A reset password lands here: said on the page itself, the account's address already filled in.
  const passwordChanged = (useLocation().state as { passwordChanged?: boolean } | null)?.passwordChanged === true;
  if (session.loggedIn) {
    return <Navigate to={afterLoginPath(searchParams.get('redirect'), window.location.origin)} replace />;
  }
  return (
    <LoginPage
      title={t('web.login.title')}
      notice={
        passwordChanged ? (
          <Suspense fallback={null}>
            <PasswordChangedAlert title={t('web.reset.done')} />
          </Suspense>
        ) : null
      }
    />
  );
}

export { LoginPage, LoginScreen };
