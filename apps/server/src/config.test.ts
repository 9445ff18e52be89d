import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('configuration', () => {
  it('has embedded defaults: port 8080, PGlite, demo data; no development mailbox, no trusted proxy', () => {
    const config = readConfig({ PATH: '/nonexistent' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.devMailbox).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.demoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.leadsTeamId).toBeUndefined();
    expect(config.videoMaxBytes).toBe(524_288_000);
    expect(config.uploadPartSize).toBe(8 * 1024 * 1024);
    // No ffmpeg on the PATH: the static build installed from npm.
    expect(config.ffmpegPath).toMatch(/@ffmpeg-installer[/\\]linux-x64[/\\]ffmpeg$/);
    expect(config.s3).toBeUndefined();
  });

  it('stops start-up with a message naming each bad setting', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(
      /PORT must be a whole number from 1 to 65535 \(got 'eighty'\)/,
    );
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => readConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => readConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => readConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA must be true or false/);
    expect(() => readConfig({ LEADS_TEAM_ID: 'sales' })).toThrow(/LEADS_TEAM_ID must be a team's id, a UUID/);
    expect(() => readConfig({ PORT: '0', JWT_SECRET: 'x' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });

  it('never repeats a secret in its message, only its length', () => {
    const attempts = [
      { JWT_SECRET: 'short-but-secret' },
      { SMTP_URL: 'http://mailer:hunter2-secret@mail.example.com' },
      { DATABASE_URL: 'mysql://root:hunter2-secret@db' },
    ];
    for (const env of attempts) {
      const error = (() => {
        try {
          readConfig(env);
        } catch (thrown) {
          return thrown as Error;
        }
        throw new Error(`${Object.keys(env)[0]} was accepted`);
      })();
      expect(error.message).not.toContain('secret');
      expect(error.message).toMatch(/a value of \d+ characters, not shown/);
    }
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/got 'eighty'/);
  });

  it('reads PostgreSQL, SMTP and a public address when given', () => {
    const config = readConfig({
      PORT: '9090',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/parley',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://parley.example.com/',
      LEADS_TEAM_ID: '0B8C6D1E-2F3A-4B5C-8D9E-0F1A2B3C4D5E',
    });
    expect(config.port).toBe(9090);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/parley');
    expect(config.smtpUrl).toBe('smtp://mail.example.com:587');
    expect(config.devMailbox).toBe(false);
    expect(config.publicUrl).toBe('https://parley.example.com');
    expect(config.leadsTeamId).toBe('0b8c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e');
  });

  // TRUST_PROXY=true believed any client's X-Forwarded-For: one socket could make 30 logins with no 429.
  it("takes TRUST_PROXY as a hop count or the proxies' addresses, and refuses true", () => {
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.0.2.7, fd00::/8, ::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      '::1',
    ]);
    for (const value of ['true', 'yes', 'on', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '*', '1.2.3.4/8/8']) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY must be false, the number of proxies/,
      );
    }
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/true is refused/);
  });

  it('reads the sending limits, and refuses one that is not a whole number from 1', () => {
    expect(readConfig({}).sendLimits).toEqual({ perMemberHour: 30, perTeamDay: 200, newTeamDay: 20 });
    expect(
      readConfig({ SEND_LIMIT_PER_MEMBER_HOUR: '5', SEND_LIMIT_PER_TEAM_DAY: '50', SEND_LIMIT_NEW_TEAM_DAY: '2' })
        .sendLimits,
    ).toEqual({ perMemberHour: 5, perTeamDay: 50, newTeamDay: 2 });
    expect(() => readConfig({ SEND_LIMIT_PER_TEAM_DAY: '0' })).toThrow(
      /SEND_LIMIT_PER_TEAM_DAY must be a whole number, at least 1 \(got '0'\)/,
    );
    expect(() => readConfig({ SEND_LIMIT_NEW_TEAM_DAY: 'lots' })).toThrow(
      /SEND_LIMIT_NEW_TEAM_DAY must be a whole number/,
    );
  });

  it("reads the video limits and refuses a part under S3's 5 MiB floor", () => {
    const config = readConfig({ VIDEO_MAX_BYTES: '1048576', UPLOAD_PART_SIZE: '6291456', FFMPEG_PATH: '/opt/ffmpeg' });
    expect(config).toMatchObject({ videoMaxBytes: 1_048_576, uploadPartSize: 6_291_456, ffmpegPath: '/opt/ffmpeg' });
    expect(() => readConfig({ UPLOAD_PART_SIZE: '1024' })).toThrow(
      /UPLOAD_PART_SIZE must be a whole number of bytes, at least 5242880/,
    );
    expect(() => readConfig({ VIDEO_MAX_BYTES: '500MB' })).toThrow(/VIDEO_MAX_BYTES must be a whole number of bytes/);
  });

  it('reads ICE_SERVERS as JSON and a TURN server with its shared secret, both or neither', () => {
    expect(readConfig({}).ice).toEqual({ servers: [], turn: undefined });
    const stun =
      '[{"urls":"stun:stun.example.com:3478"},{"urls":["turn:t.example.com"],"username":"u","credential":"c"}]';
    expect(readConfig({ ICE_SERVERS: stun }).ice.servers).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: ['turn:t.example.com'], username: 'u', credential: 'c' },
    ]);
    const turn = readConfig({
      TURN_URLS: 'turn:turn.example.com:3478, turns:turn.example.com:5349',
      TURN_SECRET: 's'.repeat(32),
    });
    expect(turn.ice.turn).toEqual({
      urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'],
      secret: 's'.repeat(32),
      ttlSeconds: 3600,
    });
    for (const bad of ['not json', '{"urls":"stun:x"}', '[{"urls":"http://x"}]', '[{}]']) {
      expect(() => readConfig({ ICE_SERVERS: bad }), bad).toThrow(/ICE_SERVERS must be a JSON list of ICE servers/);
    }
    expect(() => readConfig({ TURN_URLS: 'turn:t.example.com' })).toThrow(/TURN_SECRET must be set too/);
    expect(() => readConfig({ TURN_SECRET: 's'.repeat(32) })).toThrow(/TURN_URLS must be set too/);
    expect(() => readConfig({ TURN_URLS: 'http://x', TURN_SECRET: 's'.repeat(32) })).toThrow(/TURN_URLS must be turn:/);
    // Secrets are never repeated in the message.
    expect(() => readConfig({ TURN_URLS: 'turn:t', TURN_SECRET: 'short-secret' })).toThrow(
      /TURN_SECRET must be at least 16 characters \(got a value of 12 characters, not shown\)/,
    );
  });

  it('takes the S3 settings together, or none', () => {
    const config = readConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'parley-videos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'parley-videos',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => readConfig({ S3_BUCKET: 'parley-videos' })).toThrow(
      /S3_REGION must be set too[\s\S]*S3_ACCESS_KEY_ID must be set too[\s\S]*S3_SECRET_ACCESS_KEY must be set too/,
    );
    expect(() => readConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http\(s\) address/);
  });
});
