import { createHmac } from 'node:crypto';
import type { IceServer as ApiIceServer } from '@parley/api';
import type { Config } from '../config';

/**
 * The ICE servers a call's two browsers use (issue 16): those of `ICE_SERVERS` as they are, and a
 * TURN server with short-lived credentials in the TURN REST scheme that coturn's
 * `use-auth-secret` checks: the username is the expiry (Unix seconds) and who it is for, the
 * password the HMAC-SHA1 of the username with the shared secret, in base64. The secret itself
 * never leaves the server.
 */
export function iceServersFor(ice: Config['ice'], holder: string, now = Date.now()): ApiIceServer[] {
  const servers: ApiIceServer[] = ice.servers.map((server) => ({
    urls: server.urls,
    ...(server.username === undefined ? {} : { username: server.username }),
    ...(server.credential === undefined ? {} : { credential: server.credential }),
  }));
  if (ice.turn) {
    const expiry = Math.floor(now / 1000) + ice.turn.ttlSeconds;
    const username = `${expiry}:${holder}`;
    const credential = createHmac('sha1', ice.turn.secret).update(username).digest('base64');
    servers.push({ urls: ice.turn.urls, username, credential });
  }
  return servers;
}
