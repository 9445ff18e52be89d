import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@parley/i18n';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { Button } from '../../components/button/button';
import { Card, CardContent } from '../../components/card/card';
import { DateRangePicker } from '../../components/date-picker/date-range-picker';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../components/form/form';
import { requiredText, type Translate } from '../../components/form/validation';
import { Input } from '../../components/input/input';
import { Label } from '../../components/label/label';
import { RadioGroup, RadioGroupItem } from '../../components/radio-group/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select/select';
import { Textarea } from '../../components/textarea/textarea';
import { message } from '../../components/toast/toast';
import { ExamplePage } from '../shared/example-page';

/** Fixed calendar days, so the pickers look the same on every run. */
const CALENDAR_TODAY = new Date(2026, 10, 15);

const DISCLOSURES = ['public', 'partial', 'private'] as const;
const COLLEAGUES = ['a', 'b', 'c'] as const;

type Disclosure = (typeof DISCLOSURES)[number];

interface BasicFormValues {
  title: string;
  dates: { from?: Date; to?: Date };
  goal: string;
  standard: string;
  client: string;
  invites: string;
  weight: string;
  disclosure: Disclosure;
  publicTo: string;
}

const EMPTY_VALUES: BasicFormValues = {
  title: '',
  dates: {},
  goal: '',
  standard: '',
  client: '',
  invites: '',
  weight: '',
  disclosure: 'public',
  publicTo: '',
};

/** A weight is optional; when given it is a number from 0 to 100. */
function isValidWeight(value: string): boolean {
  if (value.trim() === '') {
    return true;
  }
  const weight = Number(value);
  return Number.isFinite(weight) && weight >= 0 && weight <= 100;
}

function createBasicFormSchema(t: Translate) {
  return z.object({
    title: requiredText(t('example.basicForm.goalTitle.required')),
    dates: z
      .object({ from: z.date().optional(), to: z.date().optional() })
      .refine((range) => range.from !== undefined && range.to !== undefined, {
        error: t('example.basicForm.dates.required'),
      }),
    goal: requiredText(t('example.basicForm.goal.required')),
    standard: requiredText(t('example.basicForm.standard.required')),
    client: z.string(),
    invites: z.string(),
    weight: z.string().refine(isValidWeight, { error: t('example.basicForm.weight.invalid') }),
    disclosure: z.enum(DISCLOSURES),
    publicTo: z.string(),
  });
}

function OptionalMark() {
  const { t } = useTranslation();
  return <span className="font-normal text-muted-foreground">{t('example.form.optional')}</span>;
}

interface BasicFormPageProps {
  /** Called with the values once the form passes validation. */
  onSubmit?: (values: BasicFormValues) => void;
  /** Called with the current values, unchecked, when 'Save' is pressed. */
  onSave?: (values: BasicFormValues) => void;
}

/** Form > Basic: one card of fields with required, optional and conditional ones. */
function BasicFormPage({ onSubmit, onSave }: BasicFormPageProps) {
  const { t } = useTranslation();
  const disclosureLabelId = useId();
  const form = useForm<BasicFormValues>({
    resolver: zodResolver(createBasicFormSchema(t)),
    defaultValues: EMPTY_VALUES,
  });
  const disclosure = useWatch({ control: form.control, name: 'disclosure' });

  const submit = form.handleSubmit((values) => {
    onSubmit?.(values);
    message.success(t('example.basicForm.submitted'));
  });

  return (
    <ExamplePage title={t('example.basicForm.title')} description={t('example.basicForm.description')}>
      <Card>
        <CardContent>
          <Form {...form}>
            <form noValidate onSubmit={submit} className="mx-auto grid w-full max-w-2xl gap-6 py-4">
              <FormField
                control={form.control}
                name="title"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>{t('example.basicForm.goalTitle')}</FormLabel>
                    <FormControl>
                      <Input required placeholder={t('example.basicForm.goalTitle.placeholder')} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="dates"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>{t('example.basicForm.dates')}</FormLabel>
                    <FormControl>
                      <DateRangePicker
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
              <FormField
                control={form.control}
                name="goal"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>{t('example.basicForm.goal')}</FormLabel>
                    <FormControl>
                      <Textarea required rows={4} placeholder={t('example.basicForm.goal.placeholder')} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="standard"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>{t('example.basicForm.standard')}</FormLabel>
                    <FormControl>
                      <Textarea
                        required
                        rows={4}
                        placeholder={t('example.basicForm.standard.placeholder')}
                        {...field}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="client"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      {t('example.basicForm.client')} <OptionalMark />
                    </FormLabel>
                    <FormControl>
                      <Input {...field} />
                    </FormControl>
                    <FormDescription>{t('example.basicForm.client.help')}</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="invites"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      {t('example.basicForm.invites')} <OptionalMark />
                    </FormLabel>
                    <FormControl>
                      <Input {...field} />
                    </FormControl>
                    <FormDescription>{t('example.basicForm.invites.help')}</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="weight"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      {t('example.basicForm.weight')} <OptionalMark />
                    </FormLabel>
                    <FormControl>
                      <Input type="number" inputMode="decimal" min={0} max={100} className="max-w-40" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="disclosure"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel id={disclosureLabelId}>{t('example.basicForm.disclosure')}</FormLabel>
                    <FormControl>
                      <RadioGroup
                        ref={field.ref}
                        aria-labelledby={disclosureLabelId}
                        orientation="horizontal"
                        value={field.value}
                        onValueChange={(value) => field.onChange(value as Disclosure)}
                      >
                        {DISCLOSURES.map((option) => (
                          <div key={option} className="flex items-center gap-2">
                            <RadioGroupItem id={`${disclosureLabelId}-${option}`} value={option} />
                            <Label htmlFor={`${disclosureLabelId}-${option}`} className="font-normal">
                              {t(`example.basicForm.disclosure.${option}`)}
                            </Label>
                          </div>
                        ))}
                      </RadioGroup>
                    </FormControl>
                    <FormDescription>{t('example.basicForm.disclosure.help')}</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {disclosure === 'partial' ? (
                <FormField
                  control={form.control}
                  name="publicTo"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{t('example.basicForm.publicTo')}</FormLabel>
                      <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                        <FormControl>
                          <SelectTrigger ref={field.ref} onBlur={field.onBlur} className="max-w-80">
                            <SelectValue />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          {COLLEAGUES.map((colleague) => (
                            <SelectItem key={colleague} value={colleague}>
                              {t(`example.basicForm.colleague.${colleague}`)}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button type="submit">{t('example.form.submit')}</Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    onSave?.(form.getValues());
                    message.success(t('example.basicForm.saved'));
                  }}
                >
                  {t('example.form.save')}
                </Button>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
    </ExamplePage>
  );
}

export { BasicFormPage, type BasicFormPageProps, type BasicFormValues, createBasicFormSchema, isValidWeight };
