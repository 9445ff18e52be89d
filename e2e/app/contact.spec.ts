import { randomUUID } from 'node:crypto';
import { apiSignIn, DEMO, expect, openSignedIn, test, uniqueEmail } from './fixtures';

interface Lead {
  kind: 'contact' | 'demo';
  name: string;
  email: string;
  company: string | null;
  message: string;
}

test('/contact-us checks the fields, then the message reaches the team', async ({ page, request }) => {
  await page.goto('/contact-us');
  await page.getByRole('button', { name: /send|submit/i }).click();
  await expect(page.getByText('Please input your name!')).toBeVisible();
  await expect(page.getByText('Please input your E-mail!')).toBeVisible();
  await expect(page.getByText('Please input your message!')).toBeVisible();

  const name = `Grace ${randomUUID().slice(0, 6)}`;
  const email = uniqueEmail('contact');
  await page.getByRole('textbox', { name: /^name/i }).fill(name);
  await page.getByRole('textbox', { name: /e-?mail/i }).fill('grace@');
  await page.getByRole('textbox', { name: /message/i }).fill('Please call me back about pricing.');
  await page.getByRole('button', { name: /send|submit/i }).click();
  await expect(page.getByText('The input is not valid E-mail!')).toBeVisible();

  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByRole('button', { name: /send|submit/i }).click();
  await expect(page.getByText(/thank/i).first()).toBeVisible();

  const admin = await apiSignIn(request, DEMO.admin.email, DEMO.password);
  const response = await request.get('/api/leads', { headers: { authorization: `Bearer ${admin.data.token}` } });
  expect(response.status()).toBe(200);
  const { list } = (await response.json()) as { list: Lead[] };
  expect(list.find((lead) => lead.email === email)).toMatchObject({
    kind: 'contact',
    name,
    message: 'Please call me back about pricing.',
  });
});

test('/request-demo sends a demo request and the admin sees it in the notices', async ({ page, request }) => {
  const name = `Alan ${randomUUID().slice(0, 6)}`;
  await page.goto('/request-demo');
  await page.getByRole('textbox', { name: /^name/i }).fill(name);
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(uniqueEmail('demo'));
  await page.getByRole('textbox', { name: /company/i }).fill('Bletchley Ltd');
  await page.getByRole('textbox', { name: /message/i }).fill('We answer 200 calls a day.');
  await page.getByRole('button', { name: /send|submit|request/i }).click();
  await expect(page.getByText(/thank/i).first()).toBeVisible();

  const admin = await apiSignIn(request, DEMO.admin.email, DEMO.password);
  await openSignedIn(page, { token: admin.data.token, role: admin.currentAuthority }, '/dashboard');
  await page.getByRole('button', { name: /^Notices/ }).click();
  await page.getByRole('tab', { name: /Messages/ }).click();
  await expect(page.getByText(`New demo request from ${name}`)).toBeVisible();
});
