import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { HeaderSearch } from './header-search';
import type { HeaderSearchGroup, HeaderSearchStatus } from './search-results';

const groups: HeaderSearchGroup[] = [
  { id: 'screens', label: 'Screens', results: [{ id: '/call-history', label: 'Call history' }] },
  {
    id: 'calls',
    label: 'Calls',
    results: [
      { id: 'c1', label: 'Grace Hopper', description: 'grace@navy.example · +1 202 555 0142 · 1 May 2025, 10:30' },
      { id: 'c2', label: 'Grace Kelly', description: 'v_8k2d · 28 Apr 2025, 16:05' },
    ],
  },
  { id: 'videos', label: 'Videos', results: [{ id: 'v1', label: 'Welcome, Grace (EN)' }] },
];

interface SearchingProps {
  status: HeaderSearchStatus;
  groups: HeaderSearchGroup[];
  error?: string;
  onResultSelect?: () => void;
}

/** The header search as the app drives it: results once two characters are typed. */
function Searching({ status, groups: found, error, onResultSelect }: SearchingProps) {
  const [text, setText] = useState('');
  const ready = text.trim().length >= 2;
  return (
    <HeaderSearch
      value={text}
      onValueChange={setText}
      resultGroups={ready ? found : []}
      resultsStatus={ready ? status : 'idle'}
      resultsError={error}
      onResultSelect={onResultSelect}
    />
  );
}

const meta = {
  title: 'Shell/HeaderSearch',
  component: Searching,
  parameters: { layout: 'fullscreen' },
  args: { status: 'ready', groups, onResultSelect: fn() },
  decorators: [
    (Story) => (
      <div className="min-h-[26rem]">
        {/* Positioned and coloured as AppShell's header: on phones the search opens over it. */}
        <div className="relative flex h-header items-center justify-end border-b bg-card px-4 text-card-foreground [--header-background:var(--color-card)]">
          <Story />
        </div>
      </div>
    ),
  ],
} satisfies Meta<typeof Searching>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openAndType(canvasElement: HTMLElement, text: string) {
  const canvas = within(canvasElement);
  // By role alone: the right-to-left story names them in Arabic.
  await userEvent.click(canvas.getAllByRole('button')[0] as HTMLElement);
  const field = canvas.getByRole('combobox');
  await waitFor(() => expect(field).toHaveFocus());
  await userEvent.type(field, text);
  return { canvas, field };
}

/** Grouped results; the arrow keys walk them and Enter opens the active one. */
export const Results: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, field } = await openAndType(canvasElement, 'Grace');
    await expect(canvas.getByRole('listbox', { name: 'Search results' })).toBeVisible();
    await expect(canvas.getAllByRole('group')).toHaveLength(3);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(field).toHaveAttribute(
      'aria-activedescendant',
      canvas.getByRole('option', { name: /Grace Hopper/ }).id,
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('4 results');
  },
};

export const Loading: Story = {
  args: { status: 'loading', groups: [] },
  play: async ({ canvasElement }) => {
    const { canvas } = await openAndType(canvasElement, 'Grace');
    await expect(canvas.getByRole('status')).toHaveTextContent('Searching…');
  },
};

export const NoResults: Story = {
  args: { groups: [] },
  play: async ({ canvasElement }) => {
    const { canvas } = await openAndType(canvasElement, 'zzq');
    await expect(canvas.getByText('Nothing matches “zzq”.')).toBeVisible();
  },
};

export const ErrorState: Story = {
  args: { status: 'error', groups: [], error: 'The search did not work. Check your connection and try again.' },
  play: async ({ canvasElement }) => {
    const { canvas } = await openAndType(canvasElement, 'Grace');
    await expect(canvas.getByRole('alert')).toHaveTextContent('The search did not work.');
  },
};

/** Picking a result with Enter hands it to the app, then the field clears and folds away. */
export const PickWithKeyboard: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement, args }) => {
    const { canvas, field } = await openAndType(canvasElement, 'Grace');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onResultSelect).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'c1' }),
      expect.objectContaining({ id: 'calls' }),
    );
    await expect(field).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** On a phone the open search covers the header and its results span the width under it. */
export const OnPhone: Story = {
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const { canvas } = await openAndType(canvasElement, 'Grace');
    await expect(canvas.getByRole('listbox')).toBeVisible();
  },
};

export const RightToLeft: Story = {
  globals: { locale: 'ar-EG', dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const { canvas } = await openAndType(canvasElement, 'Grace');
    await expect(canvas.getByRole('listbox')).toBeVisible();
  },
};
