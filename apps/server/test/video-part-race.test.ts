import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, call, createTestApp, type TestApp, type TestTeam } from './helpers';
import { FIXTURES, partAddresses, pathOf, putPart, startUpload, waitForVideo } from './video-helpers';

const PART_SIZE = 64 * 1024;
const ROUNDS = 20;

let server: TestApp;
let team: TestTeam;
let origin: string;

beforeAll(async () => {
  server = await createTestApp({ config: { uploadPartSize: PART_SIZE } });
  team = await addTeam(server.app);
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

function md5(data: Buffer): string {
  return `"${createHash('md5').update(data).digest('hex')}"`;
}

/** A PUT over a real connection, as a browser sends it. */
async function httpPut(url: string, body: Buffer): Promise<{ status: number; etag: string | null }> {
  const response = await fetch(`${origin}${pathOf(url)}`, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': 'video/mp4' },
  });
  await response.arrayBuffer();
  return { status: response.status, etag: response.headers.get('etag') };
}

describe('two PUTs of one part at once', () => {
  // Both answered 200 and the part was gone in most rounds: each PUT deleted the other's file.
  it('leave the part whole, as one of them wrote it (the last writer wins, as on S3), and complete with it', async () => {
    // Part 1 makes the file an MP4; parts 2…21 are each raced once by two PUTs with different bytes.
    const head = Buffer.concat([FIXTURES.mp4, Buffer.alloc(PART_SIZE - FIXTURES.mp4.length)]);
    const started = await startUpload(server.app, team.user.token, PART_SIZE * (ROUNDS + 1));
    expect(started.partCount).toBe(ROUNDS + 1);
    const addresses = await partAddresses(
      server.app,
      team.user.token,
      started.video.id,
      Array.from({ length: ROUNDS + 1 }, (_value, index) => index + 1),
    );
    const first = await putPart(server.app, addresses.get(1) ?? '', head);
    const etags = [{ partNumber: 1, etag: first.etag ?? '' }];
    const winners: Buffer[] = [head];

    for (let round = 1; round <= ROUNDS; round += 1) {
      const partNumber = round + 1;
      const bodies = [randomBytes(PART_SIZE), randomBytes(PART_SIZE)];
      const answers = await Promise.all(bodies.map((body) => httpPut(addresses.get(partNumber) ?? '', body)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers.map((answer) => answer.etag)).toEqual(bodies.map(md5));

      const state = await call(server.app, {
        method: 'GET',
        url: `/api/videos/${started.video.id}/upload`,
        token: team.user.token,
      });
      const held = (state.json().data.parts as { partNumber: number; size: number; etag: string }[]).find(
        (part) => part.partNumber === partNumber,
      );
      expect(held, `round ${round}: part ${partNumber} is gone`).toBeDefined();
      expect(held?.size).toBe(PART_SIZE);
      const winner = bodies.find((body) => md5(body) === held?.etag);
      expect(winner, `round ${round}: the part is neither body`).toBeDefined();
      winners.push(winner ?? Buffer.alloc(0));
      etags.push({ partNumber, etag: held?.etag ?? '' });
    }

    const completion = await call(server.app, {
      method: 'POST',
      url: `/api/videos/${started.video.id}/upload/complete`,
      token: team.user.token,
      payload: { parts: etags },
    });
    expect(completion.statusCode, completion.body).toBe(200);
    // Each part's bytes are the body its listed etag names.
    const joined = Buffer.concat(winners);
    expect((await server.app.localStore?.readAll(`videos/${team.id}/${started.video.id}`))?.equals(joined)).toBe(true);
    await waitForVideo(server.app, team.user.token, started.video.id);
  });
});
