import type { Call } from '@parley/api';
import { formatNumber, useTranslation } from '@parley/i18n';
import { createContext, use, useCallback } from 'react';

/** What the cells of a call row can ask the screen to do (open a dialog, confirm a delete). */
export interface CallActions {
  playMessage: (call: Call) => void;
  playRecording: (call: Call) => void;
  showCaptions: (call: Call) => void;
  openNotes: (call: Call) => void;
  followUp: (call: Call) => void;
  /** Opens the contact form with the caller's name, e-mail and phone (the call has no contact yet). */
  saveContact: (call: Call) => void;
  remove: (call: Call) => void;
}

const noop = () => {};
const NO_ACTIONS: CallActions = {
  playMessage: noop,
  playRecording: noop,
  showCaptions: noop,
  openNotes: noop,
  followUp: noop,
  saveContact: noop,
  remove: noop,
};

/** The screen provides the actions once, so the table's columns never change with them. */
export const CallActionsContext = createContext<CallActions>(NO_ACTIONS);

export function useCallActions(): CallActions {
  return use(CallActionsContext);
}

/** 'Call 42' in the interface language and digits: the name every row action carries (the SR No). */
export function useCallName(): (call: Pick<Call, 'serialNumber'>) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (call: Pick<Call, 'serialNumber'>) =>
      t('web.calls.callNumber', { serial: formatNumber(call.serialNumber, language, { useGrouping: false }) }),
    [t, language],
  );
}
