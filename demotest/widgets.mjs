// Drives the drop-in widgets in headless Chromium from pages on ANOTHER
// origin than the API (the host pages in pages/, served by the Go test with
// a strict Content-Security-Policy): the address finder (typing, keyboard
// choice, fields filled, no request after Escape, buildings, postcodes,
// errors, the custom element, axe-core) and the listing map (renders the
// listings). Run by integration/widgets_browser_test.go:
//
//   node widgets.mjs --host http://127.0.0.1:PORT --api http://127.0.0.1:PORT2 \
//     --query "<street>" --postcode "EX1 1AA" --building "<name>" --out screenshots/widgets
//     [--place Baltasound --road "Nikkavord Lea" --place-lat 60.76 --place-lng -0.86]
//       (an OS Open Names locality and road the server has, both within a
//       zoom-13 view of that point: the offline basemap must label them)
//     [--cpu-throttle 4]  (slow the page's CPU down n times, as on a busy machine)
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

function args(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('--')) continue;
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out[argv[i].slice(2)] = true;
    else { out[argv[i].slice(2)] = next; i++; }
  }
  return out;
}
const opt = args(process.argv.slice(2));
if (!opt.host || !opt.api || !opt.query) {
  console.error('usage: node widgets.mjs --host <page origin> --api <API origin> --query <text> [--postcode PC] [--building NAME]');
  process.exit(2);
}
const host = opt.host.replace(/\/$/, '');
const api = opt.api.replace(/\/$/, '');
const outDir = path.resolve(opt.out || 'screenshots/widgets');
const executablePath = opt.chromium || process.env.CHROMIUM || '/usr/bin/chromium';
const timeout = Number(opt.timeout || 15000);
mkdirSync(outDir, { recursive: true });
const userDataDir = mkdtempSync(path.join(tmpdir(), 'widgettest-profile-'));
const log = (...m) => console.log('[widgets]', ...m);
let checks = 0;
function check(name, ok, detail) {
  checks++;
  log((ok ? 'ok   ' : 'FAIL ') + name + (detail ? ' — ' + detail : ''));
  if (!ok) throw new Error('check failed: ' + name + (detail ? ': ' + detail : ''));
}

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  viewport: { width: 1100, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
    '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});

const pageErrors = [];
// axe runs in the page through the DevTools protocol (the page's CSP would
// refuse an injected script); WCAG 2.x A and AA rules plus best practices.
async function axe(page, label) {
  const errorsBefore = pageErrors.length;
  await page.evaluate(axeSource);
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  // axe's own probes set inline styles, which the host page's CSP refuses
  // (and logs): those messages are axe's, not the widgets'.
  const logged = pageErrors.splice(errorsBefore);
  const own = logged.filter((e) => !/Applying inline style violates/.test(e));
  if (logged.length > own.length) log('axe ' + label + ': ' + (logged.length - own.length) + ' CSP messages from axe\'s own probes set aside');
  pageErrors.push(...own);
  const v = r.violations.map((x) => x.id + ' (' + x.nodes.length + '): ' + x.nodes.slice(0, 2).map((n) => n.target.join(' ')).join('; '));
  log('axe ' + label + ': ' + r.violations.length + ' violations, ' + r.passes.length + ' rules passed');
  check('axe-core: no violations ' + label, r.violations.length === 0, v.join(' | '));
}

const external = [];
let failed = false;
try {
  const allowed = new Set([new URL(host).origin, new URL(api).origin]);
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (!allowed.has(u.origin) && u.protocol !== 'data:' && u.protocol !== 'blob:') {
      external.push(u.href);
      return route.abort();
    }
    return route.continue();
  });
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(timeout);
  if (Number(opt['cpu-throttle']) > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(opt['cpu-throttle']) });
    log('CPU throttled ' + opt['cpu-throttle'] + '×');
  }
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push('console: ' + m.text()); });
  // Every request the page makes to the API, with the time it started.
  const apiCalls = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin === new URL(api).origin) apiCalls.push({ t: Date.now(), path: u.pathname, q: u.searchParams, method: r.method() });
  });
  const finds = () => apiCalls.filter((c) => c.method === 'GET' && /\/address-lookup\/(find|postcode)$/.test(c.path));

  // ---------------------------------------------------------------- form
  const resp = await page.goto(host + '/form.html', { waitUntil: 'load' });
  check('host page loads from another origin', resp.ok() && new URL(host).origin !== new URL(api).origin, host + ' vs ' + api);
  await page.waitForFunction(() => window.finder && customElements.get('ukpd-address-finder'));
  const input = page.locator('#address');
  const listId = await input.getAttribute('aria-controls');
  const list = page.locator('#' + listId);
  check('input is a combobox', (await input.getAttribute('role')) === 'combobox' && (await input.getAttribute('aria-expanded')) === 'false' &&
    (await list.getAttribute('role')) === 'listbox', 'aria-controls=' + listId);

  // Typing: debounced (fewer requests than keystrokes), suggestions listed.
  const query = String(opt.query);
  const before = finds().length;
  await input.click();
  await input.pressSequentially(query, { delay: 40 });
  await list.locator('[role=option]').first().waitFor({ state: 'visible' });
  const n = await list.locator('[role=option]').count();
  const sent = finds().length - before;
  check('typing lists suggestions', n > 1, n + ' options for "' + query + '"');
  check('keystrokes are debounced', sent >= 1 && sent < query.length, sent + ' requests for ' + query.length + ' keystrokes');
  check('requests go through the public-key relay', apiCalls.every((c) => c.path.startsWith('/api/embed/v2/') || c.path.startsWith('/widgets/')),
    [...new Set(apiCalls.map((c) => c.path))].join(', '));
  check('aria-expanded is true with the list open', (await input.getAttribute('aria-expanded')) === 'true');
  const live = await page.locator('.ukpd-af-live').first().textContent();
  check('live region announces the number of suggestions', new RegExp('^' + n + ' addresses found').test(live), live);
  check('matches highlighted', (await list.locator('mark').count()) > 0);
  await page.screenshot({ path: path.join(outDir, '01-suggestions.png') });
  await axe(page, 'with the list open');

  // Keyboard: down, down, up → the first option is active.
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  await input.press('ArrowUp');
  const first = list.locator('[role=option]').first();
  const firstId = await first.getAttribute('id');
  check('arrows move the active option', (await input.getAttribute('aria-activedescendant')) === firstId &&
    (await first.getAttribute('aria-selected')) === 'true', firstId);

  // Escape closes the list and drops the pending keystroke: type one more
  // character and Escape before the debounce ends; no request follows.
  await input.press('Escape');
  check('Escape closes the list', await list.isHidden() && (await input.getAttribute('aria-expanded')) === 'false');
  await input.press('End');
  await input.type(' ');
  await input.press('Backspace');
  await input.press('Escape');
  // No sleep: after a page timer longer than the debounce (timers run in
  // the order they fall due, so a keystroke's lookup that Escape failed
  // to cancel would run first and send its request at once) the page
  // requests a sentinel; requests are seen in the order they are sent, so
  // any lookup would be seen before it.
  const mark = apiCalls.length;
  const sentinel = api + '/widgets/address-finder.js?after-escape';
  const seen = page.waitForRequest((r) => r.url() === sentinel);
  await page.evaluate((u) => new Promise((res) => setTimeout(() => {
    fetch(u, { mode: 'no-cors', credentials: 'omit' }).catch(() => {});
    res();
  }, 2 * window.finder.options.debounce)), sentinel);
  await seen;
  const after = apiCalls.slice(mark).filter((c) => c.method === 'GET' && /\/address-lookup\/(find|postcode)$/.test(c.path));
  check('no request after Escape', after.length === 0 && apiCalls.slice(mark).some((c) => c.path === '/widgets/address-finder.js'),
    after.length + ' requests before the sentinel');
  check('list stays closed after Escape', await list.isHidden());

  // Choose with the keyboard: ArrowDown reopens, Enter picks; a building
  // lists its flats first.
  await input.press('ArrowDown'); // reopens the list with the first option active
  await list.locator('[role=option]').first().waitFor({ state: 'visible' });
  const activeLine = async () => page.evaluate((id) => {
    const o = document.getElementById(document.getElementById(id).getAttribute('aria-activedescendant'));
    return o ? o.firstChild.textContent.trim() : '';
  }, 'address');
  let chosen = await activeLine();
  await input.press('Enter');
  if (/flats/.test(chosen)) {
    await page.waitForFunction((id) => document.getElementById(id).querySelectorAll('[role=option]').length > 0 &&
      !document.getElementById(id).querySelector('.ukpd-af-more'), listId);
    await input.press('ArrowDown');
    chosen = await activeLine();
    await input.press('Enter');
  }
  await page.waitForFunction(() => window.events.select.length === 1);
  const sel = await page.evaluate(() => window.events.select[0]);
  const fields = await page.evaluate(() => Object.fromEntries(['l1', 'l2', 'l3', 'town', 'pc', 'uprn'].map((id) => [id, document.getElementById(id).value])));
  check('Enter fills the form fields', fields.l1 && fields.town && /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/.test(fields.pc) && /^\d+$/.test(fields.uprn) &&
    fields.uprn === sel.uprn && fields.l1 === sel.line_1, JSON.stringify(fields));
  check('the active option is the address filled', chosen === fields.l1, chosen + ' → ' + fields.l1);
  check('the input shows the full address', (await input.inputValue()).includes(fields.pc), await input.inputValue());
  await page.screenshot({ path: path.join(outDir, '02-filled.png') });
  await axe(page, 'after choosing');

  // A whole postcode lists its addresses.
  if (opt.postcode) {
    await input.fill('');
    await input.pressSequentially(String(opt.postcode), { delay: 30 });
    await list.locator('[role=option]').first().waitFor({ state: 'visible' });
    const texts = await list.locator('[role=option]').allTextContents();
    const pcCall = finds().filter((c) => c.path.endsWith('/postcode')).pop();
    check('a postcode lists its addresses', texts.length >= Number(opt['postcode-min'] || 2) && !!pcCall,
      texts.length + ' options: ' + texts.slice(0, 3).join(' | '));
    await page.screenshot({ path: path.join(outDir, '03-postcode.png') });
    await input.press('Escape');
  }

  // A building expands to its flats.
  if (opt.building) {
    await input.fill('');
    await input.pressSequentially(String(opt.building), { delay: 30 });
    const bOpt = list.locator('[role=option]:has(.ukpd-af-more)').first();
    await bOpt.waitFor({ state: 'visible' });
    const idx = Number(await bOpt.getAttribute('data-i'));
    for (let i = 0; i <= idx; i++) await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForFunction((id) => !document.getElementById(id).hidden && !document.getElementById(id).querySelector('.ukpd-af-more'), listId);
    const flats = await list.locator('[role=option]').allTextContents();
    const liveText = await page.locator('.ukpd-af-live').first().textContent();
    check('a building expands to its flats', flats.length >= 2 && /flats in/.test(liveText), flats.length + ' options; ' + liveText);
    await page.screenshot({ path: path.join(outDir, '04-flats.png') });
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForFunction(() => window.events.select.length === 2);
    const flat = await page.evaluate(() => window.events.select[1]);
    check('a flat fills the fields', flat.uprn && (await page.locator('#uprn').inputValue()) === flat.uprn, flat.line_1);
  }

  // Errors: 429, 402 and a network failure show a short message and leave
  // the input a plain text box (the user types the address by hand).
  for (const [what, fulfil, want] of [
    ['429', (r) => r.fulfill({ status: 429, headers: { 'Access-Control-Allow-Origin': '*', 'Retry-After': '1' }, contentType: 'application/json', body: '{"error":{"code":"rate_limited","message":"slow down"}}' }), /Too many/],
    ['402', (r) => r.fulfill({ status: 402, headers: { 'Access-Control-Allow-Origin': '*' }, contentType: 'application/json', body: '{"error":{"code":"quota_exceeded","message":"quota"}}' }), /unavailable/],
    ['network', (r) => r.abort('internetdisconnected'), /could not be reached/],
  ]) {
    // a fresh page per case: 402 switches lookups off for the page
    await page.goto(host + '/form.html', { waitUntil: 'load' });
    await page.waitForFunction(() => window.finder);
    await page.route('**/address-lookup/find*', fulfil);
    await page.locator('#address').pressSequentially('12 Hi', { delay: 20 });
    const msg = page.locator('.ukpd-af-msg').first();
    await page.waitForFunction(() => document.querySelector('.ukpd-af-msg').textContent !== '');
    const text = await msg.textContent();
    await page.locator('#address').pressSequentially('gh Street, Exeter', { delay: 5 });
    const typed = await page.locator('#address').inputValue();
    const err = await page.evaluate(() => window.events.error[0]);
    check('error ' + what + ': short message, typing by hand works', want.test(text) && typed === '12 High Street, Exeter' &&
      (await page.locator('#' + listId).isHidden()) && err && String(err.kind) === what, text + ' / ' + JSON.stringify(err));
    await page.unroute('**/address-lookup/find*');
    if (what === '429') await page.screenshot({ path: path.join(outDir, '05-error-429.png') });
  }
  pageErrors.splice(0); // the failed requests above log console errors on purpose

  // The custom element fills the fields of its form by name.
  await page.goto(host + '/form.html', { waitUntil: 'load' });
  await page.waitForFunction(() => window.finder);
  const elInput = page.locator('#finder-element input');
  await elInput.click();
  await elInput.pressSequentially(query, { delay: 30 });
  await page.locator('#finder-element [role=option]').first().waitFor({ state: 'visible' });
  let elOpt = (await page.locator('#finder-element [role=option]').first().textContent()).trim();
  await elInput.press('ArrowDown');
  await elInput.press('Enter');
  if (elOpt.includes('flats')) {
    await page.waitForFunction(() => !document.querySelector('#finder-element .ukpd-af-more') && document.querySelector('#finder-element [role=option]'));
    await elInput.press('ArrowDown');
    await elInput.press('Enter');
  }
  await page.waitForFunction(() => window.events.elementSelect.length === 1);
  const pc2 = await page.locator('#pc2').inputValue();
  check('custom element fills its form', /\d[A-Z]{2}$/.test(pc2) && (await page.locator('#town2').inputValue()) !== '' &&
    (await elInput.getAttribute('aria-label')) === 'Billing address', pc2);
  check('page stays within its two origins', external.length === 0, external.slice(0, 3).join(', '));
  check('no page errors (form)', pageErrors.length === 0, pageErrors.slice(0, 5).join(' | '));

  // ---------------------------------------------------------------- map
  const mapResp = await page.goto(host + '/map.html', { waitUntil: 'load' });
  check('map page loads', mapResp.ok());
  await page.waitForFunction(() => window.results.length > 0 || window.mapError, null, { timeout: 30000 });
  const mapErr = await page.evaluate(() => window.mapError);
  check('map loads listings', !mapErr, mapErr);
  const r0 = await page.evaluate(() => window.results[window.results.length - 1]);
  const markers = await page.locator('#map .ukpd-lm-cluster').count();
  check('listing map renders listings', r0.total > 0 && r0.clusters > 0 && markers === r0.clusters, JSON.stringify(r0) + ', ' + markers + ' markers');
  const canvas = page.locator('#map canvas.maplibregl-canvas');
  check('MapLibre draws the basemap in WebGL', await canvas.count() === 1 && (await canvas.boundingBox()).width > 100);
  // Zoom with the control: another request through the relay, new clusters.
  const nRes = await page.evaluate(() => window.results.length);
  await page.locator('#map .maplibregl-ctrl-zoom-in').click();
  await page.waitForFunction((k) => window.results.length > k, nRes);
  const r1 = await page.evaluate(() => window.results[window.results.length - 1]);
  check('zooming in reloads the clusters', r1.clusters > 0, JSON.stringify(r0) + ' → ' + JSON.stringify(r1));
  // The screenshot once the map has settled and drawn its basemap.
  await page.waitForFunction(() => { const m = window.listingMap.map; return !m.isMoving() && m.loaded(); });
  await page.screenshot({ path: path.join(outDir, '06-map.png') });
  await axe(page, 'on the listing map page');
  check('no page errors (map)', pageErrors.length === 0, pageErrors.slice(0, 5).join(' | '));

  // The offline basemap's labels: the places and streets the server has
  // from OS Open Names, drawn with the browser's own font (no glyphs).
  if (opt.place) {
    await page.goto(host + '/map.html?lat=' + opt['place-lat'] + '&lng=' + opt['place-lng'] + '&zoom=13', { waitUntil: 'load' });
    // The labels drawn: names loaded, then placed on a later frame.
    await page.evaluate(() => {
      window.labelsDrawn = () => {
        const lm = window.listingMap;
        if (!lm || !lm.map || !(Number(lm.container.dataset.places || 0) > 0)) return [];
        const m = lm.map;
        const layers = ['ukpd-place-town', 'ukpd-place-locality', 'ukpd-place-street'].filter((id) => m.getLayer(id));
        return m.queryRenderedFeatures({ layers }).map((f) => f.properties.type + ':' + f.properties.name);
      };
    });
    try {
      await page.waitForFunction((want) => want.every((w) => window.labelsDrawn().includes(w)), ['locality:' + opt.place, 'street:' + opt.road]);
    } catch (_) { /* the checks below say what is missing */ }
    const labels = await page.evaluate(() => window.labelsDrawn());
    const loaded = await page.evaluate(() => Number(window.listingMap.container.dataset.places));
    check('the offline basemap labels the place', labels.includes('locality:' + opt.place), loaded + ' names loaded, ' + labels.length + ' drawn: ' + labels.slice(0, 8).join(', '));
    check('the offline basemap labels streets', labels.includes('street:' + opt.road), labels.filter((l) => l.startsWith('street:')).slice(0, 8).join(', '));
    const attribution = await page.locator('#map .maplibregl-ctrl-attrib').textContent();
    check('the labels carry the OS attribution', attribution.includes('Contains OS data'), attribution);
    await page.screenshot({ path: path.join(outDir, '07-map-places.png') });
    check('no page errors (places)', pageErrors.length === 0, pageErrors.slice(0, 5).join(' | '));
  }
  check('map page stays within its two origins', external.length === 0, external.slice(0, 3).join(', '));
} catch (e) {
  failed = true;
  console.error('[widgets] ' + (e && e.stack ? e.stack : e));
  try {
    const page = context.pages()[0];
    if (page) await page.screenshot({ path: path.join(outDir, 'failure.png'), fullPage: true });
  } catch (_) { /* best effort */ }
} finally {
  await context.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ ok: !failed, checks, screenshots: outDir }));
process.exit(failed ? 1 : 0);
