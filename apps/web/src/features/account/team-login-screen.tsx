import { Trans, useTranslation } from '@parley/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api';
import { LoginPage } from './login-screen';

/** `/user/team-login/:id`: the sign-in of one team, from an invitation link. */
function TeamLoginScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const team = useQuery({ queryKey: ['team', id], queryFn: () => api.auth.team(id), retry: false });
  if (team.isError) {
    return (
      <div role="alert" className="grid gap-4 text-center">
        <p>{t('web.login.teamNotFound')}</p>
        <Link to="/user/login" className="text-primary-text underline-offset-4 hover:underline">
          {t('web.login.title')}
        </Link>
      </div>
    );
  }
  return (
    <LoginPage
      teamId={id}
      title={
        team.data ? (
          // The team's name as its admin typed it, isolated from the sentence around it.
          <Trans i18nKey="web.login.team" isolate={{ team: team.data.data.name }} />
        ) : (
          t('web.login.title')
        )
      }
    />
  );
}

export { TeamLoginScreen };
