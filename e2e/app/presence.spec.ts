import { expect, openSignedIn, registerTeam, test } from './fixtures';

test("a member's availability: chosen in one tab, seen in the other, and Offline to the team once every tab is closed", async ({
  context,
  page,
  request,
}) => {
  const member = await registerTeam(request, 'presence');
  const headers = { authorization: `Bearer ${member.token}` };
  const seenByTeam = async () => {
    const response = await request.get('/api/presence', { headers });
    const list = (await response.json()).data as { userId: string; availability: string; chosen: string }[];
    return list[0];
  };

  await openSignedIn(page, { token: member.token, role: member.role }, '/dashboard');
  const second = await context.newPage();
  await second.goto('/dashboard');
  const account = (tab: typeof page) => tab.getByRole('button', { name: member.name, exact: true });
  await expect(account(page)).toHaveAccessibleDescription('Available');
  await expect.poll(async () => (await seenByTeam())?.availability).toBe('available');

  await account(page).click();
  await page.getByRole('menuitemradio', { name: 'Away' }).click();
  await expect(account(page)).toHaveAccessibleDescription('Away');
  // The other tab hears it over its socket, without a reload.
  await expect(account(second)).toHaveAccessibleDescription('Away');
  await expect.poll(async () => (await seenByTeam())?.availability).toBe('away');

  // Every tab closed: the team sees Offline; the choice is kept for the next sign-in.
  await second.close();
  await page.close();
  await expect
    .poll(async () => await seenByTeam(), { timeout: 15_000 })
    .toMatchObject({
      availability: 'offline',
      chosen: 'away',
    });
});
