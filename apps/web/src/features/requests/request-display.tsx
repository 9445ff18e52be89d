import { type LeadKind, REQUEST_STATUSES, type RequestStatus } from '@parley/api';
import { formatDate, useTranslation } from '@parley/i18n';
import { Tag, type TagProps } from '@parley/ui/tag';

const STATUS_VARIANTS: Record<RequestStatus, NonNullable<TagProps['variant']>> = {
  new: 'warning',
  replied: 'success',
  closed: 'default',
};

export function isRequestStatus(value: string | null): value is RequestStatus {
  return (REQUEST_STATUSES as readonly (string | null)[]).includes(value);
}

/** Where a request stands, as a tag (the text says it; the colour only repeats it). */
export function RequestStatusTag({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <Tag variant={STATUS_VARIANTS[status]}>{t(`web.requests.status.${status}`)}</Tag>;
}

/** Contact or demo, in words. */
export function RequestKind({ kind }: { kind: LeadKind }) {
  const { t } = useTranslation();
  return <>{t(`web.requests.kind.${kind}`)}</>;
}

/** When a request came in or a reply went out: date and time in the interface language. */
export function RequestTime({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={value}>{formatDate(value, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}
