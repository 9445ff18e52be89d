import { useTranslation } from '@parley/i18n';
import { Card, CardContent } from '@parley/ui/card';
import { Link } from 'react-router';
import { AccountPageHeading } from './account-page-heading';
import { RegistrationForm } from './registration-form';

/** `/user/registration`: team registration on a page of its own, the form of the login page's tab. */
function RegistrationScreen() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <AccountPageHeading title={t('web.register.title')} subtitle={t('web.register.subtitle')} />
      <Card>
        <CardContent className="grid gap-5">
          <RegistrationForm />
          <p className="text-center text-muted-foreground text-sm">
            {t('web.register.haveAccount')}{' '}
            <Link to="/user/login" className="text-primary-text underline-offset-4 hover:underline">
              {t('web.account.signIn')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

export { RegistrationScreen };
