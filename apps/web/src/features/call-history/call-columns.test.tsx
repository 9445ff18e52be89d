import type { Call } from '@parley/api';
import { changeLocale, formatDate } from '@parley/i18n';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CALL_TIME_FORMAT } from './call-columns';
import { renderCallTable } from './call-table-test-utils';
import { makeCall, makeMissedCall } from './call-test-utils';

afterEach(async () => {
  await changeLocale('en-US');
});

async function renderTable(calls: Call[], locale = 'en-US') {
  return (await renderCallTable(calls, locale)).table;
}

function cellsOf(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('call columns', () => {
  it("links the Name, Contact and Email cells to the caller's contact, and offers Save to contacts without one", async () => {
    const contactId = '00000000-0000-4000-8000-0000000000c1';
    const known = makeCall({ callerName: 'Grace Hopper', callerEmail: 'grace@example.com', contactId });
    const unknown = makeCall({ id: '00000000-0000-4000-8000-0000000000c2', serialNumber: 7, callerName: 'Ada' });
    const { table, actions } = await renderCallTable([known, unknown]);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    const links = within(first as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      Array(3).fill(`/settings/contact-book?contact=${contactId}`),
    );
    expect(links[0]).toHaveTextContent('Grace Hopper');
    expect(within(first as HTMLElement).queryByRole('button', { name: 'Save to contacts' })).not.toBeInTheDocument();
    expect(within(second as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(second as HTMLElement).getByRole('button', { name: 'Save to contacts' }));
    expect(actions.saveContact).toHaveBeenCalledWith(unknown);
  });

  it('writes durations as m:ss or h:mm:ss, and moments in the locale and time zone', async () => {
    const short = makeCall({ holdSeconds: 5, durationSeconds: 59 });
    const long = makeCall({ holdSeconds: 600, durationSeconds: 36_000 });
    const table = await renderTable([short, long]);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    // The caller's name is pinned first.
    expect(cellsOf(first as HTMLElement).slice(1, 9)).toEqual([
      formatDate(short.incomingAt, 'en-US', CALL_TIME_FORMAT),
      String(short.serialNumber),
      short.playerId,
      '0:05',
      'Nora Ali',
      formatDate(short.receivedAt as string, 'en-US', CALL_TIME_FORMAT),
      '0:59',
      formatDate(short.endedAt as string, 'en-US', CALL_TIME_FORMAT),
    ]);
    expect(cellsOf(second as HTMLElement)[4]).toBe('10:00');
    expect(cellsOf(second as HTMLElement)[7]).toBe('10:00:00');
    const time = within(table).getAllByText(formatDate(short.incomingAt, 'en-US', CALL_TIME_FORMAT))[0];
    expect(time?.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', short.incomingAt);
    expect(within(first as HTMLElement).getByText('0:59')).toHaveAttribute('dateTime', 'PT59S');
  });

  it('shows a dash, with words for screen readers, where a missed call has no value', async () => {
    const missed = makeMissedCall({
      callerContact: null,
      callerContactDisplay: null,
      callerEmail: null,
      message: null,
    });
    const table = await renderTable([missed]);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Not answered')).toHaveClass('sr-only');
    // Received at, Duration, End time, Contact and Email; and the follow-up tag.
    expect(
      within(row)
        .getAllByText('None')
        .filter((element) => element.classList.contains('sr-only')),
    ).toHaveLength(5);
    expect(within(row).getByText('No message')).toHaveClass('sr-only');
    expect(within(row).queryByRole('button', { name: /Play the video message/ })).toBeNull();
  });

  it('names every action of a row after its SR No', async () => {
    const call = makeCall({ serialNumber: 42, notesCount: 1, hasCaptions: true, recordingStatus: 'ready' });
    const table = await renderTable([call]);
    for (const name of [
      'Play recording, Call 42',
      'Captions of Call 42',
      '1 note on Call 42',
      'Follow Up of Call 42: None',
      'Delete Call 42',
    ]) {
      expect(within(table).getByRole('button', { name })).toBeInTheDocument();
    }
    await expectNoAxeViolations();
  });

  it('reads right to left in Arabic: translated headers, Arabic digits, numbers and addresses kept left to right', async () => {
    const call = makeCall({ serialNumber: 42, holdSeconds: 75, durationSeconds: 3725, callerName: 'Acme (UK) Ltd.' });
    const table = await renderTable([call], 'ar-EG');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(1, 5)).toEqual(['وقت الورود', 'الرقم التسلسلي', 'معرّف الزائر', 'وقت الانتظار']);
    expect(within(table).getByText('٤٢')).toBeInTheDocument();
    expect(within(table).getByText('١:١٥')).toBeInTheDocument();
    expect(within(table).getByText('١:٠٢:٠٥')).toBeInTheDocument();
    expect(within(table).getByText('+1 202 555 0123')).toHaveAttribute('dir', 'ltr');
    expect(within(table).getByRole('button', { name: 'حذف المكالمة ٤٢' })).toBeInTheDocument();
    // Latin names are isolated, so their brackets and full stop stay where they are written.
    expect(within(table).getByText('Acme (UK) Ltd.').tagName).toBe('BDI');
    expect(within(table).getByText('Nora Ali').tagName).toBe('BDI');
  });
});
