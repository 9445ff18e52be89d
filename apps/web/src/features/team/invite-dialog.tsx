import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMAIL_MAX_LENGTH,
  type InviteMemberRequest,
  inviteMemberRequestSchemaWith,
  MEMBER_NAME_MAX_LENGTH,
  ROLES,
} from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@parley/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@parley/ui/select';
import { message } from '@parley/ui/toast';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { useInviteMember } from './team-queries';

const EMPTY: InviteMemberRequest = { name: '', email: '', role: 'user' };

interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * An admin invites a member by e-mail (`POST /api/users`): name, e-mail and role, checked with the
 * server's own rules; the server's refusals (an address on the list already) go on their fields.
 */
function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => inviteMemberRequestSchemaWith(contractMessages(t)), [t]);
  const form = useForm<InviteMemberRequest>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const resetForm = form.reset;
  useEffect(() => {
    if (open) {
      resetForm(EMPTY);
    }
  }, [open, resetForm]);
  const invite = useInviteMember({
    onSuccess: ({ data }) => {
      message.success(t('web.team.invited', { email: data.email }));
      onOpenChange(false);
    },
    onError: (error) =>
      reportFormError(error, { setError: form.setError, fields: ['name', 'email', 'role'], t, navigate }),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (invite.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('web.team.invite')}</DialogTitle>
          <DialogDescription>{t('web.team.inviteDescription')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => invite.mutate(values))}>
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.team.name')}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" maxLength={MEMBER_NAME_MAX_LENGTH} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.team.column.email')}</FormLabel>
                  <FormControl>
                    <Input
                      dir="ltr"
                      type="email"
                      inputMode="email"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={EMAIL_MAX_LENGTH}
                      {...field}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('web.team.column.role')}</FormLabel>
                  <Select value={field.value ?? 'user'} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {ROLES.map((role) => (
                        <SelectItem key={role} value={role}>
                          {t(`web.team.role.${role}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={invite.isPending}>
                  {t('ui.action.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" loading={invite.isPending}>
                {t('web.team.sendInvitation')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export { InviteDialog };
