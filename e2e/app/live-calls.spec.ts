import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Frame, Page } from '@playwright/test';
import { expect, openSignedIn, test, uniqueEmail, waitForMessage } from './fixtures';
import { expectPlays } from './video-helpers';
import { hostSite, teamWithWidget } from './widget-helpers';

/**
 * Every RTCPeerConnection a page (or its frames) makes, kept on `window.__peers`, so the test can
 * read its figures (getStats) as the browser counts them.
 */
async function recordPeers(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        peers.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Bytes of audio and of video the frame's (or page's) latest peer connection has received. */
async function inboundBytes(target: Page | Frame): Promise<{ audio: number; video: number }> {
  return target.evaluate(async () => {
    const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
    const peer = peers.at(-1);
    const totals = { audio: 0, video: 0 };
    if (!peer) {
      return totals;
    }
    (await peer.getStats()).forEach((entry: { type: string; kind?: 'audio' | 'video'; bytesReceived?: number }) => {
      if (entry.type === 'inbound-rtp' && entry.kind) {
        totals[entry.kind] += entry.bytesReceived ?? 0;
      }
    });
    return totals;
  });
}

/** A visitor of the customer's site in a browser context of their own, with the widget open. */
async function visitorOn(browser: Browser, site: string): Promise<Page> {
  const context = await browser.newContext();
  await recordPeers(context);
  const page = await context.newPage();
  await page.goto(site);
  await page.getByRole('button', { name: 'Talk to us' }).click();
  return page;
}

const widget = (page: Page) => page.frameLocator('iframe[title="Talk to us"]');

