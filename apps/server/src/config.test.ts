import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('configuration', () => {
  it('has embedded defaults: port 8080, PGlite, the development mailbox, demo data', () => {
    const config = readConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.devMailbox).toBe(true);
    expect(config.demoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.leadsTeamId).toBeUndefined();
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
});
