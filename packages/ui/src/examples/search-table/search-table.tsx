import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate, formatNumber, useTranslation } from '@parley/i18n';
import { CircleCheck, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { Button } from '../../components/button/button';
import { Card, CardContent } from '../../components/card/card';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import {
  createDataTableColumnHelper,
  DataTable,
  type PaginationState,
  type RowSelectionState,
} from '../../components/data-table/data-table';
import { DatePicker } from '../../components/date-picker/date-picker';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/dialog/dialog';
import { FilterBar, FilterBarField } from '../../components/filter-bar/filter-bar';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/form/form';
import type { Translate } from '../../components/form/validation';
import { Input } from '../../components/input/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select/select';
import { Tag, type TagProps } from '../../components/tag/tag';
import { Textarea } from '../../components/textarea/textarea';
import { message } from '../../components/toast/toast';
import { ExamplePage } from '../shared/example-page';

const RULE_STATUSES = ['default', 'running', 'online', 'abnormal'] as const;
const RULE_TEMPLATES = ['one', 'two'] as const;
const RULE_TYPES = ['strong', 'weak'] as const;
const RULE_TARGETS = ['tableOne', 'tableTwo'] as const;

type RuleStatus = (typeof RULE_STATUSES)[number];
type RuleTemplate = (typeof RULE_TEMPLATES)[number];
type RuleType = (typeof RULE_TYPES)[number];
type RuleTarget = (typeof RULE_TARGETS)[number];

/** A rule of the sample page (SPEC §3). */
interface Rule {
  key: string;
  name: string;
  description: string;
  template: RuleTemplate;
  type: RuleType;
  monitoringObject: RuleTarget;
  /** When scheduling starts, as an ISO date-time in UTC. */
  startTime: string;
  /** Number of service calls. */
  callCount: number;
  status: RuleStatus;
  /** When the rule last ran, as an ISO date-time in UTC. */
  lastScheduledAt: string;
}

/** The fixed calendar 'today', so pickers look the same on every run. */
const CALENDAR_TODAY = new Date(2026, 10, 15);
const FIRST_SCHEDULE = Date.UTC(2026, 10, 1, 8, 0, 0);

/** Fixed demo rules: every value follows from the row number, so the page never changes between runs. */
function makeRules(count: number): Rule[] {
  return Array.from({ length: count }, (_, index) => {
    const scheduled = FIRST_SCHEDULE + index * (13 * 60 + 17) * 60_000;
    return {
      key: `rule-${index}`,
      name: `TradeCode ${index}`,
      description: `Watches trade feed ${String.fromCharCode(65 + (index % 26))} for gaps`,
      template: RULE_TEMPLATES[index % RULE_TEMPLATES.length] ?? 'one',
      type: RULE_TYPES[index % RULE_TYPES.length] ?? 'strong',
      monitoringObject: RULE_TARGETS[index % RULE_TARGETS.length] ?? 'tableOne',
      startTime: new Date(FIRST_SCHEDULE - 86_400_000).toISOString(),
      callCount: ((index * 7919) % 997) * 10 + index,
      status: RULE_STATUSES[index % RULE_STATUSES.length] ?? 'default',
      lastScheduledAt: new Date(scheduled).toISOString(),
    };
  });
}

const SAMPLE_RULES: Rule[] = makeRules(30);

interface RuleFilters {
  name: string;
  status: RuleStatus | 'all';
  lastScheduled: Date | null;
}

const NO_FILTERS: RuleFilters = { name: '', status: 'all', lastScheduled: null };

/** The picked calendar day as the UTC midnight the rules' times are kept in. */
function utcDay(day: Date): number {
  return Date.UTC(day.getFullYear(), day.getMonth(), day.getDate());
}

/** The rules that match: name contains the text (any case), same status, last run on the picked day. */
function filterRules(rules: readonly Rule[], filters: RuleFilters): Rule[] {
  const name = filters.name.trim().toLocaleLowerCase();
  const day = filters.lastScheduled ? utcDay(filters.lastScheduled) : null;
  return rules.filter((rule) => {
    if (name !== '' && !rule.name.toLocaleLowerCase().includes(name)) {
      return false;
    }
    if (filters.status !== 'all' && rule.status !== filters.status) {
      return false;
    }
    if (day !== null) {
      const scheduled = new Date(rule.lastScheduledAt);
      const scheduledDay = Date.UTC(scheduled.getUTCFullYear(), scheduled.getUTCMonth(), scheduled.getUTCDate());
      if (scheduledDay !== day) {
        return false;
      }
    }
    return true;
  });
}

const STATUS_TAGS: Record<RuleStatus, NonNullable<TagProps['variant']>> = {
  default: 'default',
  running: 'info',
  online: 'success',
  abnormal: 'error',
};

function StatusTag({ status }: { status: RuleStatus }) {
  const { t } = useTranslation();
  return <Tag variant={STATUS_TAGS[status]}>{t(`example.searchTable.status.${status}`)}</Tag>;
}

function ColumnHeader({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return <>{t(labelKey)}</>;
}

function CallCount({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <>{formatNumber(value, i18n.language)}</>;
}

function ScheduledAt({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <>{formatDate(value, i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}</>;
}

const ruleColumnHelper = createDataTableColumnHelper<Rule>();

const RULE_COLUMNS = ruleColumnHelper.columns([
  ruleColumnHelper.accessor('name', {
    header: () => <ColumnHeader labelKey="example.searchTable.column.name" />,
  }),
  ruleColumnHelper.accessor('description', {
    header: () => <ColumnHeader labelKey="example.searchTable.column.description" />,
    enableSorting: false,
  }),
  ruleColumnHelper.accessor('callCount', {
    header: () => <ColumnHeader labelKey="example.searchTable.column.callCount" />,
    cell: ({ getValue }) => <CallCount value={getValue()} />,
    meta: { align: 'end' },
  }),
  ruleColumnHelper.accessor('status', {
    header: () => <ColumnHeader labelKey="example.searchTable.column.status" />,
    cell: ({ getValue }) => <StatusTag status={getValue()} />,
  }),
  ruleColumnHelper.accessor('lastScheduledAt', {
    header: () => <ColumnHeader labelKey="example.searchTable.column.lastScheduled" />,
    cell: ({ getValue }) => <ScheduledAt value={getValue()} />,
  }),
]);

interface NewRuleValues {
  name: string;
  description: string;
  template: RuleTemplate;
  type: RuleType;
  monitoringObject: RuleTarget;
  startTime: Date | null;
}

const NEW_RULE_DEFAULTS: NewRuleValues = {
  name: '',
  description: '',
  template: 'one',
  type: 'strong',
  monitoringObject: 'tableOne',
  startTime: null,
};

/** SPEC §5 'Rule (sample)': name required; description at least 5 characters; start time required. */
function createNewRuleSchema(t: Translate) {
  return z.object({
    name: z.string().refine((value) => value.trim().length > 0, { error: t('validation.rule.name') }),
    description: z.string().refine((value) => value.trim().length >= 5, { error: t('validation.rule.description') }),
    template: z.enum(RULE_TEMPLATES),
    type: z.enum(RULE_TYPES),
    monitoringObject: z.enum(RULE_TARGETS),
    startTime: z
      .date()
      .nullable()
      .refine((value) => value !== null, { error: t('validation.rule.startTime') }),
  });
}

interface ChoiceProps<TValue extends string> {
  value: TValue;
  onValueChange: (value: TValue) => void;
  options: readonly TValue[];
  labelKey: (value: TValue) => string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

function Choice<TValue extends string>({ value, onValueChange, options, labelKey, ...field }: ChoiceProps<TValue>) {
  const { t } = useTranslation();
  return (
    <Select value={value} onValueChange={(next) => onValueChange(next as TValue)}>
      <SelectTrigger {...field}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option} value={option}>
            {t(labelKey(option))}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

interface NewRuleFormProps {
  onCreate: (values: NewRuleValues & { startTime: Date }) => void;
}

/** The New Rule form of the sample page; it lives inside the dialog, so it starts empty each time. */
function NewRuleForm({ onCreate }: NewRuleFormProps) {
  const { t } = useTranslation();
  const form = useForm<NewRuleValues>({
    resolver: zodResolver(createNewRuleSchema(t)),
    defaultValues: NEW_RULE_DEFAULTS,
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          if (values.startTime) {
            onCreate({ ...values, startTime: values.startTime });
          }
        })}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('example.searchTable.column.name')}</FormLabel>
              <FormControl>
                <Input required {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('example.searchTable.newRule.description')}</FormLabel>
              <FormControl>
                <Textarea required minLength={5} rows={3} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="template"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('example.searchTable.newRule.template')}</FormLabel>
                <FormControl>
                  <Choice
                    value={field.value}
                    onValueChange={field.onChange}
                    options={RULE_TEMPLATES}
                    labelKey={(option) => `example.searchTable.newRule.template.${option}`}
                  />
                </FormControl>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="type"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('example.searchTable.newRule.type')}</FormLabel>
                <FormControl>
                  <Choice
                    value={field.value}
                    onValueChange={field.onChange}
                    options={RULE_TYPES}
                    labelKey={(option) => `example.searchTable.newRule.type.${option}`}
                  />
                </FormControl>
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="monitoringObject"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('example.searchTable.newRule.target')}</FormLabel>
              <FormControl>
                <Choice
                  value={field.value}
                  onValueChange={field.onChange}
                  options={RULE_TARGETS}
                  labelKey={(option) => `example.searchTable.newRule.target.${option}`}
                />
              </FormControl>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="startTime"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('example.searchTable.newRule.startTime')}</FormLabel>
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
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('ui.action.cancel')}</Button>
          </DialogClose>
          <Button type="submit">{t('example.form.submit')}</Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

interface SearchTablePageProps {
  /** The rules at first; 30 fixed demo rules by default. */
  initialRules?: Rule[];
  /** Called with the rules a batch delete removed. */
  onDelete?: (keys: string[]) => void;
  /** Called with the rules a batch approval put online. */
  onApprove?: (keys: string[]) => void;
  /** Called with each rule the New Rule form adds. */
  onCreate?: (rule: Rule) => void;
}

const FIRST_PAGE: PaginationState = { pageIndex: 0, pageSize: 10 };

/** List > Search Table: filter the rules, page through them, act on several at once, add a new one. */
function SearchTablePage({ initialRules = SAMPLE_RULES, onDelete, onApprove, onCreate }: SearchTablePageProps) {
  const { t } = useTranslation();
  const [rules, setRules] = React.useState<Rule[]>(initialRules);
  const [draft, setDraft] = React.useState<RuleFilters>(NO_FILTERS);
  const [applied, setApplied] = React.useState<RuleFilters>(NO_FILTERS);
  const [pagination, setPagination] = React.useState<PaginationState>(FIRST_PAGE);
  const [rowSelection, setRowSelection] = React.useState<RowSelectionState>({});
  const [newRuleOpen, setNewRuleOpen] = React.useState(false);
  const nextKey = React.useRef(initialRules.length);
  const visibleRules = React.useMemo(() => filterRules(rules, applied), [rules, applied]);

  const deleteRules = (keys: string[]) => {
    setRules((current) => current.filter((rule) => !keys.includes(rule.key)));
    setRowSelection({});
    onDelete?.(keys);
    message.success(t('example.searchTable.batchDelete.done', { count: keys.length }));
  };

  const approveRules = (keys: string[]) => {
    setRules((current) => current.map((rule) => (keys.includes(rule.key) ? { ...rule, status: 'online' } : rule)));
    setRowSelection({});
    onApprove?.(keys);
    message.success(t('example.searchTable.batchApprove.done', { count: keys.length }));
  };

  const createRule = (values: NewRuleValues & { startTime: Date }) => {
    const startTime = new Date(utcDay(values.startTime)).toISOString();
    const rule: Rule = {
      key: `rule-${nextKey.current}`,
      name: values.name.trim(),
      description: values.description.trim(),
      template: values.template,
      type: values.type,
      monitoringObject: values.monitoringObject,
      startTime,
      callCount: 0,
      status: 'default',
      lastScheduledAt: startTime,
    };
    nextKey.current += 1;
    setRules((current) => [rule, ...current]);
    // Show the new rule: clear the filters and go back to the first page, where it now leads.
    setDraft(NO_FILTERS);
    setApplied(NO_FILTERS);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
    setNewRuleOpen(false);
    onCreate?.(rule);
    message.success(t('example.searchTable.newRule.created'));
  };

  return (
    <ExamplePage title={t('example.searchTable.title')} description={t('example.searchTable.description')}>
      <FilterBar
        aria-label={t('example.searchTable.filters')}
        onSearch={() => {
          setApplied(draft);
          setPagination((current) => ({ ...current, pageIndex: 0 }));
        }}
        onReset={() => {
          setDraft(NO_FILTERS);
          setApplied(NO_FILTERS);
          setPagination((current) => ({ ...current, pageIndex: 0 }));
        }}
      >
        <FilterBarField label={t('example.searchTable.column.name')}>
          <Input
            name="name"
            value={draft.name}
            onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
          />
        </FilterBarField>
        <FilterBarField label={t('example.searchTable.column.status')}>
          <Choice
            value={draft.status}
            onValueChange={(status) => setDraft((current) => ({ ...current, status }))}
            options={['all', ...RULE_STATUSES] as const}
            labelKey={(option) => `example.searchTable.status.${option}`}
          />
        </FilterBarField>
        <FilterBarField label={t('example.searchTable.column.lastScheduled')}>
          <DatePicker
            value={draft.lastScheduled}
            onValueChange={(lastScheduled) => setDraft((current) => ({ ...current, lastScheduled }))}
            today={CALENDAR_TODAY}
            defaultMonth={CALENDAR_TODAY}
            clearable
          />
        </FilterBarField>
      </FilterBar>
      <Card>
        <CardContent>
          <DataTable
            label={t('example.searchTable.rules')}
            columns={RULE_COLUMNS}
            data={visibleRules}
            getRowId={(rule) => rule.key}
            getRowLabel={(rule) => rule.name}
            enableRowSelection
            rowSelection={rowSelection}
            onRowSelectionChange={setRowSelection}
            pagination={pagination}
            onPaginationChange={setPagination}
            toolbar={
              <div className="flex w-full flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold text-base">{t('example.searchTable.rules')}</h2>
                <Dialog open={newRuleOpen} onOpenChange={setNewRuleOpen}>
                  <DialogTrigger asChild>
                    <Button icon={<Plus aria-hidden />}>{t('example.searchTable.new')}</Button>
                  </DialogTrigger>
                  <DialogContent>
                    <DialogHeader>
                      <DialogTitle>{t('example.searchTable.newRule.title')}</DialogTitle>
                      <DialogDescription>{t('example.searchTable.newRule.hint')}</DialogDescription>
                    </DialogHeader>
                    <NewRuleForm onCreate={createRule} />
                  </DialogContent>
                </Dialog>
              </div>
            }
            batchActions={({ selectedRowIds }) => (
              <>
                <ConfirmDialog
                  variant="destructive"
                  title={t('example.searchTable.batchDelete.confirm', { count: selectedRowIds.length })}
                  description={t('example.searchTable.batchDelete.warning')}
                  okText={t('ui.action.delete')}
                  onConfirm={() => deleteRules(selectedRowIds)}
                  trigger={
                    <Button variant="destructive" size="sm" icon={<Trash2 aria-hidden />}>
                      {t('example.searchTable.batchDelete')}
                    </Button>
                  }
                />
                <Button
                  variant="outline"
                  size="sm"
                  icon={<CircleCheck aria-hidden />}
                  onClick={() => approveRules(selectedRowIds)}
                >
                  {t('example.searchTable.batchApprove')}
                </Button>
              </>
            )}
          />
        </CardContent>
      </Card>
    </ExamplePage>
  );
}

export {
  filterRules,
  makeRules,
  type Rule,
  type RuleFilters,
  type RuleStatus,
  SAMPLE_RULES,
  SearchTablePage,
  type SearchTablePageProps,
};
