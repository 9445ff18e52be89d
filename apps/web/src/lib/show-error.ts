import { ApiError, ERROR_CODES, ShowType } from '@parley/api';
import { i18n } from '@parley/i18n';
import { message, notification } from '@parley/ui/toast';

/** SPEC §8: the statuses that have a description of their own. */
const DESCRIBED_STATUSES = [200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504];

/** The SPEC §8 description of a status; an unknown status falls back to its status text. */
export function statusDescription(status: number, statusText: string): string {
  return DESCRIBED_STATUSES.includes(status) ? i18n.t(`web.error.status.${status}`) : statusText;
}

export interface ErrorDisplayTarget {
  /** Goes to the exception page (show-type redirect). */
  navigate: (path: string) => void;
}

/**
 * SPEC §4 and §8: a failed call is shown by its show-type — silent, warning message, error
 * message, notification, or a redirect to the exception page with errorCode and errorMessage.
 * Nothing answering at all is the 'Network abnormal' notification.
 */
export function showError(error: unknown, target: ErrorDisplayTarget): void {
  if (!(error instanceof ApiError)) {
    message.error(i18n.t('web.error.default'));
    return;
  }
  // The server is up but still loading its demo data (503 LOADING): a moment's wait, in the user's language.
  if (error.errorCode === ERROR_CODES.loading) {
    message.warning(i18n.t('web.error.starting'));
    return;
  }
  if (error.isNetworkError) {
    notification.error({ title: i18n.t('web.error.network.title'), description: i18n.t('web.error.network.text') });
    return;
  }
  switch (error.showType) {
    case ShowType.silent:
      return;
    case ShowType.warning:
      message.warning(error.errorMessage);
      return;
    case ShowType.error:
      message.error(error.errorMessage);
      return;
    case ShowType.notification:
      notification.error({
        title: i18n.t('web.error.request', { status: error.status, url: error.url }),
        description: statusDescription(error.status, error.errorMessage),
      });
      return;
    case ShowType.redirect: {
      const query = new URLSearchParams({ errorCode: error.errorCode, errorMessage: error.errorMessage });
      const page = error.status === 403 || error.status === 404 ? error.status : 500;
      target.navigate(`/exception/${page}?${query}`);
      return;
    }
    default:
      error.showType satisfies never;
  }
}
