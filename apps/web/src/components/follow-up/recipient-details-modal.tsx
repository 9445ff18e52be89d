import { zodResolver } from '@hookform/resolvers/zod';
import { createVideoMessageRequestSchemaWith, VIDEO_MESSAGE_TEXT_MAX_LENGTH } from '@parley/api';
import { Trans, useTranslation } from '@parley/i18n';
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
import { isValidPhoneNumber, PhoneInput } from '@parley/ui/phone-input';
import { Textarea } from '@parley/ui/textarea';
import { message, notification } from '@parley/ui/toast';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { copyText } from '../../lib/clipboard';
import { contractMessages, type Translate } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { useSendVideoMessage } from './follow-up-queries';

interface RecipientValues {
  email: string;
  phone: string;
  message: string;
}

const FIELDS = ['email', 'phone', 'message'] as const;

/**
 * SPEC §5 "Send video message": the contract's rules for e-mail, phone and message, and beyond the
 * phone's E.164 form, a number that can exist in its country.
 */
function recipientSchema(t: Translate) {
  const messages = contractMessages(t);
  const contract = createVideoMessageRequestSchemaWith(messages).shape;
  return z.object({
    email: contract.email,
    phone: contract.phone.check(z.refine((value) => isValidPhoneNumber(value), { error: messages.phoneInvalid })),
    message: contract.message,
  });
}

interface RecipientDetailsModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The video to send. */
  videoId: string;
  /** The call this follows up, if any. */
  callId?: string | null;
  /** Called after the message was sent, with its share link. */
  onSent?: (result: { id: string; shareUrl: string }) => void;
  /** What the form starts with, e.g. the caller's e-mail and phone for a follow-up. */
  defaultValues?: Partial<RecipientValues>;
  /** The title of the video being sent, named under the heading so the sender sees what goes. */
  videoTitle?: string;
  /** Back to choosing the video (the follow-up's first step); leaves the form as it was. */
  onBack?: () => void;
}

/**
 * SPEC §2.4 "Recipient details": E-mail, Phone and Message, with Cancel and Send. Sending
 * creates one share link for the recipient (e-mailed, and texted); the toast offers to copy it.
 */
function RecipientDetailsModal({
  open,
  onOpenChange,
  videoId,
  callId,
  onSent,
  defaultValues,
  videoTitle,
  onBack,
}: RecipientDetailsModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = defaultValues?.email ?? '';
  const phone = defaultValues?.phone ?? '';
  const text = defaultValues?.message ?? '';
  const form = useForm<RecipientValues>({
    resolver: zodResolver(recipientSchema(t)),
    defaultValues: { email, phone, message: text },
  });
  const send = useSendVideoMessage({
    onSuccess: ({ data }) => {
      const shareUrl = data.shareUrl;
      notification.success({
        title: t('web.followup.sent.title'),
        description: <Trans i18nKey="web.followup.sent.text" isolate={{ email: form.getValues('email') }} />,
        action: (
          <Button
            size="sm"
            variant="outline"
            onClick={async () => {
              if (await copyText(shareUrl)) {
                message.success(t('web.followup.linkCopied'));
              } else {
                message.error(t('web.followup.copyFailed'));
              }
            }}
          >
            {t('web.followup.copyLink')}
          </Button>
        ),
      });
      onSent?.(data);
      onOpenChange(false);
    },
    onError: (error) =>
      reportFormError(error, {
        setError: form.setError,
        fields: FIELDS,
        t,
        navigate,
      }),
  });

  // A new opening starts with the form as given (empty unless prefilled).
  const resetForm = form.reset;
  const resetSend = send.reset;
  useEffect(() => {
    if (open) {
      resetForm({ email, phone, message: text });
      resetSend();
    }
  }, [open, resetForm, resetSend, email, phone, text]);

  return (
    <Dialog open={open} onOpenChange={(next) => (send.isPending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('web.followup.recipient.title')}</DialogTitle>
          <DialogDescription>{t('web.followup.recipient.text')}</DialogDescription>
          {videoTitle ? (
            <p className="font-medium text-sm">
              {/* The title as its owner typed it, isolated: 'Welcome video (EN)' keeps its brackets in Arabic. */}
              <Trans i18nKey="web.followup.chosenVideo" isolate={{ title: videoTitle }} />
            </p>
          ) : null}
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => send.mutate({ videoId, ...(callId ? { callId } : {}), ...values }))}
          >
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.followup.email')}</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="off" required {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="phone"
              render={({ field: { onChange, ...field } }) => (
                <FormItem>
                  <FormLabel required>{t('web.followup.phone')}</FormLabel>
                  <FormControl>
                    <PhoneInput autoComplete="off" required onValueChange={onChange} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="message"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.followup.message')}</FormLabel>
                  <FormControl>
                    <Textarea rows={4} required showCount maxLength={VIDEO_MESSAGE_TEXT_MAX_LENGTH} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              {onBack ? (
                <Button type="button" variant="ghost" className="sm:me-auto" disabled={send.isPending} onClick={onBack}>
                  {t('web.followup.back')}
                </Button>
              ) : null}
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={send.isPending}>
                  {t('ui.action.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" loading={send.isPending}>
                {t('web.followup.send')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export { RecipientDetailsModal, type RecipientDetailsModalProps, type RecipientValues };
