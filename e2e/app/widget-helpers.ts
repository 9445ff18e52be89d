import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect, registerTeam } from './fixtures';

/**
 * A customer's website on a second local origin (another port of 127.0.0.1): one page that
 * embeds Parley's widget with the tag Domain management shows.
 */
export async function hostSite(
  parley: string,
  widgetKey: string,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head><title>Shop</title>
      <style>button { all: unset; } * { font-size: 40px !important; }</style></head>
      <body><h1>A shop</h1>
      <script src="${parley}/widget.js" data-parley-team="${widgetKey}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A new team, its widget key, and (when given) one allowed origin. */
export async function teamWithWidget(request: APIRequestContext, label: string) {
  const admin = await registerTeam(request, label);
  const headers = { authorization: `Bearer ${admin.token}` };
  const widget = await request.get('/api/widget', { headers });
  expect(widget.ok()).toBe(true);
  const widgetKey: string = (await widget.json()).data.widgetKey;
  const allow = async (origin: string) => {
    const added = await request.post('/api/domains', { headers, data: { origin } });
    expect(added.status()).toBe(201);
  };
  return { admin, widgetKey, allow };
}