test("a visitor calls from a customer's site; an available member hears it ring, answers, and the call lands in call history", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // Two browsers each sending and recording a camera: slow on two cores beside another worker.
  test.slow();
  const { admin, widgetKey, allow } = await teamWithWidget(request, 'live-call');
  const site = await hostSite(baseURL ?? '', widgetKey);
  try {
    await allow(site.origin);
    // The member works in the call history, Available (the default once a tab is open).
    await openSignedIn(page, { token: admin.token, role: admin.role }, '/call-history');
    await expect(page.getByRole('button', { name: admin.name, exact: true })).toHaveAccessibleDescription('Available');

    const visitor = await visitorOn(browser, site.origin);
    const frame = widget(visitor);
    await frame.getByRole('button', { name: /^Call us/ }).click();
    await frame.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await frame.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
    await frame.getByRole('button', { name: 'Call', exact: true }).click();
    // SPEC §5's message on the field, and what was typed is still there.
    await expect(frame.getByText('The input is not valid E-mail!')).toBeVisible();
    await expect(frame.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
    await frame.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
    await frame.getByRole('button', { name: 'Call', exact: true }).click();
    await expect(frame.getByText('You are number 1 in line')).toBeVisible();

    // The member's shell rings, on the screen they were on.
    const card = page.getByRole('article', { name: 'Incoming call' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Ada Lovelace');
    await expect(card).toContainText('ada@example.com');
    await card.getByRole('button', { name: 'Answer' }).click();
    const inCall = page.getByRole('article', { name: 'In a call' });
    await expect(inCall).toBeVisible();
    // The member's name is isolated (it may be written right to left).
    await expect(frame.getByText(/answered — you are connected/)).toContainText(admin.name);

    // The visitor hangs up: both sides see the call end.
    await frame.getByRole('button', { name: 'Hang up' }).click();
    await expect(frame.getByText('Thank you for calling')).toBeVisible();
    await expect(inCall).toBeHidden();

    // The call is in the call history, answered by the member, with its times.
    const calls = await request.get('/api/calls', { headers: { authorization: `Bearer ${admin.token}` } });
    const [row] = (await calls.json()).list as Array<Record<string, unknown>>;
    expect(row).toMatchObject({ callerName: 'Ada Lovelace', callerEmail: 'ada@example.com', answered: true });
    expect(row?.receivedBy).toMatchObject({ name: admin.name });
    expect(typeof row?.durationSeconds).toBe('number');
    await expect(page.getByRole('cell', { name: 'Ada Lovelace' })).toBeVisible();
    await visitor.context().close();
  } finally {
    await site.close();
  }
});

test('a real call: the visitor and the member see and hear each other over WebRTC, and the call survives until hung up', async ({
  browser,
  request,
  baseURL,
}) => {
  // Two browsers each sending and recording a camera, then the recording joined by ffmpeg.
  test.slow();
  const { admin, widgetKey, allow } = await teamWithWidget(request, 'media-call');
  const site = await hostSite(baseURL ?? '', widgetKey);
  const memberContext = await browser.newContext();
  try {
    await allow(site.origin);
    await recordPeers(memberContext);
    const member = await memberContext.newPage();
    await openSignedIn(member, { token: admin.token, role: admin.role }, '/dashboard');

    const visitor = await visitorOn(browser, site.origin);
    const frame = widget(visitor);
    await frame.getByRole('button', { name: /^Call us/ }).click();
    await frame.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await frame.getByRole('button', { name: 'Call', exact: true }).click();
    await member.getByRole('article', { name: 'Incoming call' }).getByRole('button', { name: 'Answer' }).click();
    const inCall = member.getByRole('article', { name: 'In a call' });
    await expect(inCall).toBeVisible();

    // Both sides receive audio and video, and keep receiving (the fake camera and microphone).
    const frameOfWidget = () => visitor.frames().find((candidate) => candidate.url().includes('/widget/')) as Frame;
    for (const side of [member, frameOfWidget()]) {
      await expect
        .poll(async () => inboundBytes(side), { timeout: 20_000 })
        .toMatchObject({ audio: expect.any(Number), video: expect.any(Number) });
      const first = await inboundBytes(side);
      await expect
        .poll(
          async () => {
            const now = await inboundBytes(side);
            return now.audio > first.audio && now.video > first.video && now.video > 10_000;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
    }
    await expect(inCall.getByRole('status')).toHaveText(/Connection: (good|fair|poor)|Connected/);

    // The member's tab reloads mid-call: the call is still theirs, and both sides hear and see
    // each other again over a new connection.
    await member.reload();
    await expect(inCall).toBeVisible();
    for (const side of [member, frameOfWidget()]) {
      const before = await inboundBytes(side);
      await expect
        .poll(
          async () => {
            const now = await inboundBytes(side);
            return now.audio > before.audio && now.video > before.video + 10_000;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    }
    await expect(inCall.getByRole('button', { name: 'Mute' })).toBeEnabled();
    await inCall.getByRole('button', { name: 'Mute' }).click();
    await expect(inCall.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');

    await inCall.getByRole('button', { name: 'Hang up' }).click();
    await expect(inCall).toBeHidden();
    await expect(frame.getByText('Thank you for calling')).toBeVisible();
    await visitor.context().close();

    // Each side recorded its own camera and microphone while the call ran: the call's recording
    // joins them side by side (two 640 px tiles), and it plays in the call history.
    const calls = await request.get('/api/calls', { headers: { authorization: `Bearer ${admin.token}` } });
    const [row] = (await calls.json()).list as Array<{ serialNumber: number }>;
    await member.goto('/call-history');
    const subject = `Call ${row?.serialNumber}`;
    const recording = (status: string) => member.getByRole('button', { name: `${status}, ${subject}`, exact: true });
    await recording('Recording not generated, click the icon to generate it').click();
    await recording('Play recording').click({ timeout: 90_000 });
    const video = member.getByRole('dialog', { name: `Recording of ${subject}` }).locator('video');
    await expectPlays(video);
    expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(1280);
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(1);
  } finally {
    await memberContext.close();
    await site.close();
  }
});

test('with no member available the call is missed at once; the visitor leaves a video message, which the team plays under Messages', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // A recording, its upload and processing, then the member's player: slow beside another worker.
  test.slow();
  const { admin, widgetKey, allow } = await teamWithWidget(request, 'missed-call');
  const site = await hostSite(baseURL ?? '', widgetKey);
  try {
    await allow(site.origin);
    const visitor = await visitorOn(browser, site.origin);
    const frame = widget(visitor);
    await frame.getByRole('button', { name: /^Call us/ }).click();
    await frame.getByRole('button', { name: 'Call', exact: true }).click();
    await expect(frame.getByText('Nobody could answer — leave a video message')).toBeVisible();
    const headers = { authorization: `Bearer ${admin.token}` };
    const calls = await request.get('/api/calls?tab=missed', { headers });
    expect((await calls.json()).total).toBe(1);

    // The visitor records a message, watches it, and sends it.
    await frame.getByRole('button', { name: 'Leave a video message' }).click();
    await frame.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(frame.getByRole('timer')).toBeVisible();
    // A few seconds of the fake camera: more than one part goes while it records.
    await expect(frame.getByRole('timer')).toHaveAccessibleName(/^Recorded 0:0[4-9] of 3:00$/, { timeout: 15_000 });
    await frame.getByRole('button', { name: 'Stop' }).click();
    await expect(frame.getByRole('heading', { name: 'Watch your message' })).toBeVisible();
    await frame.getByRole('button', { name: 'Send' }).click();
    await expect(frame.getByRole('heading', { name: 'Thank you — we got your message' })).toBeVisible();
    await visitor.context().close();

    // The team finds it under Messages, with a notice, and it plays.
    const listed = await request.get('/api/calls?tab=messages', { headers });
    const [row] = (await listed.json()).list as Array<{ serialNumber: number; message: unknown }>;
    expect(row?.message).toBeTruthy();
    const notices = await request.get('/api/notices', { headers });
    expect(JSON.stringify(await notices.json())).toContain('Video message from a visitor');
    await openSignedIn(page, { token: admin.token, role: admin.role }, '/call-history?tab=messages');
    const play = page.getByRole('button', { name: `Play the video message of Call ${row?.serialNumber}` });
    // Playable once processing is done: the list follows without a reload.
    await expect(play).toBeVisible({ timeout: 60_000 });
    await play.click();
    const video = page.getByRole('dialog', { name: /Video message from .*Visitor/ }).locator('video');
    await expectPlays(video);
    expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
  } finally {
    await site.close();
  }
});

test('two members answer the same call at once: exactly one gets it, the other sees who did', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const { admin, widgetKey, allow } = await teamWithWidget(request, 'race');
  const colleague = await invitedMember(request, admin.token, 'Lea Martin');
  const site = await hostSite(baseURL ?? '', widgetKey);
  try {
    await allow(site.origin);
    await openSignedIn(page, { token: admin.token, role: admin.role }, '/dashboard');
    const other = await browser.newContext();
    const second = await other.newPage();
    await openSignedIn(second, { token: colleague, role: 'user' }, '/dashboard');
    await expect(second.getByRole('button', { name: 'Lea Martin', exact: true })).toHaveAccessibleDescription(
      'Available',
    );

    const visitor = await visitorOn(browser, site.origin);
    const frame = widget(visitor);
    await frame.getByRole('button', { name: /^Call us/ }).click();
    await frame.getByRole('button', { name: 'Call', exact: true }).click();

    const tabs = [page, second];
    const cards = tabs.map((tab) => tab.getByRole('article', { name: 'Incoming call' }));
    for (const card of cards) {
      await expect(card).toBeVisible();
    }
    // Both click Answer at the same moment: the buttons are found first, then pressed together
    // (a locator's click waits for the other tab's answer to have removed its button).
    const buttons = await Promise.all(
      cards.map((card) => card.getByRole('button', { name: 'Answer' }).elementHandle()),
    );
    await Promise.all(buttons.map((button) => button?.evaluate((element: HTMLElement) => element.click())));
    const inCall = (tab: Page) => tab.getByRole('article', { name: 'In a call' });
    await expect
      .poll(async () => (await inCall(page).count()) + (await inCall(second).count()), { timeout: 10_000 })
      .toBe(1);
    const winnerIsAdmin = (await inCall(page).count()) === 1;
    const loser = winnerIsAdmin ? second : page;
    const winnerName = winnerIsAdmin ? admin.name : 'Lea Martin';
    await expect(loser.getByRole('article', { name: `Answered by ${winnerName}` })).toBeVisible();
    await expect(frame.getByText(/answered — you are connected/)).toContainText(winnerName);
    // It stays so: still exactly one member in the call.
    expect((await inCall(page).count()) + (await inCall(second).count())).toBe(1);
    await visitor.context().close();
    await other.close();
  } finally {
    await site.close();
  }
});

test("a visitor's token reaches its own call only: another call's answers and signals are refused", async ({
  page,
  request,
  baseURL,
}) => {
  const { widgetKey } = await teamWithWidget(request, 'token-scope');
  // Two visitors call from Parley's own preview (no member is online: both are missed at once).
  const start = async () => {
    const response = await request.post('/api/visitor/calls', {
      headers: { origin: baseURL ?? '' },
      data: { widgetKey, host: baseURL, menuItem: 'call' },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data as { call: { id: string }; token: string };
  };
  const mine = await start();
  const theirs = await start();
  const asMine = { authorization: `Bearer ${mine.token}` };
  const other = `/api/visitor/calls/${theirs.call.id}`;
  expect((await request.get(`${other}/ice-servers`, { headers: asMine })).status()).toBe(403);
  expect((await request.post(`${other}/hang-up`, { headers: asMine })).status()).toBe(403);
  expect(
    (await request.post(`${other}/message`, { headers: asMine, data: { contentType: 'video/webm' } })).status(),
  ).toBe(403);
  // Its own call answers.
  expect((await request.get(`/api/visitor/calls/${mine.call.id}/ice-servers`, { headers: asMine })).status()).toBe(200);

  // Over the socket, a signal for the other call goes nowhere: the socket is told so.
  await page.goto('/user/login');
  const answer = await page.evaluate(
    async ({ token, callId }) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
        socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
        socket.onmessage = (event) => {
          const message = JSON.parse(event.data as string) as { type: string };
          if (message.type === 'ready') {
            socket.send(
              JSON.stringify({
                type: 'signal',
                callId,
                signal: { kind: 'description', description: { type: 'offer', sdp: 'v=0' } },
              }),
            );
          } else if (message.type === 'error' || message.type === 'signal') {
            socket.close();
            resolve(message.type);
          }
        };
      }),
    { token: mine.token, callId: theirs.call.id },
  );
  expect(answer).toBe('error');
});

/** A member invited by the admin who has set their password (the first-login flow): their full token. */
async function invitedMember(request: APIRequestContext, adminToken: string, name: string): Promise<string> {
  const email = uniqueEmail('colleague');
  const invite = await request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { email, name, role: 'user' },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const mail = await waitForMessage(request, email);
  const oneTimePassword = /One-time password: (\S+)/.exec(mail.text)?.[1];
  const first = await request.post('/common/login', { data: { email, password: oneTimePassword } });
  expect(first.status(), await first.text()).toBe(200);
  const password = `pw-${randomUUID()}`;
  const changed = await request.post('/common/change-password', {
    data: { token: (await first.json()).data.token, password, confirmPassword: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return (await changed.json()).data.token;
}
