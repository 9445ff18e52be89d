import { zodResolver } from '@hookform/resolvers/zod';
import { formatNumber, useTranslation } from '@parley/i18n';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { Alert } from '../../components/alert/alert';
import { Button } from '../../components/button/button';
import { Card, CardContent } from '../../components/card/card';
import { Descriptions } from '../../components/descriptions/descriptions';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/form/form';
import { requiredText, type Translate } from '../../components/form/validation';
import { Input } from '../../components/input/input';
import { PasswordInput } from '../../components/password-input/password-input';
import { Result } from '../../components/result/result';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select/select';
import { ExamplePage } from '../shared/example-page';
import { ExampleSteps } from '../shared/example-steps';

const PAY_ACCOUNTS = ['ada@example.com', 'grace@example.com'] as const;
const RECEIVER_TYPES = ['wallet', 'bank'] as const;
const STEP_KEYS = ['info', 'confirm', 'result'] as const;

type ReceiverType = (typeof RECEIVER_TYPES)[number];

interface TransferInfo {
  payAccount: string;
  receiverType: ReceiverType;
  receiverAccount: string;
  receiverName: string;
  amount: string;
}

/** The template's sample transfer, filled in so the flow can be walked at once. */
const SAMPLE_TRANSFER: TransferInfo = {
  payAccount: 'ada@example.com',
  receiverType: 'wallet',
  receiverAccount: 'alex@example.com',
  receiverName: 'Alex Chen',
  amount: '500',
};

/** A transfer amount: a number above zero with at most two decimals. */
function isValidAmount(value: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(value.trim()) && Number(value) > 0;
}

function createTransferSchema(t: Translate) {
  return z.object({
    payAccount: z.string().min(1, { error: t('example.stepForm.payAccount.required') }),
    receiverType: z.enum(RECEIVER_TYPES),
    receiverAccount: requiredText(t('example.stepForm.receiverAccount.required')),
    receiverName: requiredText(t('example.stepForm.receiverName.required')),
    amount: requiredText(t('example.stepForm.amount.required')).refine(isValidAmount, {
      error: t('example.stepForm.amount.invalid'),
    }),
  });
}

function createConfirmSchema(t: Translate) {
  return z.object({ password: z.string().min(1, { error: t('example.stepForm.password.required') }) });
}

function useAmountText(amount: string): string {
  const { i18n } = useTranslation();
  return formatNumber(Number(amount), i18n.language, { style: 'currency', currency: 'USD' });
}

function TransferDescriptions({ info }: { info: TransferInfo }) {
  const { t } = useTranslation();
  const amount = useAmountText(info.amount);
  return (
    <Descriptions
      columns={1}
      items={[
        { key: 'pay', label: t('example.stepForm.payAccount'), children: info.payAccount },
        {
          key: 'receiver',
          label: t('example.stepForm.receiverAccount'),
          children: `${t(`example.stepForm.receiverType.${info.receiverType}`)} · ${info.receiverAccount}`,
        },
        { key: 'name', label: t('example.stepForm.receiverName'), children: info.receiverName },
        { key: 'amount', label: t('example.stepForm.amount'), children: amount },
      ]}
    />
  );
}

interface InfoStepProps {
  defaultValues: TransferInfo;
  onNext: (info: TransferInfo) => void;
}

