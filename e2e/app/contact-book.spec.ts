import { readFileSync } from 'node:fs';
import { expect, openSignedIn, test, uniqueEmail } from './fixtures';
import { teamWithWidget } from './widget-helpers';

/** A CSV file of 1,000 good contacts (two of them duplicates of one person) and one bad row. */
function contactsCsv(): string {
  const rows = ['name,email,phone,company,notes,tags'];
  for (let index = 1; index <= 998; index += 1) {
    const number = String(index).padStart(4, '0');
    rows.push(`Person ${number},person${number}@example.test,,Acme,,"vip; bulk"`);
  }
  rows.push('Dana Dup,dana@example.test,,,,lead');
  rows.push('Dana Dup,,+13035550177,Dup Co,"Met at the fair, twice",partner');
  rows.push('Bad Mail,not-an-email,,,,');
  return `${rows.join('\n')}\n`;
}

test('the contact book imports 1,000 contacts, searches, edits, merges and exports; a call is saved as a contact and opens it; Arabic on a phone', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const { admin, widgetKey } = await teamWithWidget(request, 'contacts');
  // A visitor calls while nobody is online: a missed call with their name, e-mail and phone.
  const callerEmail = uniqueEmail('caller');
  const called = await request.post('/api/visitor/calls', {
    headers: { origin: baseURL ?? '' },
    data: {
      widgetKey,
      host: baseURL,
      menuItem: 'call',
      name: 'Grace Caller',
      email: callerEmail,
      phone: '+13035550111',
    },
  });
  expect(called.status(), await called.text()).toBe(200);

  await openSignedIn(page, { token: admin.token, role: admin.role }, '/settings/contact-book');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact List' })).toBeVisible();
  await expect(page.getByText('No contacts yet. Add one, or import a CSV file.')).toBeVisible();

  // Import: the preview names the bad row's problem, and nothing is stored until it is confirmed.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importing = page.getByRole('dialog', { name: 'Import contacts from CSV' });
  await importing.getByLabel('CSV file').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(contactsCsv()),
  });
  await expect(importing.getByText('Ready to import: 1,000. With problems: 1.')).toBeVisible();
  const problem = importing.getByRole('row').filter({ hasText: '1,002' });
  await expect(problem).toContainText('E-mail');
  await expect(problem).toContainText('The input is not valid E-mail!');
  await expect(page.getByText('No contacts yet. Add one, or import a CSV file.')).toBeVisible();
  await importing.getByRole('button', { name: 'Confirm import' }).click();
  await expect(page.getByText('Contacts imported: 1,000.')).toBeVisible();
  await expect(importing).toBeHidden();
  await expect(page.getByText('1-10 of 1,000 items')).toBeVisible();

  // Search (kept in the address), then edit a contact from its name.
  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill('person0042@');
  await search.press('Enter');
  await expect(page).toHaveURL(/\?q=person0042%40$/);
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: 'Person 0042', exact: true }).click();
  const editing = page.getByRole('dialog', { name: 'Edit contact' });
  await editing.getByRole('textbox', { name: 'Company' }).fill('Globex');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(editing).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Person 0042' })).toContainText('Globex');

  // Merge the two Dana Dups: one keeps its e-mail and takes the other's phone, company and tags.
  await search.fill('Dana');
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(3);
  const kept = table.getByRole('row').filter({ hasText: 'dana@example.test' });
  await kept.getByRole('button', { name: 'Actions for Dana Dup' }).click();
  await page.getByRole('menuitem', { name: 'Merge a duplicate' }).click();
  const merging = page.getByRole('dialog', { name: 'Merge a duplicate into Dana Dup' });
  await merging.getByRole('radio', { name: 'Dana Dup' }).click();
  await merging.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('Merged into Dana Dup.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(kept).toContainText('+13035550177');
  await expect(kept).toContainText('Dup Co');
  await expect(kept).toContainText('partner');

  // Export the search: a header row, then the merged contact.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const exported = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  expect(exported.split('\r\n')).toEqual([
    'name,email,phone,company,notes,tags',
    `Dana Dup,dana@example.test,'+13035550177,Dup Co,"Met at the fair, twice",lead; partner`,
    '',
  ]);

  // The call history: the caller is saved from their call, and the Name cell then opens the contact.
  await page.goto('/call-history');
  const callRow = page.getByRole('row').filter({ hasText: 'Grace Caller' });
  await callRow.getByRole('button', { name: 'Save to contacts' }).click();
  const saving = page.getByRole('dialog', { name: 'Add a contact' });
  await expect(saving.getByRole('textbox', { name: /Name/ })).toHaveValue('Grace Caller');
  await expect(saving.getByRole('textbox', { name: 'E-mail' })).toHaveValue(callerEmail);
  await saving.getByRole('button', { name: 'Save' }).click();
  await expect(saving).toBeHidden();
  await callRow.getByRole('link', { name: 'Grace Caller' }).click();
  await expect(page).toHaveURL(/\/settings\/contact-book\?contact=[0-9a-f-]{36}$/);
  const opened = page.getByRole('dialog', { name: 'Edit contact' });
  await expect(opened.getByRole('textbox', { name: /Name/ })).toHaveValue('Grace Caller');
  await expect(opened.getByRole('textbox', { name: 'E-mail' })).toHaveValue(callerEmail);
  await opened.getByRole('button', { name: 'Cancel' }).click();

  // In Arabic, on a phone: right to left, translated, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('language', 'ar-EG'));
  await page.goto('/settings/contact-book?q=Dana');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'قائمة جهات الاتصال' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'استيراد CSV' })).toBeVisible();
  await expect(page.getByText('dana@example.test')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
