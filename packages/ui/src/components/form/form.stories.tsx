import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import * as z from 'zod';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import { DatePicker } from '../date-picker/date-picker';
import { Input } from '../input/input';
import { PasswordInput } from '../password-input/password-input';
import { Textarea } from '../textarea/textarea';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { createValidationMessages, EMAIL_MAX_LENGTH, emailField, requiredText, urlField } from './validation';

const onLogin = fn();
const onSend = fn();
const onCancel = fn();
const onRegister = fn();
const onSave = fn();

function LoginForm() {
  const { t } = useTranslation();
  const schema = z.object({
    username: z.string().min(1, { error: t('validation.login.username') }),
    password: z.string().min(1, { error: t('validation.login.password') }),
    remember: z.boolean(),
  });
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', remember: true },
  });
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onLogin)} className="grid max-w-sm gap-4">
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>Username</FormLabel>
              <FormControl>
                <Input autoComplete="username" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>Password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="current-password" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="remember"
          render={({ field }) => (
            <FormItem className="flex items-center gap-2">
              <FormControl>
                <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
              </FormControl>
              <FormLabel>Remember me</FormLabel>
            </FormItem>
          )}
        />
        <Button type="submit">Submit</Button>
      </form>
    </Form>
  );
}

function SendVideoMessageForm() {
  const { t } = useTranslation();
  const schema = z.object({
    email: emailField({ required: t('validation.email.required'), invalid: t('validation.email.invalid') }),
    phone: z.string().min(1, { error: t('validation.phone.required') }),
    message: requiredText(t('validation.message.required')),
  });
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', phone: '', message: '' },
  });
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSend)} className="grid max-w-md gap-4">
        <h2 className="font-semibold text-base">Send video message</h2>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>E-mail</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" required {...field} />
              </FormControl>
              <FormDescription>The recipient gets a link to the recording.</FormDescription>
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
                <Input type="tel" autoComplete="tel" required {...field} />
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
                <Textarea required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Send</Button>
        </div>
      </form>
    </Form>
  );
}

function RegistrationForm() {
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
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', confirm: '' },
  });
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onRegister)} className="grid max-w-sm gap-4">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>E-mail</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>Password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirm"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>Confirm password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit">Register</Button>
      </form>
    </Form>
  );
}

const PROFILE_LABELS = {
  nickname: 'Nickname',
  description: 'Description',
  email: 'E-mail',
  website: 'Website',
  age: 'Age',
  postcode: 'Postcode',
  callDate: 'Call date',
};

function DefaultMessagesForm() {
  const { t } = useTranslation();
  const schema = z.object({
    nickname: z.string().min(3).max(20),
    description: z.string().min(5),
    email: emailField(),
    website: urlField(),
    age: z.coerce.number<string>().int().min(18).max(120),
    postcode: z.string().regex(/^\d{5}$/),
    callDate: z
      .date()
      .nullable()
      .refine((value) => value !== null, { params: { rule: 'required' } }),
  });
  const form = useForm({
    resolver: zodResolver(schema, { error: createValidationMessages(t, { labels: PROFILE_LABELS }) }),
    defaultValues: {
      nickname: '',
      description: '',
      email: '',
      website: '',
      age: '',
      postcode: '',
      callDate: null,
    },
  });
  const textFields = [
    { name: 'nickname', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'email', type: 'email' },
    { name: 'website', type: 'url' },
    { name: 'age', type: 'number' },
    { name: 'postcode', type: 'text' },
  ] as const;
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSave)} className="grid max-w-md gap-4">
        {textFields.map(({ name, type }) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem>
                <FormLabel>{PROFILE_LABELS[name]}</FormLabel>
                <FormControl>
                  <Input type={type} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
        <FormField
          control={form.control}
          name="callDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{PROFILE_LABELS.callDate}</FormLabel>
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
        <Button type="submit">Save</Button>
      </form>
    </Form>
  );
}

