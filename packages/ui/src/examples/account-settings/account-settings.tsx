import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@parley/i18n';
import { MessageCircle, ShoppingBag, Wallet } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { Avatar, AvatarFallback, AvatarImage } from '../../components/avatar/avatar';
import { Button } from '../../components/button/button';
import { Card, CardContent } from '../../components/card/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/form/form';
import { emailField, requiredText, type Translate } from '../../components/form/validation';
import { Input } from '../../components/input/input';
import { PasswordInput, type PasswordStrength, passwordStrength } from '../../components/password-input/password-input';
import { isValidPhoneNumber, PhoneInput } from '../../components/phone-input/phone-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select/select';
import { Switch } from '../../components/switch/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs/tabs';
import { Textarea } from '../../components/textarea/textarea';
import { message } from '../../components/toast/toast';
import { ExamplePage } from '../shared/example-page';

/** Countries the sample offers, each with two provinces of two cities (SPEC §3 geographic). */
const GEOGRAPHY = {
  CN: { zhejiang: ['hangzhou', 'ningbo'], guangdong: ['guangzhou', 'shenzhen'] },
  EG: { cairo: ['nasrCity', 'heliopolis'], alexandria: ['montaza', 'sidiGaber'] },
  US: { california: ['sanFrancisco', 'losAngeles'], newYork: ['newYorkCity', 'buffalo'] },
} as const satisfies Record<string, Record<string, readonly string[]>>;

type Country = keyof typeof GEOGRAPHY;

const COUNTRIES = Object.keys(GEOGRAPHY) as Country[];

function provincesOf(country: string): string[] {
  return country in GEOGRAPHY ? Object.keys(GEOGRAPHY[country as Country]) : [];
}

function citiesOf(country: string, province: string): string[] {
  const provinces: Record<string, readonly string[]> = country in GEOGRAPHY ? GEOGRAPHY[country as Country] : {};
  return [...(provinces[province] ?? [])];
}

interface BasicSettingsValues {
  email: string;
  nickname: string;
  profile: string;
  country: string;
  geographic: { province: string; city: string };
  address: string;
  phone: string;
}

/** SPEC §3's fixed placeholder profile, as the sample's starting values. */
const CURRENT_USER: BasicSettingsValues = {
  email: 'serati.ma@example.com',
  nickname: 'Serati Ma',
  profile: 'Curious about everything; answering calls since 2019.',
  country: 'CN',
  geographic: { province: 'zhejiang', city: 'hangzhou' },
  address: '77 Gongzhuan Road, Xihu District',
  phone: '+8657126888888',
};

function createBasicSettingsSchema(t: Translate) {
  return z.object({
    email: emailField({
      required: t('example.accountSettings.email.required'),
      invalid: t('validation.email.invalid'),
    }),
    nickname: requiredText(t('example.accountSettings.nickname.required')),
    profile: requiredText(t('example.accountSettings.profile.required')),
    country: z.string().min(1, { error: t('example.accountSettings.country.required') }),
    geographic: z
      .object({ province: z.string(), city: z.string() })
      .refine((place) => place.province !== '' && place.city !== '', {
        error: t('example.accountSettings.geographic.required'),
      }),
    address: requiredText(t('example.accountSettings.address.required')),
    phone: z
      .string()
      .min(1, { error: t('example.accountSettings.phone.required') })
      .refine((phone) => phone === '' || isValidPhoneNumber(phone), { error: t('validation.phone.invalid') }),
  });
}

interface AvatarPickerProps {
  name: string;
  onChange?: (file: File) => void;
}

/** The avatar with a 'Change avatar' button; a picked image shows at once. */
function AvatarPicker({ name, onChange }: AvatarPickerProps) {
  const { t } = useTranslation();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [url, setUrl] = React.useState<string | null>(null);

  React.useEffect(
    () => () => {
      if (url) {
        URL.revokeObjectURL(url);
      }
    },
    [url],
  );

  return (
    <div className="grid justify-items-center gap-3 self-start">
      <p className="font-medium text-sm">{t('example.accountSettings.avatar')}</p>
      <Avatar size="xl">
        {url ? <AvatarImage src={url} alt={name} /> : null}
        <AvatarFallback name={name} />
      </Avatar>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) {
            setUrl(URL.createObjectURL(file));
            onChange?.(file);
          }
        }}
      />
      <Button variant="outline" onClick={() => inputRef.current?.click()}>
        {t('example.accountSettings.avatar.change')}
      </Button>
    </div>
  );
}

interface BasicSettingsProps {
  onUpdate?: (values: BasicSettingsValues) => void;
  onAvatarChange?: (file: File) => void;
}

