import { useTranslation } from '@parley/i18n';
import { Check } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/cn';

interface ExampleStep {
  /** A stable key for the step. */
  key: string;
  /** The step's name. */
  title: React.ReactNode;
  /** A short line under the name (who, when). */
  description?: React.ReactNode;
}

type StepStatus = 'finish' | 'process' | 'wait';

interface ExampleStepsProps {
  /** The steps, in order. */
  steps: ExampleStep[];
  /** Index of the step in progress; steps before it are finished. Past the end, every step is finished. */
  current: number;
  /** Names the list for assistive technology. */
  label: string;
  className?: string;
}

function statusOf(index: number, current: number): StepStatus {
  if (index < current) {
    return 'finish';
  }
  return index === current ? 'process' : 'wait';
}

/**
 * A row of numbered steps for the example pages (step form, success result): the current one is
 * marked with `aria-current="step"`, finished ones with a check and a spoken 'Completed'.
 */
function ExampleSteps({ steps, current, label, className }: ExampleStepsProps) {
  const { t, i18n } = useTranslation();
  const digits = new Intl.NumberFormat(i18n.language);
  return (
    <ol data-slot="example-steps" aria-label={label} className={cn('flex w-full items-start', className)}>
      {steps.map((step, index) => {
        const status = statusOf(index, current);
        return (
          <li
            key={step.key}
            data-slot="example-step"
            data-status={status}
            aria-current={status === 'process' ? 'step' : undefined}
            className="group grid min-w-0 flex-1 content-start gap-2 last:flex-none"
          >
            <span className="flex items-center gap-2">
              <span
                aria-hidden
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border font-medium text-sm',
                  'group-data-[status=wait]:border-border group-data-[status=wait]:text-muted-foreground',
                  'group-data-[status=process]:border-primary group-data-[status=process]:bg-primary',
                  'group-data-[status=process]:text-primary-foreground',
                  'group-data-[status=finish]:border-primary group-data-[status=finish]:text-primary-text',
                )}
              >
                {status === 'finish' ? <Check className="size-4" /> : digits.format(index + 1)}
              </span>
              {index < steps.length - 1 ? (
                <span aria-hidden className="h-px min-w-4 flex-1 bg-border group-data-[status=finish]:bg-primary" />
              ) : null}
            </span>
            <span className="grid min-w-0 gap-1 pe-3">
              <span className="font-medium text-sm group-data-[status=wait]:text-muted-foreground">
                {step.title}
                {status === 'finish' ? <span className="sr-only"> ({t('example.steps.completed')})</span> : null}
              </span>
              {step.description ? <span className="text-muted-foreground text-xs">{step.description}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export { type ExampleStep, ExampleSteps, type ExampleStepsProps };
