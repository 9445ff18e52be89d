import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@parley/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import { DatePicker } from '../date-picker/date-picker';
import { Input } from '../input/input';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { createValidationMessages, emailField, requiredText } from './validation';

interface VideoMessage {
  email: string;
  phone: string;
  message: string;
}

function SendVideoMessageForm({ onSend }: { onSend: (values: VideoMessage) => void }) {
  const { t } = useTranslation();
  const schema = z.object({
    email: emailField({ required: t('validation.email.required'), invalid: t('validation.email.invalid') }),
    phone: z.string().min(1, { error: t('validation.phone.required') }),
    message: requiredText(t('validation.message.required')),
  });
  const form = useForm<VideoMessage>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', phone: '', message: '' },
  });
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSend)} className="grid gap-4">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem className="custom">
              <FormLabel required>E-mail</FormLabel>
              <FormControl>
                <Input type="email" {...field} />
              </FormControl>
              <FormDescription>The recipient gets a link to the video.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="phone"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>Phone</FormLabel>
              <FormControl>
                <Input type="tel" {...field} />
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
              <FormLabel required>Message</FormLabel>
              <FormControl>
                <textarea {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit">Send</Button>
      </form>
    </Form>
  );
}

interface Registration {
  email: string;
  password: string;
  confirm: string;
}

function RegistrationForm({ onRegister }: { onRegister: (values: Registration) => void }) {
  const { t } = useTranslation();
  const schema = z
    .object({
      email: emailField({ required: t('validation.email.required'), invalid: t('validation.email.invalid') }),
      password: z.string().min(1, { error: t('validation.password.required') }),
      confirm: z.string().min(1, { error: t('validation.password.confirm') }),
    })
    .refine((values) => values.confirm === '' || values.confirm === values.password, {
      path: ['confirm'],
      error: t('validation.password.mismatch'),
    });
  const form = useForm<Registration>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', confirm: '' },
  });
  const fields = [
    { name: 'email', label: 'E-mail', type: 'email' },
    { name: 'password', label: 'Password', type: 'password' },
    { name: 'confirm', label: 'Confirm password', type: 'password' },
  ] as const;
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onRegister)} className="grid gap-4">
        {fields.map(({ name, label, type }) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem>
                <FormLabel>{label}</FormLabel>
                <FormControl>
                  <Input type={type} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
        <Button type="submit">Register</Button>
      </form>
    </Form>
  );
}

interface Callback {
  name: string;
  when: Date | null;
}

function CallbackForm({ onBook }: { onBook: (values: Callback) => void }) {
  const { t } = useTranslation();
  const schema = z.object({
    name: z.string().min(2).max(40),
    when: z
      .date()
      .nullable()
      .refine((value) => value !== null, { params: { rule: 'required' } }),
  });
  const form = useForm<Callback>({
    resolver: zodResolver(schema, {
      error: createValidationMessages(t, { labels: { name: 'Caller name', when: 'Call date' } }),
    }),
    defaultValues: { name: '', when: null },
  });
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onBook)}>
        <FormField
          control={form.control}
          name="when"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Call date</FormLabel>
              <FormControl>
                <DatePicker
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  defaultMonth={new Date(2026, 10, 1)}
                  today={new Date(2026, 10, 15)}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Caller name</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit">Book</Button>
      </form>
    </Form>
  );
}

describe('Form', { timeout: 20_000 }, () => {
  it('conforms: form-item slot, className, no axe violations', async () => {
    renderWithProviders(<SendVideoMessageForm onSend={() => {}} />);
    const item = screen.getByRole('textbox', { name: 'E-mail' }).closest('[data-slot="form-item"]');
    await expectConformance(item as HTMLElement, { slot: 'form-item', className: 'custom' });
  });

  it("shows SPEC's messages on an empty submit and removes each once its field is fixed", async () => {
    const onSend = vi.fn();
    renderWithProviders(<SendVideoMessageForm onSend={onSend} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Please input your E-mail!',
      'Please input your phone number!',
      'Please input your message!',
    ]);
    expect(onSend).not.toHaveBeenCalled();

    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, 'ada@');
    expect(await screen.findByText('The input is not valid E-mail!')).toBeInTheDocument();
    await userEvent.type(email, 'example.com');
    expect(screen.queryByText('The input is not valid E-mail!')).toBeNull();
    expect(email).not.toBeInvalid();

    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '+20 2 1234 5678');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'See you on Monday.');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith(
      { email: 'ada@example.com', phone: '+20 2 1234 5678', message: 'See you on Monday.' },
      expect.anything(),
    );
  });

  it('marks the control invalid and describes it by its description and message', async () => {
    renderWithProviders(<SendVideoMessageForm onSend={() => {}} />);
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(email).toHaveAccessibleDescription('The recipient gets a link to the video.');
    expect(phone).not.toHaveAttribute('aria-describedby');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findAllByRole('alert');
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription('The recipient gets a link to the video. Please input your E-mail!');
    expect(phone).toBeInvalid();
    expect(phone).toHaveAccessibleDescription('Please input your phone number!');
  });

  it('moves focus to the first invalid field on submit', async () => {
    renderWithProviders(<SendVideoMessageForm onSend={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findAllByRole('alert');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveFocus();
  });

  it('says when the confirmation does not match the password', async () => {
    const onRegister = vi.fn();
    renderWithProviders(<RegistrationForm onRegister={onRegister} />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please confirm your password!')).toBeInTheDocument();
    expect(screen.getByText('Please input your password!')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct hose');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The passwords that you entered do not match!')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    expect(onRegister).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onRegister).toHaveBeenCalledTimes(1);
  });

  it('words default messages with the field label and focuses an invalid date picker', async () => {
    const onBook = vi.fn();
    renderWithProviders(<CallbackForm onBook={onBook} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Caller name' }), 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByText("'Caller name' must be between 2 and 40 characters")).toBeInTheDocument();
    expect(screen.getByText("'Call date' is required")).toBeInTheDocument();
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toHaveFocus();
    expect(trigger).toBeInvalid();
    expect(trigger).toHaveAccessibleDescription("'Call date' is required");

    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByText("'Call date' is required")).toBeNull();
    expect(trigger).toHaveTextContent('Nov 15, 2026');
  });
});
