import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@parley/i18n';
import { CircleAlert, Plus } from 'lucide-react';
import * as React from 'react';
import { type FieldErrors, type FieldPath, useForm } from 'react-hook-form';
import * as z from 'zod';
import { Button } from '../../components/button/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/card/card';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { createDataTableColumnHelper, DataTable } from '../../components/data-table/data-table';
import { DatePicker } from '../../components/date-picker/date-picker';
import { DateRangePicker } from '../../components/date-picker/date-range-picker';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../components/dropdown-menu/dropdown-menu';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/form/form';
import { requiredText, type Translate } from '../../components/form/validation';
import { Input } from '../../components/input/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select/select';
import { message } from '../../components/toast/toast';
import { ExamplePage } from '../shared/example-page';

/** Fixed calendar days, so the pickers look the same on every run. */
const CALENDAR_TODAY = new Date(2026, 10, 15);

const PEOPLE = ['fu', 'zhou'] as const;
const PEOPLE_NAMES: Record<(typeof PEOPLE)[number], string> = { fu: 'Fu Xiaoxiao', zhou: 'Zhou Maomao' };
const VISIBILITIES = ['private', 'public'] as const;

/** A host name with at least one dot: 'example.com', 'store.example.org'. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

interface AdvancedFormValues {
  warehouseName: string;
  warehouseDomain: string;
  warehouseOwner: string;
  warehouseApprover: string;
  warehouseDates: { from?: Date; to?: Date };
  warehouseType: string;
  taskName: string;
  taskDescription: string;
  taskExecutor: string;
  taskOwner: string;
  taskReminder: Date | null;
  taskType: string;
}

interface Member {
  key: string;
  name: string;
  workId: string;
  department: string;
}

const EMPTY_VALUES: AdvancedFormValues = {
  warehouseName: '',
  warehouseDomain: '',
  warehouseOwner: '',
  warehouseApprover: '',
  warehouseDates: {},
  warehouseType: '',
  taskName: '',
  taskDescription: '',
  taskExecutor: '',
  taskOwner: '',
  taskReminder: null,
  taskType: '',
};

/** The template's sample members. */
const SAMPLE_MEMBERS: Member[] = [
  { key: '1', name: 'John Brown', workId: '00001', department: 'New York No. 1 Lake Park' },
  { key: '2', name: 'Jim Green', workId: '00002', department: 'London No. 1 Lake Park' },
  { key: '3', name: 'Joe Black', workId: '00003', department: 'Sidney No. 1 Lake Park' },
];

function isValidDomain(value: string): boolean {
  return DOMAIN_PATTERN.test(value.trim());
}

function createAdvancedFormSchema(t: Translate) {
  const choice = (key: string) => z.string().min(1, { error: t(key) });
  return z.object({
    warehouseName: requiredText(t('example.advancedForm.warehouseName.required')),
    warehouseDomain: requiredText(t('example.advancedForm.warehouseDomain.required')).refine(
      (value) => value.trim() === '' || isValidDomain(value),
      { error: t('example.advancedForm.warehouseDomain.invalid') },
    ),
    warehouseOwner: choice('example.advancedForm.warehouseOwner.required'),
    warehouseApprover: choice('example.advancedForm.warehouseApprover.required'),
    warehouseDates: z
      .object({ from: z.date().optional(), to: z.date().optional() })
      .refine((range) => range.from !== undefined && range.to !== undefined, {
        error: t('example.advancedForm.warehouseDates.required'),
      }),
    warehouseType: choice('example.advancedForm.warehouseType.required'),
    taskName: requiredText(t('example.advancedForm.taskName.required')),
    taskDescription: requiredText(t('example.advancedForm.taskDescription.required')),
    taskExecutor: choice('example.advancedForm.taskExecutor.required'),
    taskOwner: choice('example.advancedForm.taskOwner.required'),
    taskReminder: z
      .date()
      .nullable()
      .refine((value) => value !== null, { error: t('example.advancedForm.taskReminder.required') }),
    taskType: choice('example.advancedForm.taskType.required'),
  });
}

type FieldName = FieldPath<AdvancedFormValues>;

