import { formatDate, useTranslation } from '@parley/i18n';
import { CircleX } from 'lucide-react';
import { Button } from '../../components/button/button';
import { Card, CardContent } from '../../components/card/card';
import { Descriptions } from '../../components/descriptions/descriptions';
import { Result } from '../../components/result/result';
import { ExampleSteps } from '../shared/example-steps';

/** The sample project's fixed dates, so every rendering is the same. */
const PROJECT_CREATED_AT = new Date('2026-11-02T12:32:00Z');
const PROJECT_EFFECTIVE_UNTIL = new Date('2027-11-02T00:00:00Z');

interface SuccessResultPageProps {
  /** Called by 'Back to list'. */
  onBackToList?: () => void;
  /** Called by 'View project'. */
  onViewProject?: () => void;
  /** Called by 'Print'. */
  onPrint?: () => void;
  /** Called by 'Urge' on the review step. */
  onUrge?: () => void;
}

/** Result > Success: the outcome of a submitted project, its details and where it stands in review. */
function SuccessResultPage({ onBackToList, onViewProject, onPrint, onUrge }: SuccessResultPageProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const dateOnly: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
  const steps = [
    {
      key: 'create',
      title: t('example.result.step.create'),
      description: (
        <>
          <span className="block">Qu Lili</span>
          <span className="block">
            {formatDate(PROJECT_CREATED_AT, locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}
          </span>
        </>
      ),
    },
    {
      key: 'review',
      title: t('example.result.step.review'),
      description: (
        <span className="flex flex-wrap items-center gap-2">
          <span>Zhou Maomao</span>
          <Button variant="outline" size="sm" onClick={() => onUrge?.()}>
            {t('example.result.urge')}
          </Button>
        </span>
      ),
    },
    { key: 'finance', title: t('example.result.step.finance') },
    { key: 'finish', title: t('example.result.step.finish') },
  ];
  return (
    <div data-slot="result-page" className="min-h-svh bg-muted p-6 text-foreground">
      <Card className="mx-auto max-w-content">
        <CardContent>
          <Result
            status="success"
            headingLevel={1}
            subTitle={t('example.result.success.description')}
            extra={
              <>
                <Button onClick={() => onBackToList?.()}>{t('example.result.backToList')}</Button>
                <Button variant="outline" onClick={() => onViewProject?.()}>
                  {t('example.result.viewProject')}
                </Button>
                <Button variant="outline" onClick={() => onPrint?.()}>
                  {t('example.result.print')}
                </Button>
              </>
            }
          >
            <div className="grid gap-6">
              <h2 className="font-semibold text-base">{t('example.result.projectName')}</h2>
              <Descriptions
                columns={2}
                items={[
                  { key: 'id', label: t('example.result.projectId'), children: '23421' },
                  { key: 'owner', label: t('example.result.owner'), children: 'Qu Lili' },
                  {
                    key: 'effective',
                    label: t('example.result.effectiveTime'),
                    children: `${formatDate(PROJECT_CREATED_AT, locale, dateOnly)} – ${formatDate(PROJECT_EFFECTIVE_UNTIL, locale, dateOnly)}`,
                  },
                ]}
              />
              <ExampleSteps label={t('example.result.progress')} current={1} steps={steps} />
            </div>
          </Result>
        </CardContent>
      </Card>
    </div>
  );
}

interface FailResultPageProps {
  /** Called by 'Return to modify'. */
  onReturnToModify?: () => void;
}

/** Result > Fail: what went wrong with a submission, and a way back to the form. */
function FailResultPage({ onReturnToModify }: FailResultPageProps) {
  const { t } = useTranslation();
  const problems = [t('example.result.fail.frozen'), t('example.result.fail.notEligible')];
  return (
    <div data-slot="result-page" className="min-h-svh bg-muted p-6 text-foreground">
      <Card className="mx-auto max-w-content">
        <CardContent>
          <Result
            status="fail"
            headingLevel={1}
            subTitle={t('example.result.fail.description')}
            extra={<Button onClick={() => onReturnToModify?.()}>{t('example.result.fail.modify')}</Button>}
          >
            <p className="mb-3 font-medium text-base">{t('example.result.fail.errorsTitle')}</p>
            <ul className="grid gap-2">
              {problems.map((problem) => (
                <li key={problem} className="flex items-center gap-2">
                  <CircleX aria-hidden className="size-4 shrink-0 text-destructive" />
                  {problem}
                </li>
              ))}
            </ul>
          </Result>
        </CardContent>
      </Card>
    </div>
  );
}

export { FailResultPage, type FailResultPageProps, SuccessResultPage, type SuccessResultPageProps };
