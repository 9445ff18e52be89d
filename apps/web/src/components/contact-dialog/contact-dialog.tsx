import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_COMPANY_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_NOTES_MAX_LENGTH,
  type Contact,
  type ContactMessages,
  contactInputSchemaWith,
  contactTagsTextSchemaWith,
  EMAIL_MAX_LENGTH,
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
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { PhoneInput } from '@parley/ui/phone-input';
import { Textarea } from '@parley/ui/textarea';
import { message } from '@parley/ui/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { api } from '../../lib/api';
import { contractMessages } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';

/** Every query of the contact book starts with this key: a saved contact reads them again. */
export const CONTACTS_KEY = ['contacts'] as const;

/** The form's fields: the contact's, with the tags as one comma-separated text. */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  tags: string;
}

const FIELDS = ['name', 'email', 'phone', 'company', 'notes', 'tags'] as const;

/** The contract's rules for a contact, the tags read from their one text field. */
function contactFormSchema(messages: ContactMessages) {
  return z.extend(contactInputSchemaWith(messages), { tags: contactTagsTextSchemaWith(messages) });
}
type ContactFormInput = z.input<ReturnType<typeof contactFormSchema>>;
type ContactFormOutput = z.infer<ReturnType<typeof contactFormSchema>>;

/** A contact's values as the form holds them (a new one: blank, or what a call knew). */
export function contactFormValues(contact: Partial<Contact> | undefined): ContactFormValues {
  return {
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    company: contact?.company ?? '',
    notes: contact?.notes ?? '',
    tags: (contact?.tags ?? []).join(', '),
  };
}

interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to change; without one the dialog adds a contact. */
  contact?: Contact | undefined;
  /** What a new contact starts with (a call's name, e-mail and phone for "Save to contacts"). */
  initial?: Partial<Contact> | undefined;
  /** Called with the stored contact after the toast. */
  onSaved?: (contact: Contact) => void;
}

/**
 * Adds or changes a contact of the team's book (`POST /api/contacts`, `PUT /api/contacts/:id`): a
 * name, and an e-mail address, phone, company, notes and tags if known, checked with the server's
 * own rules; an address the book has already comes back on its field.
 */
function ContactDialog({ open, onOpenChange, contact, initial, onSaved }: ContactDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => contactFormSchema(contractMessages(t)), [t]);
  const form = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: contactFormValues(contact ?? initial),
  });
  const resetForm = form.reset;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again each time it opens
  useEffect(() => {
    if (open) {
      resetForm(contactFormValues(contact ?? initial));
    }
  }, [open, resetForm]);
  const save = useMutation({
    mutationFn: (values: ContactFormOutput) =>
      contact ? api.contacts.update(contact.id, values) : api.contacts.create(values),
    onSuccess: ({ data }) => {
      message.success(t('web.contacts.saved', { name: data.name }));
      onOpenChange(false);
      onSaved?.(data);
    },
    onError: (error) => reportFormError(error, { setError: form.setError, fields: FIELDS, t, navigate }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{t(contact ? 'web.contacts.editTitle' : 'web.contacts.addTitle')}</DialogTitle>
          <DialogDescription>{t('web.contacts.formDescription')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.contacts.column.name')}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" maxLength={CONTACT_NAME_MAX_LENGTH} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="email"
                render={({ field: { value, ...field } }) => (
                  <FormItem>
                    <FormLabel>{t('web.contacts.column.email')}</FormLabel>
                    <FormControl>
                      <Input
                        dir="ltr"
                        type="email"
                        inputMode="email"
                        autoComplete="off"
                        spellCheck={false}
                        maxLength={EMAIL_MAX_LENGTH}
                        value={value ?? ''}
                        {...field}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="phone"
                render={({ field: { onChange, value, ...field } }) => (
                  <FormItem>
                    <FormLabel>{t('web.contacts.column.phone')}</FormLabel>
                    <FormControl>
                      <PhoneInput autoComplete="off" onValueChange={onChange} value={value ?? ''} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="company"
              render={({ field: { value, ...field } }) => (
                <FormItem>
                  <FormLabel>{t('web.contacts.column.company')}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" maxLength={CONTACT_COMPANY_MAX_LENGTH} value={value ?? ''} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="tags"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('web.contacts.column.tags')}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" {...field} />
                  </FormControl>
                  <FormDescription>{t('web.contacts.tagsHint')}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="notes"
              render={({ field: { value, ...field } }) => (
                <FormItem>
                  <FormLabel>{t('web.contacts.column.notes')}</FormLabel>
                  <FormControl>
                    <Textarea rows={3} maxLength={CONTACT_NOTES_MAX_LENGTH} value={value ?? ''} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
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

export { ContactDialog };