/** The form's fields in page order, so the error list reads top to bottom. */
const FIELD_ORDER: FieldName[] = [
  'warehouseName',
  'warehouseDomain',
  'warehouseOwner',
  'warehouseApprover',
  'warehouseDates',
  'warehouseType',
  'taskName',
  'taskDescription',
  'taskExecutor',
  'taskOwner',
  'taskReminder',
  'taskType',
];

/** The fields with an error and their messages, in page order. */
function listErrors(errors: FieldErrors<AdvancedFormValues>): { name: FieldName; message: string }[] {
  return FIELD_ORDER.flatMap((name) => {
    const error = errors[name as keyof AdvancedFormValues];
    const text = error && 'message' in error ? error.message : undefined;
    return typeof text === 'string' ? [{ name, message: text }] : [];
  });
}

type AdvancedForm = ReturnType<typeof useForm<AdvancedFormValues>>;

interface TextFieldProps {
  form: AdvancedForm;
  name: 'warehouseName' | 'warehouseDomain' | 'taskName' | 'taskDescription';
  label: string;
  placeholder?: string;
}

function TextField({ form, name, label, placeholder }: TextFieldProps) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel required>{label}</FormLabel>
          <FormControl>
            <Input required placeholder={placeholder} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

interface ChoiceFieldProps {
  form: AdvancedForm;
  name: 'warehouseOwner' | 'warehouseApprover' | 'warehouseType' | 'taskExecutor' | 'taskOwner' | 'taskType';
  label: string;
  options: { value: string; label: string }[];
}

function ChoiceField({ form, name, label, options }: ChoiceFieldProps) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel required>{label}</FormLabel>
          <Select name={field.name} value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} aria-required>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

interface MembersEditing {
  drafts: Record<string, Member>;
  setDraft: (member: Member) => void;
}

// Cells read the rows being edited from here, so the table's columns can stay the same.
const MembersEditingContext = React.createContext<MembersEditing>({ drafts: {}, setDraft: () => {} });

type MemberField = 'name' | 'workId' | 'department';

const MEMBER_LABEL_KEYS: Record<MemberField, string> = {
  name: 'example.advancedForm.member.name',
  workId: 'example.advancedForm.member.workId',
  department: 'example.advancedForm.member.department',
};

function MemberHeader({ field }: { field: MemberField }) {
  const { t } = useTranslation();
  return <>{t(MEMBER_LABEL_KEYS[field])}</>;
}

function MemberCell({ member, field }: { member: Member; field: MemberField }) {
  const { t } = useTranslation();
  const { drafts, setDraft } = React.useContext(MembersEditingContext);
  const draft = drafts[member.key];
  if (!draft) {
    return <>{member[field]}</>;
  }
  return (
    <Input
      size="sm"
      aria-label={t(MEMBER_LABEL_KEYS[field])}
      value={draft[field]}
      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
    />
  );
}

const memberColumnHelper = createDataTableColumnHelper<Member>();

const MEMBER_COLUMNS = memberColumnHelper.columns([
  memberColumnHelper.accessor('name', {
    header: () => <MemberHeader field="name" />,
    cell: ({ row }) => <MemberCell member={row.original} field="name" />,
  }),
  memberColumnHelper.accessor('workId', {
    header: () => <MemberHeader field="workId" />,
    cell: ({ row }) => <MemberCell member={row.original} field="workId" />,
  }),
  memberColumnHelper.accessor('department', {
    header: () => <MemberHeader field="department" />,
    cell: ({ row }) => <MemberCell member={row.original} field="department" />,
  }),
]);

interface MembersTableProps {
  members: Member[];
  onMembersChange: (members: Member[]) => void;
}

