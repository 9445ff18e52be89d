import type { AddressInfo } from 'node:net';
import type { RealtimeServerMessage } from '@parley/api';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { TestMember } from './helpers';

/** A test's socket on `/ws`: what it received, and a way to wait for a message. */
export interface Socket {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message (seen or to come) that matches. */
  next: (match: (message: RealtimeServerMessage) => boolean, timeoutMs?: number) => Promise<RealtimeServerMessage>;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/ws`;
}

export function open(url: string): Promise<Socket> {
  const ws = new WebSocket(url);
  const messages: RealtimeServerMessage[] = [];
  const waiters: {
    match: (message: RealtimeServerMessage) => boolean;
    resolve: (message: RealtimeServerMessage) => void;
  }[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as RealtimeServerMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const next: Socket['next'] = (match, timeoutMs = 5000) => {
    const seen = messages.find(match);
    if (seen) {
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed, next }));
    ws.once('error', reject);
  });
}

export async function signedIn(url: string, member: TestMember): Promise<Socket> {
  const socket = await open(url);
  socket.ws.send(JSON.stringify({ type: 'auth', token: member.token }));
  await socket.next((message) => message.type === 'ready');
  return socket;
}
