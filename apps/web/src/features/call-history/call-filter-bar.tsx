import { CALL_FILTER_MAX_SECONDS, CALL_SEARCH_MAX_LENGTH, type Member } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
import { FilterBar, FilterBarField } from '@parley/ui/filter-bar';
import { Input } from '@parley/ui/input';
import { type NumberRange, NumberRangeInput } from '@parley/ui/number-range-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@parley/ui/select';
import { useEffect, useState } from 'react';
import {
  type CallFilters,
  cleanFilters,
  DEFAULT_CALL_VIEW,
  dateToDay,
  dayToDate,
  hasFilters,
  invertedRanges,
  serialiseCallView,
} from './call-view';
import { CallsBetweenPicker } from './calls-between-picker';

/** The filter label of each range the bar can refuse. */
const FIELD_LABELS = {
  dates: 'web.calls.filter.between',
  hold: 'web.calls.filter.hold',
  duration: 'web.calls.filter.duration',
} as const;

/** The value of a Select that means "no filter" (Radix Select refuses an empty value). */
const ANY = 'any';

interface CallFilterBarProps {
  /** The filters in force (from the address); the fields show them and go back to them on Back. */
  filters: CallFilters;
  /** The team's members, the choices of Received By. */
  members: readonly Member[];
  /** Called with the filters typed when Search is pressed (or Enter in a field). */
  onSearch: (filters: CallFilters) => void;
  /** Called when Reset is pressed: every filter goes. */
  onReset: () => void;
  /** Marks Search busy while the list loads. */
  searching?: boolean;
}

function yesNoValue(value: boolean | undefined): string {
  return value === undefined ? ANY : String(value);
}

function yesNoFrom(value: string): boolean | undefined {
  return value === ANY ? undefined : value === 'true';
}

function rangeOf(min: number | undefined, max: number | undefined): NumberRange {
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** A stable text of a filter set, to notice when the filters in force change. */
function filtersKey(filters: CallFilters): string {
  return serialiseCallView({ ...DEFAULT_CALL_VIEW, filters }).toString();
}

/**
 * SPEC §2.4's filters: calls between (days), Received By, Call answered, Message Left, Caller
 * Name, Transcript, Hold time in seconds and Call duration, with Reset and Search. What is typed
 * applies on Search (or Enter); a range whose ends are the wrong way round is refused with a message.
 */
function CallFilterBar({ filters, members, onSearch, onReset, searching = false }: CallFilterBarProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CallFilters>(filters);
  const [refused, setRefused] = useState<ReturnType<typeof invertedRanges>>([]);
  const appliedKey = filtersKey(filters);

  // The filters in force changed (Back, a link, Reset): the fields follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the filters' text, not their identity
  useEffect(() => {
    setDraft(filters);
    setRefused([]);
  }, [appliedKey]);

  const change = (changes: Partial<CallFilters>) => {
    setDraft((previous) => ({ ...previous, ...changes }));
    setRefused([]);
  };

  const unit = t('web.calls.filter.secondsUnit');
  const yesNoItems = (
    <>
      <SelectItem value={ANY}>{t('web.calls.filter.any')}</SelectItem>
      <SelectItem value="true">{t('web.calls.filter.yes')}</SelectItem>
      <SelectItem value="false">{t('web.calls.filter.no')}</SelectItem>
    </>
  );

  return (
    <div className="grid gap-2">
      <FilterBar
        aria-label={t('web.calls.filter.label')}
        defaultExpanded={hasFilters(filters)}
        searching={searching}
        onSearch={() => {
          const inverted = invertedRanges(draft);
          if (inverted.length > 0) {
            setRefused(inverted);
            return;
          }
          onSearch(cleanFilters(draft));
        }}
        onReset={() => {
          setDraft({});
          setRefused([]);
          onReset();
        }}
      >
        <FilterBarField label={t('web.calls.filter.between')}>
          <CallsBetweenPicker
            value={{ from: dayToDate(draft.from), to: dayToDate(draft.to) }}
            onValueChange={(range) =>
              change({
                from: range.from ? dateToDay(range.from) : undefined,
                to: range.to ? dateToDay(range.to) : undefined,
              })
            }
          />
        </FilterBarField>
        <FilterBarField label={t('web.calls.filter.receivedBy')}>
          <Select
            value={draft.receivedBy ?? ANY}
            onValueChange={(value) => change({ receivedBy: value === ANY ? undefined : value })}
          >
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('web.calls.filter.anyone')}</SelectItem>
              {members.map((member) => (
                <SelectItem key={member.id} value={member.id}>
                  {member.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FilterBarField>
        <FilterBarField label={t('web.calls.filter.answered')}>
          <Select value={yesNoValue(draft.answered)} onValueChange={(value) => change({ answered: yesNoFrom(value) })}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>{yesNoItems}</SelectContent>
          </Select>
        </FilterBarField>
        <FilterBarField label={t('web.calls.filter.messageLeft')}>
          <Select
            value={yesNoValue(draft.messageLeft)}
            onValueChange={(value) => change({ messageLeft: yesNoFrom(value) })}
          >
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>{yesNoItems}</SelectContent>
          </Select>
        </FilterBarField>
        <FilterBarField label={t('web.calls.filter.callerName')}>
          <Input
            type="search"
            autoComplete="off"
            maxLength={CALL_SEARCH_MAX_LENGTH}
            value={draft.callerName ?? ''}
            onChange={(event) => change({ callerName: event.target.value })}
          />
        </FilterBarField>
        <FilterBarField label={t('web.calls.filter.transcript')}>
          <Input
            type="search"
            autoComplete="off"
            maxLength={CALL_SEARCH_MAX_LENGTH}
            value={draft.transcript ?? ''}
            onChange={(event) => change({ transcript: event.target.value })}
          />
        </FilterBarField>
        <FilterBarField label={t('web.calls.filter.hold')}>
          <NumberRangeInput
            unit={unit}
            maxBound={CALL_FILTER_MAX_SECONDS}
            aria-invalid={refused.includes('hold') || undefined}
            value={rangeOf(draft.holdMin, draft.holdMax)}
            onValueChange={(range) => change({ holdMin: range.min, holdMax: range.max })}
          />
        </FilterBarField>
        <FilterBarField label={t('web.calls.filter.duration')}>
          <NumberRangeInput
            unit={unit}
            maxBound={CALL_FILTER_MAX_SECONDS}
            aria-invalid={refused.includes('duration') || undefined}
            value={rangeOf(draft.durationMin, draft.durationMax)}
            onValueChange={(range) => change({ durationMin: range.min, durationMax: range.max })}
          />
        </FilterBarField>
      </FilterBar>
      {refused.length > 0 ? (
        <Alert
          variant="error"
          title={t('web.calls.filter.refused')}
          description={
            <ul className="list-disc ps-5">
              {refused.map((range) => (
                <li key={range}>
                  {t('web.calls.filter.fieldError', {
                    field: t(FIELD_LABELS[range]),
                    message: t(range === 'dates' ? 'web.calls.filter.datesInverted' : 'web.calls.filter.rangeInverted'),
                  })}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </div>
  );
}

export { CallFilterBar, type CallFilterBarProps };
