import type { Call } from '@parley/api';
import { changeLocale } from '@parley/i18n';
import { DataTable } from '@parley/ui/data-table';
import { UiProvider } from '@parley/ui/provider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { type CallActions, CallActionsContext } from './call-actions';
import { useCallColumns } from './call-columns';

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
