// Drives the /docs API reference (Swagger UI, embedded in the binary) in
// headless Chromium: the page renders every operation from the server's own
// schema, loads nothing from another origin, and its try-it console sends
// an authorized request to the same server (calculators.stamp_duty, keyed,
// free) and shows the answer. Run by integration/demo_browser_test.go
// (TestDocsBrowser); by hand:
//
//   node demotest/docs.mjs --url http://127.0.0.1:8080 --key <API key> [--operations 54] [--out screenshots/docs]
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const opt = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) opt[argv[i].replace(/^--/, '')] = argv[i + 1];
if (!opt.url || !opt.key) {
  console.error('usage: node docs.mjs --url <server> --key <API key> [--operations N] [--out dir]');
  process.exit(2);
}
const base = opt.url.replace(/\/$/, '');
const origin = new URL(base).origin;
const outDir = path.resolve(opt.out || 'screenshots/docs');
const wantOps = Number(opt.operations || 1);
const executablePath = opt.chromium || process.env.CHROMIUM || '/usr/bin/chromium';
mkdirSync(outDir, { recursive: true });
const userDataDir = mkdtempSync(path.join(tmpdir(), 'docstest-profile-'));
const log = (...m) => console.log('[docstest]', ...m);
function check(name, ok, detail) {
  log((ok ? 'ok   ' : 'FAIL ') + name + (detail ? ' — ' + detail : ''));
  if (!ok) throw new Error('check failed: ' + name + (detail ? ': ' + detail : ''));
}

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath, headless: true, viewport: { width: 1280, height: 1000 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  const page = context.pages()[0] || await context.newPage();
  const foreign = [];
  const consoleErrors = [];
  page.on('request', (r) => { if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url()); });
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 400 && !r.url().includes('/api/')) consoleErrors.push(r.status() + ' ' + r.url()); });

  await page.goto(base + '/docs', { waitUntil: 'load' });
  await page.waitForSelector('.swagger-ui .opblock', { timeout: 20000 });
  const title = await page.textContent('.swagger-ui .info .title');
  check('title from the schema', title && title.includes('UK Property Data API'), title);
  const ops = await page.$$eval('.swagger-ui .opblock', (els) => els.length);
  check('every operation rendered', ops >= wantOps, `${ops} of ${wantOps}`);
  const server = await page.$eval('.swagger-ui .servers select', (s) => s.value).catch(() => '');
  check('try-it server is this server (relative /api/v1)', server === '/api/v1', server);
  await page.screenshot({ path: path.join(outDir, '1-reference.png') });

  // Authorize with the API key (the ApiKey scheme: the Authorization header).
  await page.click('.swagger-ui .auth-wrapper .authorize');
  await page.waitForSelector('.swagger-ui .modal-ux input[type=text]');
  const input = (await page.$$('.swagger-ui .modal-ux input[type=text]'))[0];
  await input.fill('Api-Key ' + opt.key);
  await page.click('.swagger-ui .modal-ux .auth-btn-wrapper button.authorize');
  await page.click('.swagger-ui .modal-ux button.btn-done');

  // Open stamp duty, try it out, execute.
  const block = page.locator('.swagger-ui .opblock', { has: page.locator('[data-path="/calculators/stamp-duty"]') }).first();
  await block.locator('.opblock-summary').click();
  await block.locator('button.try-out__btn').click();
  await block.locator('tr[data-param-name="price"] input').fill('300000');
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/calculators/stamp-duty')),
    block.locator('button.execute').click(),
  ]);
  check('try-it request went to this server', resp.url().startsWith(base + '/api/v1/calculators/stamp-duty'), resp.url());
  check('try-it request was authorized', resp.status() === 200, 'status ' + resp.status());
  await block.locator('.responses-wrapper .live-responses-table').waitFor({ timeout: 10000 });
  const shown = await block.locator('.live-responses-table tbody .response-col_status').first().textContent();
  const bodyText = await block.locator('.live-responses-table tbody .response-col_description').first().textContent();
  check('console shows the JSON body', bodyText && bodyText.includes('"tax"'), (bodyText || '').slice(0, 120));
  check('console shows the answer', shown && shown.trim().startsWith('200'), shown);
  await page.screenshot({ path: path.join(outDir, '2-try-it.png'), fullPage: false });
  check('nothing loaded from another origin', foreign.length === 0, foreign.join(', '));
  check('no script errors', consoleErrors.length === 0, consoleErrors.join(' | '));
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await context.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
