import type { Call, FollowUpState } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@parley/ui/dropdown-menu';
import { Tag, type TagProps } from '@parley/ui/tag';
import { message } from '@parley/ui/toast';
import { ChevronDown, Send } from 'lucide-react';
import { useCallActions, useCallName } from './call-actions';
import { useUpdateFollowUp } from './call-queries';

const TAG_VARIANTS: Record<FollowUpState, NonNullable<TagProps['variant']>> = {
  none: 'default',
  needed: 'warning',
  sent: 'info',
  done: 'success',
};

/** The states a member sets by hand; `sent` is the server's, after a video message went out. */
const SETTABLE: FollowUpState[] = ['needed', 'done', 'none'];

/** Where a call's follow-up stands, as a tag. */
function FollowUpTag({ state }: { state: FollowUpState }) {
  const { t } = useTranslation();
  return <Tag variant={TAG_VARIANTS[state]}>{t(`web.calls.followUp.${state}`)}</Tag>;
}

/**
 * The Follow Up column: the state as a tag, in a menu button that sends the caller a video
 * message (the follow-up flow) or sets the state to needed, done or none.
 */
function FollowUpCell({ call }: { call: Call }) {
  const { t } = useTranslation();
  const actions = useCallActions();
  const callName = useCallName()(call);
  const update = useUpdateFollowUp(call.id, {
    onSuccess: () => message.success(t('web.calls.followUp.updated')),
  });
  const state = update.isPending && update.variables ? update.variables : call.followUp;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="gap-1 px-1"
          aria-busy={update.isPending || undefined}
          aria-label={t('web.calls.followUp.menuFor', { state: t(`web.calls.followUp.${state}`), call: callName })}
        >
          <FollowUpTag state={state} />
          <ChevronDown aria-hidden className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem onSelect={() => actions.followUp(call)}>
          <Send aria-hidden />
          {t('web.calls.followUp.send')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('web.calls.followUp.mark')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={state}
          onValueChange={(next) => {
            if (next !== call.followUp) {
              update.mutate(next as FollowUpState);
            }
          }}
        >
          {SETTABLE.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} disabled={update.isPending}>
              {t(`web.calls.followUp.${option}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export { FollowUpCell, FollowUpTag };
