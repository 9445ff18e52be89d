/** The contact book's route, and the address parameter that opens one of its contacts. */
export const CONTACT_BOOK_PATH = '/settings/contact-book';
export const CONTACT_PARAM = 'contact';

/** The address of one contact: the book opens it in its dialog (the call history links here). */
export function contactPath(id: string): string {
  return `${CONTACT_BOOK_PATH}?${new URLSearchParams({ [CONTACT_PARAM]: id })}`;
}
