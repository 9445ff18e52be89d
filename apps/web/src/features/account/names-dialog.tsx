import { zodResolver } from '@hookform/resolvers/zod';
import { type CurrentUser, ownNameSchemaWith, teamNameSchemaWith } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { Form } from '@parley/ui/form';
import { message } from '@parley/ui/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { api } from '../../lib/api';
import { contractMessages } from '../../lib/contract-messages';
import { CURRENT_USER_QUERY_KEY } from '../../lib/current-user';
import { reportFormError } from '../../lib/form-errors';
import { NameFields } from './name-fields';

interface NamesValues {
  name: string;
  teamName: string;
}

interface NamesDialogProps {
  /** The signed-in member; the dialog is open while it is given. */
  user: CurrentUser | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The member's own name and the team's (issue 15: both chosen at registration, both editable
 * later). Every member changes their own name; only an admin renames the team, which a user sees
 * read-only. Only what changed is sent: `PATCH /api/currentUser`, then `PATCH /api/team`.
 */
function NamesDialog({ user, open, onOpenChange }: NamesDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAdmin = user?.access === 'admin';
  const schema = useMemo(() => {
    const messages = contractMessages(t);
    return z.object({ name: ownNameSchemaWith(messages), teamName: teamNameSchemaWith(messages) });
  }, [t]);
  const form = useForm<NamesValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: user?.name ?? '', teamName: user?.team.name ?? '' },
  });
  const resetForm = form.reset;
  useEffect(() => {
    if (open && user) {
      resetForm({ name: user.name, teamName: user.team.name });
    }
  }, [open, user, resetForm]);

  // Which of the two requests is under way, so that a refusal goes on its own field (the server
  // names the field `name` in both).
  const sending = useRef<keyof NamesValues>('name');
  const save = useMutation({
    mutationFn: async (values: NamesValues) => {
      sending.current = 'name';
      if (values.name !== user?.name) {
        await api.users.updateCurrent({ name: values.name });
      }
      sending.current = 'teamName';
      if (isAdmin && values.teamName !== user?.team.name) {
        await api.users.updateTeam({ name: values.teamName });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CURRENT_USER_QUERY_KEY] }),
    onSuccess: () => {
      message.success(t('web.names.saved'));
      onOpenChange(false);
    },
    onError: (error) =>
      reportFormError(error, {
        setError: (_field, problem, options) => form.setError(sending.current, problem, options),
        fields: ['name'],
        t,
        navigate,
      }),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('web.names.menu')}</DialogTitle>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
            <NameFields teamReadOnly={!isAdmin} />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={save.isPending}>
                  {t('ui.action.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" loading={save.isPending}>
                {t('ui.action.save')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export { NamesDialog };
