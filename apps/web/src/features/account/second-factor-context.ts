import { createContext, useContext } from 'react';

/** A sign-in whose first step passed and whose MFA device must now give a code. */
export interface PendingSecondFactor {
  /** The first step's token: good only for `POST /common/login/mfa`, for five minutes. */
  token: string;
  remember: boolean;
  /** What to remember as the last account used here, once signed in. */
  loginId: string | undefined;
}

/** Where a sign-in's first step hands over to the second: the login page that shows its form. */
export const SecondFactorContext = createContext<((pending: PendingSecondFactor) => void) | null>(null);

export function useAskSecondFactor() {
  return useContext(SecondFactorContext);
}
