#!/usr/bin/env node
// Runs every check and test of the workspace in order, then prints one closing line with the
// real totals of the test runners: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const reports = path.resolve('test-results/reports');

// The server's tests run on PGlite and on PostgreSQL; .ci/run sets the address, and a developer's
// machine of this kind has the same server on the standard port.
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Each step: a command, and where its runner writes a JSON report (if it is a test runner). */
const steps = [
  { name: 'lint', command: ['pnpm', 'lint'] },
  { name: 'typecheck', command: ['pnpm', 'typecheck'] },
  {
    name: 'unit, component and server tests (jsdom, Node, PGlite and PostgreSQL)',
    command: [
      'pnpm',
      'exec',
      'vitest',
      'run',
      '--project',
      'unit',
      '--project',
      'unit-forks',
      '--project',
      'node',
      '--project',
      'server-pglite',
      '--project',
      'server-postgres',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/unit.json`,
    ],
    report: { kind: 'vitest', file: `${reports}/unit.json` },
  },
  {
    name: 'web app and widget build',
    command: ['pnpm', '--filter', '@parley/web', '--filter', '@parley/widget', 'build'],
  },
  {
    name: 'bundle size (gzip JS and CSS per page, against budgets)',
    command: ['node', 'scripts/bundle-size.mjs', '--no-build'],
  },
  {
    name: 'end-to-end journeys (built web app on the real server)',
    command: ['pnpm', 'exec', 'playwright', 'test', '-c', 'e2e/app.config.ts', '--reporter=dot,json'],
    // The step above built the app; the journeys' global setup then only starts the server.
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`, PARLEY_WEB_BUILT: '1' },
    report: { kind: 'playwright', file: `${reports}/e2e.json` },
  },
  {
    name: 'stories in Chromium (play functions + accessibility)',
    command: [
      'pnpm',
      'exec',
      'vitest',
      'run',
      '--project',
      'storybook',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${reports}/stories.json`,
    ],
    report: { kind: 'vitest', file: `${reports}/stories.json` },
  },
  { name: 'static Storybook build', command: ['pnpm', 'build-storybook'] },
  {
    name: 'visual regression (light, dark, RTL)',
    command: ['pnpm', 'exec', 'playwright', 'test', '-c', 'e2e/visual.config.ts', '--reporter=dot,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/visual.json` },
    report: { kind: 'playwright', file: `${reports}/visual.json` },
  },
];

const relative = (file) => path.relative(process.cwd(), file);

/**
 * The first lines of a failure's message, without colour codes: printed under the test's name at
 * the end, so that the tail of a CI log (often all that is kept) says why a test failed, not only which.
 */
function excerpt(message) {
  if (!message) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape codes of terminal colours
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, '');
  // The stack's frames in the runners' own code say nothing of the test.
  const lines = plain
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s+at .*(node_modules|<anonymous>|node:internal)/.test(line));
  return lines
    .slice(0, 8)
    .map((line) => line.slice(0, 300))
    .join('\n');
}

function countVitest(file) {
  const result = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  for (const suite of result.testResults) {
    // Suites that fail to load report no tests; count each such file as one failure.
    if (suite.status === 'failed' && suite.assertionResults.length === 0) {
      failures.push({ name: `${relative(suite.name)} (did not load)`, detail: excerpt(suite.message) });
    }
    for (const test of suite.assertionResults) {
      if (test.status === 'failed') {
        failures.push({
          name: `${relative(suite.name)} › ${test.fullName}`,
          detail: excerpt(test.failureMessages?.[0]),
        });
      }
    }
  }
  return { passed: result.numPassedTests, failed: failures.length, failures };
}

/** Walks Playwright's nested suites for the specs whose outcome was unexpected (failed). */
function playwrightFailures(suite, titles = []) {
  const trail = suite.title ? [...titles, suite.title] : titles;
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
      .map((test) => {
        const project = test.projectName ? ` [${test.projectName}]` : '';
        const retried = test.status === 'flaky' ? ' (failed, then passed on the retry)' : '';
        const error = test.results?.find((result) => result.error)?.error;
        return {
          failed: test.status === 'unexpected',
          name: `${[...trail, spec.title].join(' › ')}${project}${retried}`,
          detail: excerpt(error?.message ?? error?.value),
        };
      }),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, trail))];
}

function countPlaywright(file) {
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  const outcomes = suites.flatMap((suite) => playwrightFailures(suite));
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    flaky: stats.flaky,
    failures: outcomes.filter((outcome) => outcome.failed),
    retried: outcomes.filter((outcome) => !outcome.failed),
  };
}

let passed = 0;
let failed = 0;
const failedSteps = [];
/** The failed tests' names, printed again at the end: a CI log's tail then says what failed. */
const failedTests = [];
/** The journeys that failed once and passed on their retry: named too, so a flake gets fixed. */
const retriedTests = [];
/** How long each step took, printed at the end: where a slow run spent its time. */
const timings = [];
const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
/**
 * The machine's CPU time so far, busy and in all (Linux's /proc/stat; undefined elsewhere): how much of
 * a step's time the cores were working says whether a step waits (and could share them) or computes.
 */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}
const busyShare = (before, after) =>
  before && after && after.total > before.total
    ? `${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))
        .toString()
        .padStart(3)} % CPU`
    : '';
const runStarted = Date.now();
const runCpu = cpuTimes();
for (const step of steps) {
  console.info(`\n▶ ${step.name}`);
  const stepStarted = Date.now();
  const cpuBefore = cpuTimes();
  const run = spawnSync(step.command[0], step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  timings.push(
    `  ${minutes(Date.now() - stepStarted).padStart(6)}  ${busyShare(cpuBefore, cpuTimes()).padEnd(7)}  ${step.name}`,
  );
  if (step.report) {
    try {
      const counts = step.report.kind === 'vitest' ? countVitest(step.report.file) : countPlaywright(step.report.file);
      passed += counts.passed;
      failed += counts.failed;
      failedTests.push(...counts.failures.map((failure) => ({ ...failure, name: `${step.name}: ${failure.name}` })));
      retriedTests.push(...(counts.retried ?? []).map((retry) => ({ ...retry, name: `${step.name}: ${retry.name}` })));
      const flaky = counts.flaky ? ` (${counts.flaky} of them passed only on the retry)` : '';
      console.info(`  ${step.name}: ${counts.passed} passed, ${counts.failed} failed${flaky}`);
    } catch {
      failed += 1;
      console.error(`  ${step.name}: no report was written`);
    }
  }
  if (run.status !== 0) {
    failedSteps.push(step.name);
    if (!step.report) {
      failed += 1;
    }
  }
}

console.info(
  `\nTime by step (m:ss, and how busy the machine's cores were):\n${timings.join('\n')}\n  ${minutes(Date.now() - runStarted).padStart(6)}  ${busyShare(runCpu, cpuTimes()).padEnd(7)}  in all`,
);
if (failedSteps.length > 0) {
  console.error(`\nFailed: ${failedSteps.join('; ')}`);
}
/** A test's name, and under it, indented, why it failed. */
const described = (mark) => (test) =>
  `  ${mark} ${test.name}${test.detail ? `\n${test.detail.replace(/^/gm, '      ')}` : ''}`;
if (retriedTests.length > 0) {
  console.warn(`\nPassed only on the retry:\n${retriedTests.map(described('~')).join('\n')}`);
}
if (failedTests.length > 0) {
  console.error(`\nFailed tests:\n${failedTests.map(described('✘')).join('\n')}`);
}
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);
