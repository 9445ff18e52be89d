import { ERROR_CODES, isApiError, type TeamMember } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { Button } from '@parley/ui/button';
import { ConfirmDialog } from '@parley/ui/confirm-dialog';
import { DataTable } from '@parley/ui/data-table';
import { Empty } from '@parley/ui/empty';
import { PageHeader } from '@parley/ui/page-header';
import { message } from '@parley/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { copyText } from '../../lib/clipboard';
import { useSession } from '../../lib/session';
import { showError } from '../../lib/show-error';
import { decodeToken, memberId } from '../../lib/token';
import { useUndoableDelete } from '../../lib/undoable-delete';
import { InviteDialog } from './invite-dialog';
import { type MemberActions, MemberActionsMenu, useMemberColumns } from './member-columns';
import {
  removeMember,
  TEAM_MEMBERS_KEY,
  teamMembersQueryOptions,
  useLivePresence,
  useResendInvitation,
  useUpdateMember,
} from './team-queries';

/** The pending removals of this screen (Undo), by id. */
const SCOPE = 'members';

/** Refusals of a member change that the screen words itself, in the interface language. */
const REFUSALS: Record<string, string> = {
  [ERROR_CODES.lastAdmin]: 'web.team.lastAdmin',
  [ERROR_CODES.invitationTaken]: 'web.team.invitationTaken',
};

/** The team's sign-in page (`/user/team-login/:id`), as a full address to share. */
export function teamSignInLink(origin: string, teamId: string): string {
  return `${origin}/user/team-login/${encodeURIComponent(teamId)}`;
}

function CopySignInLink({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const link = teamSignInLink(window.location.origin, teamId);
  return (
    <Button
      variant="outline"
      icon={<Link2 aria-hidden />}
      onClick={async () =>
        (await copyText(link))
          ? message.success(t('web.team.linkCopied'))
          : message.error(t('web.team.copyFailed', { link }))
      }
    >
      {t('web.team.copyLink')}
    </Button>
  );
}

/** The admin's actions on members: each request, its toast, and its refusal shown. */
function useMemberActions(onRemove: (member: TeamMember) => void): MemberActions {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refused = (error: unknown) => {
    const key = isApiError(error) ? REFUSALS[error.errorCode] : undefined;
    if (key) {
      message.error(t(key));
    } else {
      showError(error, { navigate });
    }
  };
  const update = useUpdateMember({
    onSuccess: ({ data }, { change }) =>
      message.success(
        change.disabled === undefined
          ? t('web.team.roleChanged', { name: data.name })
          : t(change.disabled ? 'web.team.disabledDone' : 'web.team.enabledDone', { name: data.name }),
      ),
    onError: refused,
  });
  const resend = useResendInvitation({
    onSuccess: ({ data }) => message.success(t('web.team.resent', { email: data.email })),
    onError: refused,
  });
  return {
    changeRole: (member) =>
      update.mutate({ id: member.id, change: { role: member.role === 'admin' ? 'user' : 'admin' } }),
    toggleDisabled: (member) => update.mutate({ id: member.id, change: { disabled: !member.disabled } }),
    resendInvitation: (member) => resend.mutate(member.id),
    remove: onRemove,
  };
}

/** The members table: every member reads it; an admin gets a menu of actions on each row. */
function MembersTable({ isAdmin, selfId }: { isAdmin: boolean; selfId: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(teamMembersQueryOptions());
  useLivePresence();
  const { hidden, remove } = useUndoableDelete(SCOPE);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const actions = useMemberActions(setRemoving);
  const columns = useMemberColumns(selfId);
  const list = (query.data ?? []).filter((member) => !hidden.has(member.id));

  return (
    <>
      <DataTable
        label={t('web.team.listTitle')}
        columns={columns}
        data={list}
        getRowId={(member) => member.id}
        getRowLabel={(member) => member.name}
        loading={query.isPending}
        error={query.isError ? t('web.team.loadFailed') : undefined}
        onRetry={() => void query.refetch()}
        empty={
          <Empty
            image={<UsersRound aria-hidden className="size-12 text-muted-foreground" />}
            description={t('web.team.empty')}
          />
        }
        enableSorting={false}
        rowActions={
          isAdmin
            ? (member) => <MemberActionsMenu member={member} isSelf={member.id === selfId} actions={actions} />
            : undefined
        }
        phoneCards
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        variant="destructive"
        title={removing ? t('web.team.removeTitle', { name: removing.name }) : ''}
        description={t('web.team.removeDescription')}
        okText={t('web.team.remove')}
        onConfirm={() => {
          const member = removing;
          if (!member) {
            return;
          }
          remove({
            ids: [member.id],
            title: t('web.team.removed', { name: member.name }),
            send: (options) => removeMember(member.id, options),
            onDeleted: () => queryClient.invalidateQueries({ queryKey: TEAM_MEMBERS_KEY }),
          });
        }}
      />
    </>
  );
}

/**
 * `/Support-Team`: the team's members with their availability (live over `/ws`), when they were
 * last seen and the calls they answered this week. Admins invite, change roles, disable and
 * enable, remove (with Undo), send invitations again and copy the team's sign-in link; users read.
 */
function TeamScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session.role === 'admin';
  const selfId = memberId(session.token);
  const teamId = decodeToken(session.token)?.team;
  const [inviting, setInviting] = useState(false);
  return (
    <div className="grid min-w-0 gap-4 pb-6">
      <PageHeader
        title={t('web.menu.supportTeam')}
        titleLevel={1}
        extra={
          isAdmin ? (
            <div className="flex flex-wrap gap-2">
              {teamId ? <CopySignInLink teamId={teamId} /> : null}
              <Button icon={<UserPlus aria-hidden />} onClick={() => setInviting(true)}>
                {t('web.team.invite')}
              </Button>
            </div>
          ) : null
        }
      >
        <p className="max-w-3xl text-muted-foreground text-sm">{t('web.team.intro')}</p>
      </PageHeader>
      <div className="grid min-w-0 gap-4 px-4">
        {isAdmin ? null : <Alert title={t('web.team.readOnly')} />}
        <MembersTable isAdmin={isAdmin} selfId={selfId} />
      </div>
      {isAdmin ? <InviteDialog open={inviting} onOpenChange={setInviting} /> : null}
    </div>
  );
}

export { TeamScreen };