/** The members, edited in place: Edit turns a row into fields, Save keeps them, Cancel drops them. */
function MembersTable({ members, onMembersChange }: MembersTableProps) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = React.useState<Record<string, Member>>({});
  const [newKeys, setNewKeys] = React.useState<string[]>([]);
  const nextKey = React.useRef(members.length + 1);
  const editing = React.useMemo(
    () => ({
      drafts,
      setDraft: (member: Member) => setDrafts((current) => ({ ...current, [member.key]: member })),
    }),
    [drafts],
  );

  const stopEditing = (key: string) => {
    setDrafts(({ [key]: _dropped, ...rest }) => rest);
    setNewKeys((keys) => keys.filter((newKey) => newKey !== key));
  };

  const save = (key: string) => {
    const draft = drafts[key];
    if (!draft) {
      return;
    }
    if ([draft.name, draft.workId, draft.department].some((value) => value.trim() === '')) {
      message.error(t('example.advancedForm.member.incomplete'));
      return;
    }
    onMembersChange(members.map((member) => (member.key === key ? draft : member)));
    stopEditing(key);
  };

  const cancel = (key: string) => {
    if (newKeys.includes(key)) {
      onMembersChange(members.filter((member) => member.key !== key));
    }
    stopEditing(key);
  };

  const add = () => {
    const member: Member = { key: `new-${nextKey.current}`, name: '', workId: '', department: '' };
    nextKey.current += 1;
    onMembersChange([...members, member]);
    setDrafts((current) => ({ ...current, [member.key]: member }));
    setNewKeys((keys) => [...keys, member.key]);
  };

  return (
    <MembersEditingContext value={editing}>
      <div className="grid gap-3">
        <DataTable
          label={t('example.advancedForm.members')}
          columns={MEMBER_COLUMNS}
          data={members}
          getRowId={(member) => member.key}
          enablePagination={false}
          rowActions={(member) => {
            const name = member.name || t('example.advancedForm.member.new');
            return drafts[member.key] ? (
              <span className="flex gap-1">
                <Button
                  variant="link"
                  size="sm"
                  aria-label={`${t('ui.action.save')} ${name}`}
                  onClick={() => save(member.key)}
                >
                  {t('ui.action.save')}
                </Button>
                <Button
                  variant="link"
                  size="sm"
                  aria-label={`${t('ui.action.cancel')} ${name}`}
                  onClick={() => cancel(member.key)}
                >
                  {t('ui.action.cancel')}
                </Button>
              </span>
            ) : (
              <span className="flex gap-1">
                <Button
                  variant="link"
                  size="sm"
                  aria-label={`${t('example.advancedForm.member.edit')} ${name}`}
                  onClick={() => setDrafts((current) => ({ ...current, [member.key]: member }))}
                >
                  {t('example.advancedForm.member.edit')}
                </Button>
                <ConfirmDialog
                  variant="destructive"
                  onConfirm={() => onMembersChange(members.filter((other) => other.key !== member.key))}
                  trigger={
                    <Button variant="link" size="sm" aria-label={`${t('ui.action.delete')} ${name}`}>
                      {t('ui.action.delete')}
                    </Button>
                  }
                />
              </span>
            );
          }}
        />
        <Button variant="outline" icon={<Plus aria-hidden />} className="w-full" onClick={add}>
          {t('example.advancedForm.member.add')}
        </Button>
      </div>
    </MembersEditingContext>
  );
}

interface ErrorListProps {
  errors: { name: FieldName; message: string }[];
  onPick: (name: FieldName) => void;
}

