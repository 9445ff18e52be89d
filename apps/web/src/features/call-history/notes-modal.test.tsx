import type { Note } from '@parley/api';
import { ERROR_CODES } from '@parley/api';
import { formatDate } from '@parley/i18n';
import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, renderRoutes, stubServer } from '../../testing/test-utils';
import { CALL_TIME_FORMAT } from './call-columns';
import { makeCall, makeNote, SAM } from './call-test-utils';
import { NotesModal } from './notes-modal';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const call = makeCall({ callerName: 'Grace Hopper' });
const notesPath = `/api/calls/${call.id}/notes`;

function renderModal(onOpenChange = vi.fn()) {
  renderRoutes([{ path: '/', element: <NotesModal call={call} onOpenChange={onOpenChange} /> }], '/');
  return onOpenChange;
}

/** A server holding these notes, answering adds, edits and deletes as the API does. */
function serveNotes(notes: Note[], handlers: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    [`GET ${notesPath}`]: () => json(200, { list: notes, total: notes.length }),
    [`POST ${notesPath}`]: (received) => {
      const note = makeNote(call.id, { message: (received.body as { message: string }).message });
      notes.push(note);
      return json(201, { success: true, data: note });
    },
    ...Object.fromEntries(
      notes.flatMap((note) => [
        [
          `PUT ${notesPath}/${note.id}`,
          (received: { body: unknown }) => {
            note.message = (received.body as { message: string }).message;
            return json(200, { success: true, data: note });
          },
        ],
        [
          `DELETE ${notesPath}/${note.id}`,
          () => {
            notes.splice(notes.indexOf(note), 1);
            return json(200, { success: true });
          },
        ],
      ]),
    ),
    ...handlers,
  });
}

async function dialog() {
  const found = await screen.findByRole('dialog', { name: 'Notes' });
  await within(found).findByRole('table', { name: 'Notes' });
  return found;
}

describe('NotesModal', () => {
  it('lists the notes: Date, Message, Entered by and Action where allowed', async () => {
    const mine = makeNote(call.id, { message: 'Asked about pricing.' });
    const theirs = makeNote(call.id, {
      message: 'Sent the brochure.',
      enteredBy: { id: SAM.id, name: SAM.name },
      canEdit: false,
      canDelete: false,
    });
    serveNotes([mine, theirs]);
    renderModal();
    const modal = await dialog();
    expect(modal).toHaveAccessibleDescription(`Call ${call.serialNumber} · Grace Hopper`);
    // The caller's name as they typed it sits isolated, so bidi cannot move its punctuation.
    expect(within(modal).getByText('Grace Hopper').tagName).toBe('BDI');
    await within(modal).findByText('Asked about pricing.');
    const rows = within(modal)
      .getAllByRole('row')
      .map((row) => Array.from((row as HTMLTableRowElement).cells).map((cell) => cell.textContent));
    const date = formatDate(mine.createdAt, 'en-US', CALL_TIME_FORMAT);
    expect(rows).toEqual([
      ['Date', 'Message', 'Entered by', 'Action'],
      [date, 'Asked about pricing.', 'Nora Ali', ''],
      [date, 'Sent the brochure.', 'Sam Carter', ''],
    ]);
    expect(within(modal).getAllByRole('button', { name: `Edit the note of ${date}` })).toHaveLength(1);
    expect(within(modal).getAllByRole('button', { name: `Delete the note of ${date}` })).toHaveLength(1);
    expect(within(modal).getByRole('textbox', { name: /^Note/ })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('refuses a blank note with the SPEC §5 message', async () => {
    const calls = serveNotes([]);
    renderModal();
    const modal = await dialog();
    expect(await within(modal).findByText('No notes yet.')).toBeInTheDocument();
    await userEvent.type(within(modal).getByRole('textbox', { name: /^Note/ }), '   ');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Please enter notes!')).toBeInTheDocument();
    expect(calls.filter((received) => received.method === 'POST')).toEqual([]);
  });

  it("says 'Record updating, Please wait...' while it saves, then lists the note", async () => {
    let release: () => void = () => {};
    const notes: Note[] = [];
    serveNotes(notes, {
      [`POST ${notesPath}`]: async (received) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        const note = makeNote(call.id, { message: (received.body as { message: string }).message });
        notes.push(note);
        return json(201, { success: true, data: note });
      },
    });
    renderModal();
    const modal = await dialog();
    const field = within(modal).getByRole('textbox', { name: /^Note/ });
    await userEvent.type(field, 'Wants a demo on Friday.');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByRole('status')).toHaveTextContent('Record updating, Please wait...');
    expect(field).toBeDisabled();
    release();
    expect(await within(modal).findByRole('cell', { name: 'Wants a demo on Friday.' })).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(within(modal).queryByText('Record updating, Please wait...')).toBeNull();
    expect(await screen.findByText('The note is saved.')).toBeInTheDocument();
  });

  it('edits a note in the same field; Cancel stops editing, and then closes', async () => {
    const note = makeNote(call.id, { message: 'Old text' });
    const calls = serveNotes([note]);
    const onOpenChange = renderModal();
    const modal = await dialog();
    const date = formatDate(note.createdAt, 'en-US', CALL_TIME_FORMAT);
    await userEvent.click(await within(modal).findByRole('button', { name: `Edit the note of ${date}` }));
    const field = within(modal).getByRole('textbox', { name: /^Note/ });
    expect(field).toHaveValue('Old text');
    expect(within(modal).getByText(`Editing the note of ${date}.`)).toBeInTheDocument();

    await userEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(field).toHaveValue('');
    expect(onOpenChange).not.toHaveBeenCalled();

    await userEvent.click(within(modal).getByRole('button', { name: `Edit the note of ${date}` }));
    await userEvent.clear(field);
    await userEvent.type(field, 'New text');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByRole('cell', { name: 'New text' })).toBeInTheDocument();
    expect(calls.find((received) => received.method === 'PUT')?.body).toEqual({ message: 'New text' });
    expect(calls.some((received) => received.method === 'POST')).toBe(false);

    await userEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('deletes a note after the confirmation', async () => {
    const note = makeNote(call.id, { message: 'Wrong call' });
    const calls = serveNotes([note]);
    renderModal();
    const modal = await dialog();
    const date = formatDate(note.createdAt, 'en-US', CALL_TIME_FORMAT);
    await userEvent.click(await within(modal).findByRole('button', { name: `Delete the note of ${date}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(modal).findByText('No notes yet.')).toBeInTheDocument();
    expect(calls.find((received) => received.method === 'DELETE')?.path).toBe(`${notesPath}/${note.id}`);
  });

  it('puts the server’s message on the field', async () => {
    serveNotes([], {
      [`POST ${notesPath}`]: () =>
        json(422, errorBody(ERROR_CODES.validationFailed, 'Please enter notes!', { message: 'noteRequired' })),
    });
    renderModal();
    const modal = await dialog();
    await userEvent.type(within(modal).getByRole('textbox', { name: /^Note/ }), 'x');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Please enter notes!')).toBeInTheDocument();
  });
});