function InfoStep({ defaultValues, onNext }: InfoStepProps) {
  const { t } = useTranslation();
  const form = useForm<TransferInfo>({ resolver: zodResolver(createTransferSchema(t)), defaultValues });
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onNext)} className="grid gap-6">
        <FormField
          control={form.control}
          name="payAccount"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('example.stepForm.payAccount')}</FormLabel>
              <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {PAY_ACCOUNTS.map((account) => (
                    <SelectItem key={account} value={account}>
                      {account}
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
          name="receiverAccount"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('example.stepForm.receiverAccount')}</FormLabel>
              <div className="flex gap-2">
                <FormField
                  control={form.control}
                  name="receiverType"
                  render={({ field: typeField }) => (
                    <Select
                      name={typeField.name}
                      value={typeField.value}
                      onValueChange={(value) => typeField.onChange(value as ReceiverType)}
                    >
                      <SelectTrigger
                        ref={typeField.ref}
                        onBlur={typeField.onBlur}
                        aria-label={t('example.stepForm.receiverType')}
                        className="w-40 shrink-0"
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {RECEIVER_TYPES.map((type) => (
                          <SelectItem key={type} value={type}>
                            {t(`example.stepForm.receiverType.${type}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
                <FormControl>
                  <Input required {...field} />
                </FormControl>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="receiverName"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('example.stepForm.receiverName')}</FormLabel>
              <FormControl>
                <Input required autoComplete="off" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="amount"
          render={({ field }) => (
            <FormItem>
              <FormLabel required>{t('example.stepForm.amount')}</FormLabel>
              <FormControl>
                <Input required inputMode="decimal" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex justify-end">
          <Button type="submit">
            {t('example.stepForm.next')}
            <ArrowRight aria-hidden className="rtl:rotate-180" />
          </Button>
        </div>
      </form>
    </Form>
  );
}

interface ConfirmStepProps {
  info: TransferInfo;
  onBack: () => void;
  onConfirm: () => void;
}

function ConfirmStep({ info, onBack, onConfirm }: ConfirmStepProps) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(createConfirmSchema(t)), defaultValues: { password: '' } });
  return (
    <div className="grid gap-6">
      <Alert variant="info" title={t('example.stepForm.confirm.warning')} />
      <TransferDescriptions info={info} />
      <Form {...form}>
        <form noValidate onSubmit={form.handleSubmit(onConfirm)} className="grid gap-6 border-t pt-6">
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel required>{t('example.stepForm.password')}</FormLabel>
                <FormControl>
                  <PasswordInput required autoComplete="current-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="flex justify-between gap-2">
            <Button variant="outline" onClick={onBack}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t('example.stepForm.back')}
            </Button>
            <Button type="submit">{t('example.form.submit')}</Button>
          </div>
        </form>
      </Form>
    </div>
  );
}

interface StepFormPageProps {
  /** Called with the transfer once it is confirmed with the payment password. */
  onTransfer?: (info: TransferInfo) => void;
  /** Called by 'View bill' on the result step. */
  onViewBill?: () => void;
}

/** Form > Step: transfer details, then a confirmation with the payment password, then the result. */
function StepFormPage({ onTransfer, onViewBill }: StepFormPageProps) {
  const { t } = useTranslation();
  const [step, setStep] = React.useState(0);
  const [info, setInfo] = React.useState<TransferInfo>(SAMPLE_TRANSFER);
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const focusPending = React.useRef(false);

  // Moving between steps replaces the content under focus; put focus on the new step's heading.
  React.useEffect(() => {
    if (focusPending.current) {
      focusPending.current = false;
      headingRef.current?.focus();
    }
  });

  const goTo = (next: number) => {
    focusPending.current = true;
    setStep(next);
  };

  const steps = STEP_KEYS.map((key) => ({ key, title: t(`example.stepForm.step.${key}`) }));
  const stepKey = STEP_KEYS[step] ?? 'info';

  return (
    <ExamplePage title={t('example.stepForm.title')} description={t('example.stepForm.description')}>
      <Card>
        <CardContent className="grid gap-8 py-4">
          <ExampleSteps
            label={t('example.stepForm.stepsLabel')}
            current={step}
            steps={steps}
            className="mx-auto max-w-3xl"
          />
          <section aria-labelledby="step-form-heading" className="mx-auto grid w-full max-w-lg gap-6">
            <h2 id="step-form-heading" ref={headingRef} tabIndex={-1} className="sr-only">
              {t('example.stepForm.stepHeading', {
                current: step + 1,
                total: STEP_KEYS.length,
                title: t(`example.stepForm.step.${stepKey}`),
              })}
            </h2>
            {stepKey === 'info' ? (
              <InfoStep
                defaultValues={info}
                onNext={(values) => {
                  setInfo(values);
                  goTo(1);
                }}
              />
            ) : null}
            {stepKey === 'confirm' ? (
              <ConfirmStep
                info={info}
                onBack={() => goTo(0)}
                onConfirm={() => {
                  onTransfer?.(info);
                  goTo(2);
                }}
              />
            ) : null}
            {stepKey === 'result' ? (
              <Result
                status="success"
                headingLevel={3}
                title={t('example.stepForm.result.title')}
                subTitle={t('example.stepForm.result.subTitle')}
                extra={
                  <>
                    <Button
                      onClick={() => {
                        setInfo(SAMPLE_TRANSFER);
                        goTo(0);
                      }}
                    >
                      {t('example.stepForm.result.again')}
                    </Button>
                    <Button variant="outline" onClick={() => onViewBill?.()}>
                      {t('example.stepForm.result.viewBill')}
                    </Button>
                  </>
                }
              >
                <TransferDescriptions info={info} />
              </Result>
            ) : null}
          </section>
        </CardContent>
      </Card>
    </ExamplePage>
  );
}

export { isValidAmount, SAMPLE_TRANSFER, StepFormPage, type StepFormPageProps, type TransferInfo };
