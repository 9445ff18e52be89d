import type { Availability, TeamMember } from '@parley/api';
import { formatDate, formatNumber, useTranslation } from '@parley/i18n';
import { Avatar, AvatarFallback, AvatarImage, getInitials } from '@parley/ui/avatar';
import { Button } from '@parley/ui/button';
import { createDataTableColumnHelper, type DataTableColumnDef } from '@parley/ui/data-table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@parley/ui/dropdown-menu';
import { Tag, type TagProps } from '@parley/ui/tag';
import { Ellipsis, Mail, ShieldCheck, Trash2, UserRound, UserRoundCheck, UserRoundX } from 'lucide-react';
import { useMemo } from 'react';

/** What an admin may do to one member; the screen sends the requests. */
export interface MemberActions {
  changeRole: (member: TeamMember) => void;
  toggleDisabled: (member: TeamMember) => void;
  resendInvitation: (member: TeamMember) => void;
  remove: (member: TeamMember) => void;
}

const AVAILABILITY_TAGS: Record<Availability, TagProps['variant']> = {
  available: 'success',
  away: 'warning',
  offline: 'default',
};

function AvailabilityTag({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  return (
    <Tag variant={AVAILABILITY_TAGS[availability]} data-availability={availability}>
      {t(`web.availability.${availability}`)}
    </Tag>
  );
}

function MemberName({ member, isSelf }: { member: TeamMember; isSelf: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-2">
      {/* The name follows at once: the picture and the initials are decoration. */}
      <Avatar size="md" aria-hidden>
        {member.avatar ? <AvatarImage src={member.avatar} alt="" /> : null}
        <AvatarFallback>{getInitials(member.name)}</AvatarFallback>
      </Avatar>
      <div className="flex min-w-0 flex-wrap items-center gap-1">
        <bdi className="truncate font-medium">{member.name}</bdi>
        {isSelf ? <Tag variant="primary">{t('web.team.you')}</Tag> : null}
        {member.firstLogin ? <Tag variant="info">{t('web.team.status.invited')}</Tag> : null}
        {member.disabled ? <Tag variant="error">{t('web.team.status.disabled')}</Tag> : null}
      </div>
    </div>
  );
}

function LastSeen({ value }: { value: string | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) {
    return <span className="text-muted-foreground">{t('web.team.never')}</span>;
  }
  return <time dateTime={value}>{formatDate(value, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

/** An admin's menu for one member: role, disable or enable, invitation again, remove (not themselves). */
export function MemberActionsMenu({
  member,
  isSelf,
  actions,
}: {
  member: TeamMember;
  isSelf: boolean;
  actions: MemberActions;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('web.team.actionsFor', { name: member.name })}>
          <Ellipsis aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.changeRole(member)}>
          {member.role === 'admin' ? <UserRound aria-hidden /> : <ShieldCheck aria-hidden />}
          {member.role === 'admin' ? t('web.team.makeUser') : t('web.team.makeAdmin')}
        </DropdownMenuItem>
        {member.firstLogin && !member.disabled ? (
          <DropdownMenuItem onSelect={() => actions.resendInvitation(member)}>
            <Mail aria-hidden />
            {t('web.team.resend')}
          </DropdownMenuItem>
        ) : null}
        {isSelf ? null : (
          <>
            <DropdownMenuItem onSelect={() => actions.toggleDisabled(member)}>
              {member.disabled ? <UserRoundCheck aria-hidden /> : <UserRoundX aria-hidden />}
              {member.disabled ? t('web.team.enable') : t('web.team.disable')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => actions.remove(member)}>
              <Trash2 aria-hidden />
              {t('web.team.remove')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const helper = createDataTableColumnHelper<TeamMember>();

/** The members table's columns: who, e-mail, role, availability (live), last seen, calls this week. */
export function useMemberColumns(selfId: string | null): DataTableColumnDef<TeamMember>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () =>
      helper.columns([
        helper.accessor('name', {
          header: t('web.team.column.member'),
          cell: ({ row }) => <MemberName member={row.original} isSelf={row.original.id === selfId} />,
          meta: { card: 'title' },
        }),
        helper.accessor('email', {
          header: t('web.team.column.email'),
          cell: ({ getValue }) => (
            <bdi dir="ltr" className="block max-w-64 truncate" title={getValue()}>
              {getValue()}
            </bdi>
          ),
        }),
        helper.accessor('role', {
          header: t('web.team.column.role'),
          cell: ({ getValue }) => t(`web.team.role.${getValue()}`),
        }),
        helper.accessor('availability', {
          header: t('web.availability.label'),
          cell: ({ getValue }) => <AvailabilityTag availability={getValue()} />,
        }),
        helper.accessor('lastSeenAt', {
          header: t('web.team.column.lastSeen'),
          cell: ({ getValue }) => <LastSeen value={getValue()} />,
        }),
        helper.accessor('callsThisWeek', {
          header: t('web.team.column.callsThisWeek'),
          cell: ({ getValue }) => <span className="tabular-nums">{formatNumber(getValue(), i18n.language)}</span>,
          meta: { align: 'end' },
        }),
      ]) as DataTableColumnDef<TeamMember>[],
    [t, i18n.language, selfId],
  );
}
