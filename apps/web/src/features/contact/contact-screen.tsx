import { zodResolver } from '@hookform/resolvers/zod';
import { createLeadRequestSchemaWith, LEAD_MESSAGE_MAX_LENGTH, type LeadKind } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Card, CardContent } from '@parley/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { isValidPhoneNumber, PhoneInput } from '@parley/ui/phone-input';
import { Result } from '@parley/ui/result';
import { Textarea } from '@parley/ui/textarea';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { PublicHeader } from '../../components/public-header';
import { contractMessages, type Translate } from '../../lib/contract-messages';
import { reportFormError } from '../../lib/form-errors';
import { useCreateLead } from './contact-queries';

const FIELDS = ['name', 'email', 'company', 'phone', 'message'] as const;

/**
 * The contract's rules for the contact form, worded in the interface language; beyond the phone's
 * E.164 form, a number that can exist in its country.
 */
function contactSchema(t: Translate) {
  const messages = contractMessages(t);
  const contract = createLeadRequestSchemaWith(messages).shape;
  return z.object({
    name: contract.name,
    email: contract.email,
    company: contract.company,
    phone: z.pipe(
      contract.phone,
      z.optional(z.string().check(z.refine((value) => isValidPhoneNumber(value), { error: messages.phoneInvalid }))),
    ),
    message: contract.message,
  });
}

type ContactSchema = ReturnType<typeof contactSchema>;

/**
 * `/contact-us` and `/request-demo` (SPEC §2.1): one form — name, e-mail, company, phone,
 * message — that the server keeps as a lead and announces to the team's admins. Bad input
 * shows on its field and nothing typed is lost; too many sends in an hour answer 429.
 */
function ContactScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind: LeadKind = useLocation().pathname === '/request-demo' ? 'demo' : 'contact';
  const form = useForm<z.input<ContactSchema>, unknown, z.output<ContactSchema>>({
    resolver: zodResolver(contactSchema(t)),
    defaultValues: { name: '', email: '', company: '', phone: '', message: '' },
  });
  const send = useCreateLead({
    onError: (error) =>
      reportFormError(error, {
        setError: form.setError,
        fields: FIELDS,
        t,
        navigate,
      }),
  });

  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-10">
        {send.isSuccess ? (
          <Card>
            <CardContent>
              <Result
                status="success"
                headingLevel={1}
                title={t('web.contact.sent.title')}
                subTitle={t(kind === 'demo' ? 'web.contact.sent.demo' : 'web.contact.sent.contact', {
                  email: send.variables.email,
                })}
                className="py-8"
                extra={
                  <Button asChild variant="outline">
                    <Link to="/">{t('web.contact.backHome')}</Link>
                  </Button>
                }
              />
            </CardContent>
          </Card>
        ) : (
          <>
            <div className="grid gap-2">
              <h1 className="font-semibold text-2xl">
                {t(kind === 'demo' ? 'web.contact.demo.title' : 'web.contact.contact.title')}
              </h1>
              <p className="text-muted-foreground">
                {t(kind === 'demo' ? 'web.contact.demo.text' : 'web.contact.contact.text')}
              </p>
            </div>
            <Card>
              <CardContent>
                <Form {...form}>
                  <form
                    noValidate
                    className="grid gap-4"
                    onSubmit={form.handleSubmit((values) => send.mutate({ kind, ...values }))}
                  >
                    <FormField
                      control={form.control}
                      name="name"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel required>{t('web.contact.name')}</FormLabel>
                          <FormControl>
                            <Input autoComplete="name" required {...field} />
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
                          <FormLabel required>{t('web.account.email')}</FormLabel>
                          <FormControl>
                            <Input type="email" autoComplete="email" required {...field} />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name="company"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>{t('web.contact.company')}</FormLabel>
                          <FormControl>
                            <Input autoComplete="organization" {...field} value={field.value ?? ''} />
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
                          <FormLabel>{t('web.contact.phone')}</FormLabel>
                          <FormControl>
                            <PhoneInput
                              autoComplete="tel-national"
                              onValueChange={onChange}
                              {...field}
                              value={field.value ?? ''}
                            />
                          </FormControl>
                          <FormDescription>{t('web.contact.phoneHint')}</FormDescription>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name="message"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel required>{t('web.contact.message')}</FormLabel>
                          <FormControl>
                            <Textarea rows={5} required showCount limit={LEAD_MESSAGE_MAX_LENGTH} {...field} />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <Button type="submit" loading={send.isPending} className="w-full">
                      {t(kind === 'demo' ? 'web.contact.demo.submit' : 'web.contact.contact.submit')}
                    </Button>
                  </form>
                </Form>
              </CardContent>
            </Card>
          </>
        )}
      </main>
    </div>
  );
}

export { ContactScreen };
