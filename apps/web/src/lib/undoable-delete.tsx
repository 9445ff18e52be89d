import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { dismiss, notification } from '@parley/ui/toast';
import type * as React from 'react';
import { useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { showError } from './show-error';

/** How long a delete can be undone from its toast before it is sent, in seconds. */
export const UNDO_SECONDS = 10;

/** What sends a delete: `keepalive` when the page is being left (pagehide, sign-out). */
export type SendDelete = (options: { keepalive: boolean }) => Promise<unknown>;

export interface UndoableDeleteRequest {
  /** Which list the items leave ('calls', 'videos'): a screen hides the pending ids of its own scope. */
  scope: string;
  ids: readonly string[];
  send: SendDelete;
  /** After the server deleted: refetch the lists. The items stay hidden until it settles. */
  onDeleted?: () => unknown;
  /** The DELETE failed: the items are back; show why. */
  onFailed?: (error: unknown) => void;
}

interface PendingDelete extends UndoableDeleteRequest {
  key: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** False once sent: Undo then does nothing. */
  waiting: boolean;
  onSettled?: () => void;
}

// The pending deletes live at module level, not in a screen: leaving the screen within the app
// neither sends nor forgets them, and coming back still hides what waits.
let pending: readonly PendingDelete[] = [];
let nextKey = 0;
const listeners = new Set<() => void>();

function setPending(next: readonly PendingDelete[]) {
  pending = next;
  for (const listener of listeners) {
    listener();
  }
  syncPageHide();
}

function drop(entry: PendingDelete) {
  if (pending.includes(entry)) {
    setPending(pending.filter((other) => other !== entry));
  }
}

let listening = false;
function onPageHide() {
  void flushPendingDeletes();
}
/** Listens for pagehide only while something waits (a bfcache-friendly page otherwise). */
function syncPageHide() {
  if (typeof window === 'undefined') {
    return;
  }
  const wanted = pending.some((entry) => entry.waiting);
  if (wanted && !listening) {
    window.addEventListener('pagehide', onPageHide);
  } else if (!wanted && listening) {
    window.removeEventListener('pagehide', onPageHide);
  }
  listening = wanted;
}

async function commit(entry: PendingDelete, keepalive: boolean): Promise<void> {
  if (!entry.waiting) {
    return;
  }
  entry.waiting = false;
  if (entry.timer !== null) {
    clearTimeout(entry.timer);
    entry.timer = null;
  }
  entry.onSettled?.();
  // Still hidden while it is sent: the list no longer holds it once the refetch is in.
  setPending([...pending]);
  try {
    await entry.send({ keepalive });
  } catch (error) {
    drop(entry);
    entry.onFailed?.(error);
    return;
  }
  try {
    await entry.onDeleted?.();
  } finally {
    drop(entry);
  }
}

/**
 * Hides the items at once and sends their delete after {@link UNDO_SECONDS}, unless undone first.
 * Answers the Undo (which brings them back and sends nothing) and the delete's own end.
 */
export function scheduleDelete(request: UndoableDeleteRequest): {
  undo: () => void;
  /** Sends it now (what the timer does when it runs out). */
  commitNow: (options?: { keepalive?: boolean }) => Promise<void>;
  /** Runs when the wait ends, by Undo or by sending (e.g. to close the toast). */
  onSettled: (callback: () => void) => void;
} {
  const entry: PendingDelete = { ...request, key: ++nextKey, timer: null, waiting: true };
  entry.timer = setTimeout(() => void commit(entry, false), UNDO_SECONDS * 1000);
  setPending([...pending, entry]);
  return {
    undo: () => {
      if (!entry.waiting) {
        return;
      }
      entry.waiting = false;
      if (entry.timer !== null) {
        clearTimeout(entry.timer);
      }
      entry.onSettled?.();
      drop(entry);
    },
    commitNow: (options = {}) => commit(entry, options.keepalive === true),
    onSettled: (callback) => {
      entry.onSettled = callback;
    },
  };
}

/**
 * Sends every delete still waiting, at once and with `keepalive` (the page is being left, or the
 * member signs out and the token is about to go). Resolves when they have all been answered.
 */
export async function flushPendingDeletes(): Promise<void> {
  const waiting = pending.filter((entry) => entry.waiting);
  await Promise.allSettled(waiting.map((entry) => commit(entry, true)));
}

/** The ids of a scope whose delete waits or is being sent: the screen leaves them out of its list. */
export function pendingDeleteIds(scope: string): ReadonlySet<string> {
  return new Set(pending.filter((entry) => entry.scope === scope).flatMap((entry) => entry.ids));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): readonly PendingDelete[] {
  return pending;
}

export interface UndoableDeleteOptions extends Omit<UndoableDeleteRequest, 'scope' | 'onFailed'> {
  /** The toast's title: what was deleted. */
  title: React.ReactNode;
  /** Runs at once, when the items leave the list (e.g. to clear a selection). */
  onHidden?: () => void;
}

/**
 * A screen's undoable deletes: `hidden` holds the ids to leave out of the list, `remove` hides
 * items at once and shows a toast with Undo for {@link UNDO_SECONDS}; only then is the DELETE
 * sent. A failure brings the items back and is shown by its show-type (SPEC §8).
 */
export function useUndoableDelete(scope: string): {
  hidden: ReadonlySet<string>;
  remove: (options: UndoableDeleteOptions) => void;
} {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = useSyncExternalStore(subscribe, snapshot, snapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the pending deletes change
  const hidden = useMemo(() => pendingDeleteIds(scope), [entries, scope]);

  const remove = ({ title, onHidden, ...request }: UndoableDeleteOptions) => {
    const scheduled = scheduleDelete({
      ...request,
      scope,
      onFailed: (error) => showError(error, { navigate }),
    });
    onHidden?.();
    const toastId = notification.open({
      title,
      duration: UNDO_SECONDS * 1000,
      action: (
        <Button size="sm" variant="outline" onClick={scheduled.undo}>
          {t('ui.action.undo')}
        </Button>
      ),
    });
    scheduled.onSettled(() => dismiss(toastId));
  };

  return { hidden, remove };
}
