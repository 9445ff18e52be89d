import { jwtDecode } from 'jwt-decode';

/** The claims Parley's token carries (issue 3): `user_name`, `role`, team, token id, expiry. */
export interface TokenClaims {
  /** The member's id. */
  sub?: string;
  user_name?: string;
  role?: string;
  team?: string;
  exp?: number;
}

/**
 * SPEC §6: the token is decoded in the browser, as a three-part dot-separated string, to read
 * its claims. Anything else answers null: the display falls back rather than failing.
 */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (token?.split('.').length !== 3) {
    return null;
  }
  try {
    return jwtDecode<TokenClaims>(token);
  } catch {
    return null;
  }
}

/** The signed-in member's id: the token's `sub` claim. */
export function memberId(token: string | null | undefined): string | null {
  const id = decodeToken(token)?.sub;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** The displayed name: the token's `user_name` claim. */
export function displayName(token: string | null | undefined): string | null {
  const name = decodeToken(token)?.user_name;
  return typeof name === 'string' && name.length > 0 ? name : null;
}
