import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Contacts already written for reading: a caller calls again, and a page lists up to 100 (12 µs each to parse). */
const written = new Map<string, string>();
const REMEMBERED = 5000;

/**
 * A caller's contact written for reading: a valid international phone number in its country's
 * grouping (`+442079460634` → `+44 20 7946 0634`), anything else as it was given. Done here rather
 * than in the browser, where libphonenumber-js and its metadata would cost the call history 24 KiB.
 */
export function contactForReading(contact: string | null): string | null {
  if (contact === null) {
    return null;
  }
  const known = written.get(contact);
  if (known !== undefined) {
    return known;
  }
  const parsed = parsePhoneNumberFromString(contact.trim());
  const readable = parsed?.isValid() ? parsed.formatInternational() : contact;
  if (written.size >= REMEMBERED) {
    // The oldest first: a Map keeps its keys in the order they went in.
    written.delete(written.keys().next().value as string);
  }
  written.set(contact, readable);
  return readable;
}