function BasicSettings({ onUpdate, onAvatarChange }: BasicSettingsProps) {
  const { t, i18n } = useTranslation();
  const geographicLabelId = React.useId();
  const form = useForm<BasicSettingsValues>({
    resolver: zodResolver(createBasicSettingsSchema(t)),
    defaultValues: CURRENT_USER,
  });
  const country = form.watch('country');
  const nickname = form.watch('nickname');
  const regionNames = React.useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);

  const submit = form.handleSubmit((values) => {
    onUpdate?.(values);
    message.success(t('example.accountSettings.updated'));
  });

  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,28rem)_auto] md:gap-16">
      <Form {...form}>
        <form noValidate onSubmit={submit} className="grid gap-6">
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('example.accountSettings.email')}</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" dir="auto" required {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="nickname"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('example.accountSettings.nickname')}</FormLabel>
                <FormControl>
                  <Input autoComplete="nickname" dir="auto" required {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="profile"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('example.accountSettings.profile')}</FormLabel>
                <FormControl>
                  <Textarea dir="auto" required rows={4} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="country"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('example.accountSettings.country')}</FormLabel>
                <Select
                  name={field.name}
                  value={field.value}
                  onValueChange={(next) => {
                    field.onChange(next);
                    form.setValue('geographic', { province: '', city: '' });
                  }}
                >
                  <FormControl>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur} className="max-w-56">
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {COUNTRIES.map((code) => (
                      <SelectItem key={code} value={code}>
                        {regionNames.of(code) ?? code}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="geographic"
            render={({ field }) => (
              <FormItem>
                <FormLabel required id={geographicLabelId}>
                  {t('example.accountSettings.geographic')}
                </FormLabel>
                <FormControl>
                  <fieldset aria-labelledby={geographicLabelId} className="flex min-w-0 gap-2">
                    <Select
                      value={field.value.province}
                      onValueChange={(next) => field.onChange({ province: next, city: '' })}
                    >
                      <SelectTrigger
                        ref={field.ref}
                        onBlur={field.onBlur}
                        aria-label={t('example.accountSettings.province')}
                        className="max-w-56"
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {provincesOf(country).map((code) => (
                          <SelectItem key={code} value={code}>
                            {t(`example.geo.${country}.${code}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <Select
                      value={field.value.city}
                      onValueChange={(next) => field.onChange({ province: field.value.province, city: next })}
                      disabled={field.value.province === ''}
                    >
                      <SelectTrigger
                        onBlur={field.onBlur}
                        aria-label={t('example.accountSettings.city')}
                        className="max-w-56"
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {citiesOf(country, field.value.province).map((code) => (
                          <SelectItem key={code} value={code}>
                            {t(`example.geo.${country}.${field.value.province}.${code}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </fieldset>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="address"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('example.accountSettings.address')}</FormLabel>
                <FormControl>
                  <Input autoComplete="street-address" dir="auto" required {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="phone"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('example.accountSettings.phone')}</FormLabel>
                <FormControl>
                  <PhoneInput
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    defaultCountry="CN"
                    required
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div>
            <Button type="submit">{t('example.accountSettings.update')}</Button>
          </div>
        </form>
      </Form>
      <AvatarPicker name={nickname} onChange={onAvatarChange} />
    </div>
  );
}

interface SettingsItemProps {
  /** The setting's name. */
  title: React.ReactNode;
  /** Its current state, in a sentence. */
  description: React.ReactNode;
  /** An icon before the text. */
  icon?: React.ReactNode;
  /** The control at the end, given the ids of the title and description to name itself with. */
  action: (ids: { titleId: string; descriptionId: string }) => React.ReactNode;
}

/** One row of a settings list: title and state, with its action at the end. */
function SettingsItem({ title, description, icon, action }: SettingsItemProps) {
  const titleId = React.useId();
  const descriptionId = React.useId();
  return (
    <li className="flex items-center gap-4 border-b py-4 last:border-b-0">
      {icon ? (
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
        >
          {icon}
        </span>
      ) : null}
      <div className="grid min-w-0 flex-1 gap-1">
        <p id={titleId} className="font-medium text-sm">
          {title}
        </p>
        <p id={descriptionId} className="text-muted-foreground text-sm">
          {description}
        </p>
      </div>
      <div className="shrink-0">{action({ titleId, descriptionId })}</div>
    </li>
  );
}

interface ActionButtonProps {
  label: string;
  titleId: string;
  onClick?: () => void;
  ref?: React.Ref<HTMLButtonElement>;
}

/** A link-styled action whose name says what it acts on: 'Modify' + 'Security Phone'. */
function ActionButton({ label, titleId, onClick, ref }: ActionButtonProps) {
  const id = React.useId();
  return (
    <Button ref={ref} id={id} variant="link" aria-labelledby={`${id} ${titleId}`} onClick={onClick}>
      {label}
    </Button>
  );
}

interface PasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (password: string) => void;
  /** The button that opened the dialog; the dialog has no Radix trigger, so focus is sent back by hand. */
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}

function createPasswordSchema(t: Translate) {
  return z
    .object({
      password: z.string().min(1, { error: t('validation.password.required') }),
      confirm: z.string().min(1, { error: t('validation.password.confirm') }),
    })
    .refine((values) => values.confirm === values.password, {
      path: ['confirm'],
      error: t('validation.password.mismatch'),
    });
}

function PasswordDialog({ open, onOpenChange, onSave, returnFocusTo }: PasswordDialogProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(createPasswordSchema(t)),
    defaultValues: { password: '', confirm: '' },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        size="sm"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('example.accountSettings.password.title')}</DialogTitle>
          <DialogDescription>{t('example.accountSettings.password.description')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => {
              onSave(values.password);
              form.reset();
            })}
          >
            <FormField
              control={form.control}
              name="password"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('example.accountSettings.password.new')}</FormLabel>
                  <FormControl>
                    <PasswordInput showStrength required {...field} />
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
                  <FormLabel required>{t('example.accountSettings.password.confirm')}</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="new-password" required {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{t('ui.action.cancel')}</Button>
              </DialogClose>
              <Button type="submit">{t('ui.action.save')}</Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

type SecurityItem = 'phone' | 'question' | 'email' | 'mfa';

const STRENGTH_KEYS = {
  strong: 'ui.password.strong',
  medium: 'ui.password.medium',
  weak: 'ui.password.weak',
} as const satisfies Record<PasswordStrength, string>;

interface SecuritySettingsProps {
  initialStrength: PasswordStrength;
  onSecurityAction?: (item: SecurityItem) => void;
}

function SecuritySettings({ initialStrength, onSecurityAction }: SecuritySettingsProps) {
  const { t } = useTranslation();
  const [strength, setStrength] = React.useState<PasswordStrength>(initialStrength);
  const [dialogOpen, setDialogOpen] = React.useState(false);
  const modifyPasswordRef = React.useRef<HTMLButtonElement>(null);
  const items: { key: SecurityItem; action: 'modify' | 'set' | 'bind'; description: string }[] = [
    {
      key: 'phone',
      action: 'modify',
      description: t('example.accountSettings.security.phone.description', { phone: '138****8293' }),
    },
    { key: 'question', action: 'set', description: t('example.accountSettings.security.question.description') },
    {
      key: 'email',
      action: 'modify',
      description: t('example.accountSettings.security.email.description', { email: 'ser***@example.com' }),
    },
    { key: 'mfa', action: 'bind', description: t('example.accountSettings.security.mfa.description') },
  ];
  return (
    <>
      <ul>
        <SettingsItem
          title={t('example.accountSettings.security.password')}
          description={t('example.accountSettings.security.password.description', {
            level: t(STRENGTH_KEYS[strength]),
          })}
          action={({ titleId }) => (
            <ActionButton
              ref={modifyPasswordRef}
              label={t('example.accountSettings.action.modify')}
              titleId={titleId}
              onClick={() => setDialogOpen(true)}
            />
          )}
        />
        {items.map((item) => (
          <SettingsItem
            key={item.key}
            title={t(`example.accountSettings.security.${item.key}`)}
            description={item.description}
            action={({ titleId }) => (
              <ActionButton
                label={t(`example.accountSettings.action.${item.action}`)}
                titleId={titleId}
                onClick={() => onSecurityAction?.(item.key)}
              />
            )}
          />
        ))}
      </ul>
      <PasswordDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        returnFocusTo={modifyPasswordRef}
        onSave={(password) => {
          setStrength(passwordStrength(password) ?? 'weak');
          setDialogOpen(false);
          message.success(t('example.accountSettings.password.updated'));
        }}
      />
    </>
  );
}

const BINDINGS = [
  { key: 'taobao', icon: <ShoppingBag /> },
  { key: 'alipay', icon: <Wallet /> },
  { key: 'dingtalk', icon: <MessageCircle /> },
] as const;

type BindingKey = (typeof BINDINGS)[number]['key'];

interface AccountBindingProps {
  onBindingChange?: (service: BindingKey, bound: boolean) => void;
}

function AccountBinding({ onBindingChange }: AccountBindingProps) {
  const { t } = useTranslation();
  const [bound, setBound] = React.useState<Record<BindingKey, boolean>>({
    taobao: false,
    alipay: false,
    dingtalk: false,
  });
  return (
    <ul>
      {BINDINGS.map(({ key, icon }) => {
        const service = t(`example.accountSettings.binding.${key}`);
        const isBound = bound[key];
        return (
          <SettingsItem
            key={key}
            icon={icon}
            title={service}
            description={t(
              isBound ? 'example.accountSettings.binding.bound' : 'example.accountSettings.binding.unbound',
              { service },
            )}
            action={({ titleId }) => (
              <ActionButton
                label={t(isBound ? 'example.accountSettings.action.unbind' : 'example.accountSettings.action.bind')}
                titleId={titleId}
                onClick={() => {
                  setBound((current) => ({ ...current, [key]: !isBound }));
                  onBindingChange?.(key, !isBound);
                }}
              />
            )}
          />
        );
      })}
    </ul>
  );
}

const NOTIFICATIONS = ['password', 'system', 'todo'] as const;

type NotificationKey = (typeof NOTIFICATIONS)[number];

interface NotificationSettingsProps {
  onNotificationChange?: (kind: NotificationKey, on: boolean) => void;
}

function NotificationSettings({ onNotificationChange }: NotificationSettingsProps) {
  const { t } = useTranslation();
  return (
    <ul>
      {NOTIFICATIONS.map((kind) => (
        <SettingsItem
          key={kind}
          title={t(`example.accountSettings.notification.${kind}`)}
          description={t(`example.accountSettings.notification.${kind}.description`)}
          action={({ titleId, descriptionId }) => (
            <Switch
              aria-labelledby={titleId}
              aria-describedby={descriptionId}
              defaultChecked
              checkedText={t('example.accountSettings.open')}
              uncheckedText={t('example.accountSettings.close')}
              onCheckedChange={(on) => onNotificationChange?.(kind, on)}
            />
          )}
        />
      ))}
    </ul>
  );
}

const TABS = ['basic', 'security', 'binding', 'notification'] as const;

type AccountSettingsTab = (typeof TABS)[number];

interface AccountSettingsPageProps {
  /** The section shown first. */
  defaultTab?: AccountSettingsTab;
  /** The account password's strength before it is modified here. */
  passwordStrength?: PasswordStrength;
  /** Called with the basic settings once they pass validation. */
  onUpdate?: (values: BasicSettingsValues) => void;
  /** Called with the image picked as the new avatar. */
  onAvatarChange?: (file: File) => void;
  /** Called by the Modify, Set and Bind actions of the security settings other than the password. */
  onSecurityAction?: (item: SecurityItem) => void;
  /** Called when a third-party account is bound or unbound. */
  onBindingChange?: (service: BindingKey, bound: boolean) => void;
  /** Called when a notification is switched on or off. */
  onNotificationChange?: (kind: NotificationKey, on: boolean) => void;
}

/** Account > Settings (SPEC §2.5): basic settings, security, account binding and notifications, as tabs. */
function AccountSettingsPage({
  defaultTab = 'basic',
  passwordStrength: initialStrength = 'strong',
  onUpdate,
  onAvatarChange,
  onSecurityAction,
  onBindingChange,
  onNotificationChange,
}: AccountSettingsPageProps) {
  const { t } = useTranslation();
  return (
    <ExamplePage title={t('example.accountSettings.title')} description={t('example.accountSettings.description')}>
      <Card>
        <CardContent>
          <Tabs defaultValue={defaultTab} orientation="vertical" className="min-h-96">
            <TabsList aria-label={t('example.accountSettings.sections')} className="w-56 shrink-0">
              {TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab}>
                  {t(`example.accountSettings.tab.${tab}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((tab) => (
              <TabsContent key={tab} value={tab} className="grid content-start gap-4 px-6 py-2">
                <h2 className="font-semibold text-lg">{t(`example.accountSettings.tab.${tab}`)}</h2>
                {tab === 'basic' ? <BasicSettings onUpdate={onUpdate} onAvatarChange={onAvatarChange} /> : null}
                {tab === 'security' ? (
                  <SecuritySettings initialStrength={initialStrength} onSecurityAction={onSecurityAction} />
                ) : null}
                {tab === 'binding' ? <AccountBinding onBindingChange={onBindingChange} /> : null}
                {tab === 'notification' ? <NotificationSettings onNotificationChange={onNotificationChange} /> : null}
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>
    </ExamplePage>
  );
}

export {
  AccountSettingsPage,
  type AccountSettingsPageProps,
  type AccountSettingsTab,
  type BasicSettingsValues,
  type BindingKey,
  CURRENT_USER,
  type NotificationKey,
  type SecurityItem,
};
