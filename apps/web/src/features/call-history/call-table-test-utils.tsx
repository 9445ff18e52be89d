import type { Call, Note } from '@parley/api';
import { changeLocale } from '@parley/i18n';
import { DataTable } from '@parley/ui/data-table';
import { UiProvider } from '@parley/ui/provider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { json, renderRoutes, stubServer } from '../../testing/test-utils';
import { type CallActions, CallActionsContext } from './call-actions';
import { useCallColumns } from './call-columns';
import { CallHistoryScreen } from './call-history-screen';
import { makeNote, NORA, SAM } from './call-test-utils';

function CallTable({ calls }: { calls: Call[] }) {
  const columns = useCallColumns();
  return (
    <DataTable
      label="Calls"
      columns={columns}
      data={calls}
      getRowId={(call) => call.id}
      enablePagination={false}
      manualSorting
    />
  );
}

/** Every action of a call row as a mock, or as given. */
export function mockCallActions(overrides: Partial<CallActions> = {}): CallActions {
  return {
    playMessage: vi.fn(),
    playRecording: vi.fn(),
    showCaptions: vi.fn(),
    openNotes: vi.fn(),
    followUp: vi.fn(),
    saveContact: vi.fn(),
    remove: vi.fn(),
    ...overrides,
  };
}

/** The call history's columns over `calls` in a table named "Calls", in `locale`, each action a mock. */
export async function renderCallTable(
  calls: Call[],
  locale = 'en-US',
): Promise<{ table: HTMLElement; actions: CallActions }> {
  await changeLocale(locale);
  const actions = mockCallActions();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UiProvider locale={locale}>
        <MemoryRouter>
          <CallActionsContext value={actions}>
            <CallTable calls={calls} />
          </CallActionsContext>
        </MemoryRouter>
      </UiProvider>
    </QueryClientProvider>,
  );
  return { table: screen.getByRole('table', { name: 'Calls' }), actions };
}

/** The call history screen at `path`, as the router shows it. */
export function renderCallHistory(path = '/call-history') {
  return renderRoutes([{ path: '/call-history', element: <CallHistoryScreen /> }], path);
}

/** A server with these calls on one page (or `total` of them), and two members. */
export function serveCalls(list: Call[], handlers: Parameters<typeof stubServer>[0] = {}, total = list.length) {
  return stubServer({
    'GET /api/calls': () => json(200, { list, total }),
    'GET /api/users': () => json(200, { list: [NORA, SAM], total: 2 }),
    ...handlers,
  });
}

/** The handlers of one call whose notes the server keeps: the list counts them, and a note sent is added. */
export function callWithNotes(call: Call): Parameters<typeof stubServer>[0] {
  const notes: Note[] = [];
  return {
    'GET /api/calls': () => json(200, { list: [{ ...call, notesCount: notes.length }], total: 1 }),
    [`GET /api/calls/${call.id}/notes`]: () => json(200, { list: notes, total: notes.length }),
    [`POST /api/calls/${call.id}/notes`]: (received) => {
      const note = makeNote(call.id, { message: (received.body as { message: string }).message });
      notes.push(note);
      return json(201, { success: true, data: note });
    },
  };
}