// The required mark is part of the label's text (hidden from the accessible name), so match the end.
const PASSWORD_LABEL = /Password$/;
const CONFIRM_LABEL = /Confirm password$/;

const meta = {
  title: 'Form/Form',
  component: FormItem,
} satisfies Meta<typeof FormItem>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §5 login: both messages show on an empty submit, and focus goes to the username. */
export const Login: Story = {
  render: () => <LoginForm />,
  play: async ({ canvasElement }) => {
    onLogin.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByText('Please input your username!')).toBeVisible();
    await expect(canvas.getByText('Please input your password!')).toBeVisible();
    const username = canvas.getByRole('textbox', { name: 'Username' });
    await expect(username).toHaveFocus();
    await expect(username).toHaveAccessibleDescription('Please input your username!');
    await expect(onLogin).not.toHaveBeenCalled();
  },
};

/** A filled login that passes validation. */
export const LoginFilled: Story = {
  render: () => <LoginForm />,
  play: async ({ canvasElement }) => {
    onLogin.mockClear();
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'ada');
    await userEvent.type(canvas.getByLabelText(PASSWORD_LABEL), 'correct horse battery');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalledTimes(1));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** SPEC §2.4 recipient details: E-mail, Phone and Message with their SPEC §5 messages. */
export const SendVideoMessage: Story = {
  render: () => <SendVideoMessageForm />,
  play: async ({ canvasElement }) => {
    onSend.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText('Please input your E-mail!')).toBeVisible();
    await expect(canvas.getByText('Please input your phone number!')).toBeVisible();
    await expect(canvas.getByText('Please input your message!')).toBeVisible();

    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, 'ada@');
    await expect(await canvas.findByText('The input is not valid E-mail!')).toBeVisible();
    await expect(email).toHaveAccessibleDescription(
      'The recipient gets a link to the recording. The input is not valid E-mail!',
    );
    await userEvent.type(email, 'example.com');
    await waitFor(() => expect(canvas.queryByText('The input is not valid E-mail!')).toBeNull());
    await expect(onSend).not.toHaveBeenCalled();
  },
};

/** SPEC §2.3 team registration: the confirmation must match the password. */
export const Registration: Story = {
  render: () => <RegistrationForm />,
  play: async ({ canvasElement }) => {
    onRegister.mockClear();
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(PASSWORD_LABEL), 'correct horse');
    await userEvent.type(canvas.getByLabelText(CONFIRM_LABEL), 'correct hose');
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(await canvas.findByText('The passwords that you entered do not match!')).toBeVisible();
    await expect(canvas.getByLabelText(CONFIRM_LABEL)).toHaveFocus();
    await expect(onRegister).not.toHaveBeenCalled();
  },
};

/** The default messages (SPEC §5) with each field's label: length, e-mail limit, url, range, pattern, required. */
export const DefaultMessages: Story = {
  render: () => <DefaultMessagesForm />,
  play: async ({ canvasElement }) => {
    onSave.mockClear();
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nickname' }), 'Al');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description' }), 'Hey');
    await userEvent.click(canvas.getByRole('textbox', { name: 'E-mail' }));
    await userEvent.paste(`${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Website' }), 'parley dot example');
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'Age' }), '150');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Postcode' }), '12a45');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));

    await expect(await canvas.findByText("'Nickname' must be between 3 and 20 characters")).toBeVisible();
    await expect(canvas.getByText("'Description' must be at least 5 characters")).toBeVisible();
    await expect(canvas.getByText("'E-mail' cannot be longer than 320 characters")).toBeVisible();
    await expect(canvas.getByText("'Website' is not a valid url")).toBeVisible();
    await expect(canvas.getByText("'Age' must be between 18 and 120")).toBeVisible();
    await expect(canvas.getByText("'Postcode' does not match pattern /^\\d{5}$/")).toBeVisible();
    await expect(canvas.getByText("'Call date' is required")).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Nickname' })).toHaveFocus();
    await expect(onSave).not.toHaveBeenCalled();
  },
};
