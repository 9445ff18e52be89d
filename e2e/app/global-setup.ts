import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startFakeSlack } from '../../apps/server/test/fake-slack';
import { repositoryRoot, startParley } from './parley-server';

/**
 * Builds the web app and the visitor widget once (skipped when PARLEY_WEB_BUILT=1, as `pnpm test` builds it in a step of
 * its own), starts the real server on a fresh database and hands its address to the tests in
 * PARLEY_E2E_URL, with a fake Slack Web API (PARLEY_E2E_SLACK_URL) as its SLACK_API_URL. PARLEY_E2E_URL
 * set beforehand points the tests at a server already running.
 * The function it returns stops the server and deletes its data folder.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.PARLEY_E2E_URL) {
    return undefined;
  }
  if (process.env.PARLEY_WEB_BUILT !== '1') {
    const started = Date.now();
    const build = spawnSync('pnpm', ['--filter', '@parley/web', '--filter', '@parley/widget', 'build'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      throw new Error(`The web app or the widget did not build:\n${build.stdout}\n${build.stderr}`);
    }
    console.info(`Built the web app and the widget in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // Slack's Web API for the Slack settings journey: a local fake the workers set up over HTTP.
  const slack = await startFakeSlack();
  process.env.PARLEY_E2E_SLACK_URL = slack.url;
  const started = Date.now();
  const server = await startParley({
    logFile: path.join(repositoryRoot, 'test-results/app-server.log'),
    env: { SLACK_API_URL: slack.url },
  });
  console.info(`Parley is running on ${server.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  process.env.PARLEY_E2E_URL = server.url;
  return async () => {
    await server.stop();
    await slack.close();
  };
}
