import type { OutboxMessage } from '@parley/api';
import type { FastifyInstance } from 'fastify';

/** The messages the development mailbox holds for one address or number, newest first. */
export async function mailboxFor(app: FastifyInstance, to: string): Promise<OutboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  if (response.statusCode !== 200) {
    throw new Error(`The mailbox answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/** The first match of `pattern` in the newest message to `to`. */
export async function readFromMailbox(app: FastifyInstance, to: string, pattern: RegExp): Promise<string> {
  const [newest] = await mailboxFor(app, to);
  const match = newest?.text.match(pattern);
  if (!match) {
    throw new Error(`No message to ${to} matches ${pattern}.`);
  }
  return match[1] ?? match[0];
}
