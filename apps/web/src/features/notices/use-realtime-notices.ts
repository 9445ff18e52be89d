import type { Notice } from '@parley/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CURRENT_USER_QUERY_KEY } from '../../lib/current-user';
import { publishRealtime, setRealtimeSender } from '../../lib/realtime-bus';
import { connectRealtime, type RealtimeOptions, realtimeUrl } from '../../lib/realtime-client';
import { addNotice, noticesKey, saveNotices } from './notice-cache';

/**
 * Keeps the notice list live while signed in: a notice from `/ws` joins the cached list and the
 * counts are recomputed; after a dropped connection the list is fetched again for what was missed.
 * Every message also goes to the realtime bus, where features follow their own types.
 * The socket closes on logout (no token) and when the shell unmounts.
 */
export function useRealtimeNotices(
  token: string | null,
  options: Partial<Pick<RealtimeOptions, 'WebSocketImpl' | 'url'>> = {},
): void {
  const queryClient = useQueryClient();
  const { WebSocketImpl, url } = options;

  useEffect(() => {
    if (!token) {
      return;
    }
    const connection = connectRealtime({
      url: url ?? realtimeUrl(),
      token,
      ...(WebSocketImpl ? { WebSocketImpl } : {}),
      onMessage: publishRealtime,
      onNotice: (notice: Notice) => {
        const list = queryClient.getQueryData<Notice[]>(noticesKey(token));
        if (list) {
          saveNotices(queryClient, token, addNotice(list, notice));
        } else {
          void queryClient.invalidateQueries({ queryKey: noticesKey(token) });
        }
      },
      onReady: (reconnected) => {
        if (reconnected) {
          void queryClient.invalidateQueries({ queryKey: noticesKey(token) });
        }
      },
      // The server refused the token: asking for the current user again gets the 401 that ends the session.
      onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: [CURRENT_USER_QUERY_KEY] }),
    });
    const withdraw = setRealtimeSender(connection.send);
    return () => {
      withdraw();
      connection.close();
    };
  }, [token, queryClient, WebSocketImpl, url]);
}
