import type { Call, LeftMessage } from '@parley/api';
import { changeLocale } from '@parley/i18n';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderCallTable } from './call-table-test-utils';
import { makeMissedCall } from './call-test-utils';

vi.setConfig({ testTimeout: 20_000 });
afterEach(async () => {
  await changeLocale('en-US');
});

const renderTable = renderCallTable;

/** A missed call whose message video stands as given. */
function withMessage(message: Partial<LeftMessage>): Call {
  const call = makeMissedCall();
  return { ...call, message: { ...(call.message as LeftMessage), ...message } };
}

/** The Message cell of the call's row. */
function messageCell(table: HTMLElement, call: Call): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(call.callerName, { exact: true }));
  const cell = row?.querySelector('[data-slot="message-status"]')?.closest('td');
  if (!cell) {
    throw new Error(`No message status in the row of call ${call.serialNumber}`);
  }
  return cell;
}

describe('the Message cell', () => {
  it('says Error with the reason when the visitor’s video failed, not Processing', async () => {
    const failed = withMessage({ status: 'error', errorCode: 'notAVideo', playbackUrl: null });
    const noFile = withMessage({ status: 'error', errorCode: 'noFile', playbackUrl: null });
    const { table } = await renderTable([failed, noFile]);
    const cell = messageCell(table, failed);
    expect(within(cell).getByText('Error')).toBeVisible();
    expect(within(cell).getByText('The file is not an MP4 or WebM video.')).toBeVisible();
    expect(within(cell).queryByText('Processing')).toBeNull();
    expect(within(cell).queryByRole('button')).toBeNull();
    expect(within(messageCell(table, noFile)).getByText('No video file was made for it.')).toBeVisible();
    await expectNoAxeViolations(table);
  });

  it('says why in words even for a reason this version does not know', async () => {
    const failed = withMessage({ status: 'error', errorCode: 'unknown', playbackUrl: null });
    const { table } = await renderTable([failed]);
    expect(within(messageCell(table, failed)).getByText('The reason is not known.')).toBeVisible();
  });

  it('says Uploading while the visitor’s upload is under way, and Processing once it is stored', async () => {
    const uploading = withMessage({ status: 'uploading', playbackUrl: null });
    const processing = withMessage({ status: 'processing', playbackUrl: null });
    const { table } = await renderTable([uploading, processing]);
    expect(messageCell(table, uploading)).toHaveTextContent('Uploading');
    expect(messageCell(table, processing)).toHaveTextContent('Processing');
  });

  it('plays a message that has its file', async () => {
    const ready = makeMissedCall();
    const { actions } = await renderTable([ready]);
    await userEvent.click(screen.getByRole('button', { name: `Play the video message of Call ${ready.serialNumber}` }));
    expect(actions.playMessage).toHaveBeenCalledWith(ready);
  });

  it('writes the error and its reason in Arabic', async () => {
    const failed = withMessage({ status: 'error', errorCode: 'uploadLost', playbackUrl: null });
    const { table } = await renderTable([failed], 'ar-EG');
    const cell = messageCell(table, failed);
    expect(within(cell).getByText('خطأ')).toBeVisible();
    expect(within(cell).getByText('لم يكتمل الرفع.')).toBeVisible();
  });
});