/** The footer's count of fields to fix; it opens a menu that takes you to each of them. */
function ErrorList({ errors, onPick }: ErrorListProps) {
  const { t } = useTranslation();
  const picked = React.useRef<FieldName | null>(null);
  if (errors.length === 0) {
    return null;
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" icon={<CircleAlert aria-hidden className="text-destructive" />}>
          {t('example.advancedForm.errors', { count: errors.length })}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(event) => {
          // A picked error sends focus to its field instead of back to the trigger.
          if (picked.current) {
            event.preventDefault();
            onPick(picked.current);
            picked.current = null;
          }
        }}
      >
        <DropdownMenuLabel>{t('example.advancedForm.errorsTitle')}</DropdownMenuLabel>
        {errors.map((error) => (
          <DropdownMenuItem
            key={error.name}
            onSelect={() => {
              picked.current = error.name;
            }}
          >
            {error.message}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

interface AdvancedFormPageProps {
  /** Called with the values and the members once the form passes validation. */
  onSubmit?: (values: AdvancedFormValues, members: Member[]) => void;
}

/** Form > Advanced: many fields in sections (cards), a members table edited in place, and an error list. */
function AdvancedFormPage({ onSubmit }: AdvancedFormPageProps) {
  const { t } = useTranslation();
  const [members, setMembers] = React.useState<Member[]>(SAMPLE_MEMBERS);
  const form = useForm<AdvancedFormValues>({
    resolver: zodResolver(createAdvancedFormSchema(t)),
    defaultValues: EMPTY_VALUES,
  });
  const errors = listErrors(form.formState.errors);
  const people = PEOPLE.map((person) => ({ value: person, label: PEOPLE_NAMES[person] }));
  const visibilities = VISIBILITIES.map((visibility) => ({
    value: visibility,
    label: t(`example.advancedForm.visibility.${visibility}`),
  }));

  const submit = form.handleSubmit((values) => {
    onSubmit?.(values, members);
    message.success(t('example.advancedForm.submitted'));
  });

  return (
    <ExamplePage title={t('example.advancedForm.title')} description={t('example.advancedForm.description')}>
      <Form {...form}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{t('example.advancedForm.warehouse')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6 md:grid-cols-3">
              <TextField form={form} name="warehouseName" label={t('example.advancedForm.warehouseName')} />
              <TextField
                form={form}
                name="warehouseDomain"
                label={t('example.advancedForm.warehouseDomain')}
                placeholder="example.com"
              />
              <ChoiceField
                form={form}
                name="warehouseOwner"
                label={t('example.advancedForm.warehouseOwner')}
                options={people}
              />
              <ChoiceField
                form={form}
                name="warehouseApprover"
                label={t('example.advancedForm.warehouseApprover')}
                options={people}
              />
              <FormField
                control={form.control}
                name="warehouseDates"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>{t('example.advancedForm.warehouseDates')}</FormLabel>
                    <FormControl>
                      <DateRangePicker
                        ref={field.ref}
                        value={field.value}
                        onValueChange={field.onChange}
                        onBlur={field.onBlur}
                        today={CALENDAR_TODAY}
                        defaultMonth={CALENDAR_TODAY}
                        numberOfMonths={1}
                        aria-required
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <ChoiceField
                form={form}
                name="warehouseType"
                label={t('example.advancedForm.warehouseType')}
                options={visibilities}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{t('example.advancedForm.task')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6 md:grid-cols-3">
              <TextField form={form} name="taskName" label={t('example.advancedForm.taskName')} />
              <TextField form={form} name="taskDescription" label={t('example.advancedForm.taskDescription')} />
              <ChoiceField
                form={form}
                name="taskExecutor"
                label={t('example.advancedForm.taskExecutor')}
                options={people}
              />
              <ChoiceField form={form} name="taskOwner" label={t('example.advancedForm.taskOwner')} options={people} />
              <FormField
                control={form.control}
                name="taskReminder"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>{t('example.advancedForm.taskReminder')}</FormLabel>
                    <FormControl>
                      <DatePicker
                        ref={field.ref}
                        value={field.value}
                        onValueChange={field.onChange}
                        onBlur={field.onBlur}
                        today={CALENDAR_TODAY}
                        defaultMonth={CALENDAR_TODAY}
                        aria-required
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <ChoiceField
                form={form}
                name="taskType"
                label={t('example.advancedForm.taskType')}
                options={visibilities}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{t('example.advancedForm.members')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <MembersTable members={members} onMembersChange={setMembers} />
            </CardContent>
          </Card>
          <div
            data-slot="advanced-form-footer"
            className="sticky bottom-0 flex items-center justify-end gap-3 rounded-lg border bg-card px-5 py-3"
          >
            <ErrorList errors={errors} onPick={(name) => form.setFocus(name)} />
            <Button type="submit">{t('example.form.submit')}</Button>
          </div>
        </form>
      </Form>
    </ExamplePage>
  );
}

export {
  AdvancedFormPage,
  type AdvancedFormPageProps,
  type AdvancedFormValues,
  isValidDomain,
  listErrors,
  type Member,
  SAMPLE_MEMBERS,
};
