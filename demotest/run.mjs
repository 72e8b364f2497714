// Drives the /demo page in headless Chromium (Debian's /usr/bin/chromium)
// with playwright-core: address finder widget → form fields and property
// card, listing map widget pan/zoom → clusters and list update, filters,
// areas, stamp duty. Exits non-zero on the first failed
// check. Run by integration/demo_browser_test.go, which starts the API with
// fixture data and a public key; by hand:
//
//   node demotest/run.mjs --url http://127.0.0.1:8080 --key <public key> \
//     --query "12 high" --expect "EX1" [--lat 50.72 --lng -3.53 --zoom 14]
//     [--price 300000 --expect-tax "£5,000.00"] [--out screenshots/demo]
//     [--alert-hook URL]  (POSTed {listing_id}; the test appends an alert event)
//     [--cpu-throttle 4]  (slow the page's CPU down n times, as on a busy machine)
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function args(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out[a.slice(2)] = true;
    else { out[a.slice(2)] = next; i++; }
  }
  return out;
}

const opt = args(process.argv.slice(2));
if (!opt.url) {
  console.error('usage: node run.mjs --url <api base> [--key <public key>] [--query <text>] [--expect <text>]');
  process.exit(2);
}
const base = opt.url.replace(/\/$/, '');
const outDir = path.resolve(opt.out || 'screenshots/demo');
const query = opt.query || '1 high';
const expect = opt.expect || '';
const price = opt.price || '300000';
const expectTax = opt['expect-tax'] || '£5,000.00';
const executablePath = opt.chromium || process.env.CHROMIUM || '/usr/bin/chromium';
const timeout = Number(opt.timeout || 15000);

mkdirSync(outDir, { recursive: true });
const userDataDir = mkdtempSync(path.join(tmpdir(), 'demotest-profile-'));
const log = (...m) => console.log('[demotest]', ...m);
const checks = [];
function check(name, ok, detail) {
  checks.push({ name, ok: !!ok, detail: detail || '' });
  log((ok ? 'ok   ' : 'FAIL ') + name + (detail ? ' — ' + detail : ''));
  if (!ok) throw new Error('check failed: ' + name + (detail ? ': ' + detail : ''));
}

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  viewport: { width: 1280, height: 1000 },
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-dev-shm-usage',
  ],
});

const external = [];
const pageErrors = [];
const relayCalls = [];
const trace = [];
let failed = false;
try {
  const origin = new URL(base).origin;
  // The page must not reach anything but its own origin (no CDN, fonts or tiles).
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.origin !== origin && u.protocol !== 'data:' && u.protocol !== 'blob:') {
      external.push(u.href);
      return route.abort();
    }
    if (u.pathname.startsWith('/api/')) relayCalls.push(u.pathname);
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
  // The last API requests and how they ended, printed when a check fails.
  const t0 = Date.now();
  const recent = (r, how) => {
    const u = new URL(r.url());
    if (!u.pathname.startsWith('/api/')) return;
    trace.push(((Date.now() - t0) / 1000).toFixed(2) + 's ' + how + ' ' + u.pathname.replace('/api/embed/v2/', '') + (u.searchParams.has('bbox') ? ' bbox=' + u.searchParams.get('bbox') : ''));
    if (trace.length > 30) trace.shift();
  };
  page.on('request', (r) => recent(r, 'sent'));
  page.on('requestfinished', (r) => recent(r, 'done'));
  page.on('requestfailed', (r) => recent(r, 'failed (' + (r.failure() || {}).errorText + ')'));

  const q = new URLSearchParams();
  if (opt.key) q.set('key', opt.key);
  if (opt.lat) q.set('lat', opt.lat);
  if (opt.lng) q.set('lng', opt.lng);
  if (opt.zoom) q.set('zoom', opt.zoom);
  const pageURL = base + '/demo' + (q.toString() ? '?' + q : '');
  log('open', pageURL.replace(/key=[^&]+/, 'key=…'));
  const resp = await page.goto(pageURL, { waitUntil: 'load' });
  check('page loads', resp && resp.ok(), resp ? 'status ' + resp.status() : 'no response');
  check('public key present', await page.locator('#key-warning').isHidden());

  // Map: first load of clusters and listings.
  const statusRe = /([\d,]+) listings · (\d+) clusters · zoom (\d+)/;
  const mapStatus = page.locator('#map-status');
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#map-status').textContent),
    statusRe.source, { timeout });
  const parse = async () => {
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#map-status').textContent), statusRe.source, { timeout });
    const m = (await mapStatus.textContent()).match(statusRe);
    return { listings: Number(m[1].replace(/,/g, '')), clusters: Number(m[2]), zoom: Number(m[3]) };
  };
  const s0 = await parse();
  check('clusters drawn on first load', s0.clusters > 0 && s0.listings > 0, JSON.stringify(s0));
  const listIDs = () => page.locator('#listing-list li').evaluateAll((lis) => lis.map((li) => li.dataset.id));
  const ids0 = await listIDs();
  check('listing list filled', ids0.length > 0, ids0.length + ' items');
  await page.screenshot({ path: path.join(outDir, '01-loaded.png'), fullPage: true });

  // Live alerts: the test's hook reduces the price of a listing in view
  // and runs the change through the saved searches, which appends a
  // price_reduced event of the organisation's public alert; the page,
  // which follows the stream through the relay, shows a toast. First
  // while the page waits to reconnect (the test's server ends streams
  // after a few seconds, production ones after an hour) before it has
  // seen any event: it resumes after the id the server named on opening
  // the stream. Then on the open stream. No sleeps: each step waits for
  // the page's #toasts[data-stream].
  if (opt['alert-hook']) {
    const streamIs = async (states) => {
      await page.waitForFunction((want) => want.includes(document.querySelector('#toasts').dataset.stream), states, { timeout });
      return page.locator('#toasts').getAttribute('data-stream');
    };
    const changeAndToast = async (id, what) => {
      const hook = await fetch(String(opt['alert-hook']), { method: 'POST', body: JSON.stringify({ listing_id: id }) });
      check('alert hook matched a public alert ' + what, hook.ok, 'status ' + hook.status + ' ' + (await hook.text()).trim());
      const toastSel = '#toasts .toast[data-type="price_reduced"][data-listing-id="' + id + '"]';
      let shown = true;
      try { await page.locator(toastSel).first().waitFor({ state: 'visible', timeout }); } catch (_) { shown = false; }
      check('toast shown when a listing in view changes ' + what, shown, shown ? await page.locator(toastSel).first().textContent() : 'no toast');
      return shown;
    };
    const state = await streamIs(['open', 'off']);
    check('alert stream open through the relay', state === 'open', 'data-stream=' + state);
    const gap = await streamIs(['reconnecting']);
    check('the server ended the stream', gap === 'reconnecting', 'data-stream=' + gap);
    await changeAndToast(ids0[0], '(while reconnecting, before any event)');
    check('a second listing in view', ids0.length > 1, ids0.length + ' items');
    const again = await streamIs(['open']);
    check('the page reconnected', again === 'open', 'data-stream=' + again);
    if (await changeAndToast(ids0[1], '(stream open)')) await page.screenshot({ path: path.join(outDir, '01b-alert-toast.png') });
  }

  // Address finder widget: type, see highlighted suggestions, move with
  // the keyboard, pick; the form's fields and the property card fill in.
  const input = page.locator('#address-input');
  await page.waitForFunction(() => document.querySelector('#address-input').getAttribute('role') === 'combobox');
  const list = page.locator('#' + await input.getAttribute('aria-controls'));
  await input.click();
  await input.pressSequentially(query, { delay: 60 });
  await list.locator('[role=option]').first().waitFor({ state: 'visible' });
  const n = await list.locator('[role=option]').count();
  check('suggestions shown', n > 0, n + ' suggestions for "' + query + '"');
  check('matches highlighted', (await list.locator('mark').count()) > 0);
  await page.screenshot({ path: path.join(outDir, '02-suggestions.png') });
  await input.press('ArrowDown');
  if (n > 1) {
    await input.press('ArrowDown');
    await input.press('ArrowUp');
  }
  const firstOpt = list.locator('[role=option]').first();
  const sel = await input.getAttribute('aria-activedescendant');
  check('keyboard navigation selects the first suggestion', sel === await firstOpt.getAttribute('id') && (await firstOpt.getAttribute('aria-selected')) === 'true', String(sel));
  await input.press('Escape');
  check('escape closes the list', await list.isHidden());
  await input.press('ArrowDown'); // reopens with the first option active
  await list.locator('[role=option]').first().waitFor({ state: 'visible' });
  let picked = (await list.locator('[role=option]').first().locator('span').first().textContent()).replace(/\d+ flats ›$/, '').trim();
  const wasBuilding = (await list.locator('[role=option]').first().locator('.ukpd-af-more').count()) > 0;
  await input.press('Enter');
  if (wasBuilding) { // a building lists its flats: take the first
    await page.waitForFunction((id) => !document.getElementById(id).hidden && !document.getElementById(id).querySelector('.ukpd-af-more'), await input.getAttribute('aria-controls'));
    await input.press('ArrowDown');
    picked = (await list.locator('[role=option][aria-selected=true] span').first().textContent()).trim();
    await input.press('Enter');
  }
  const card = page.locator('#property-card');
  await card.waitFor({ state: 'visible' });
  const cardText = await card.textContent();
  check('property card shows the picked address', cardText.includes('UPRN') && cardText.includes(picked.replace(/\d+ flats$/, '').trim()) && (!expect || cardText.includes(expect)),
    (picked || '').trim() + ' → ' + cardText.replace(/\s+/g, ' ').slice(0, 160));
  const filled = await page.evaluate(() => Object.fromEntries(['line_1', 'town', 'postcode', 'uprn'].map((k) => [k, document.querySelector('#address-form [name=' + k + ']').value])));
  check('address form fields filled', filled.line_1 === picked && filled.postcode && /^\d+$/.test(filled.uprn) && cardText.includes(filled.uprn), JSON.stringify(filled));
  await page.screenshot({ path: path.join(outDir, '03-property-card.png'), fullPage: true });

  // Map: pan by dragging, then see clusters and the list update.
  // Each finished map refresh increments #map-status[data-seq] and sets
  // data-bbox to its view.
  const seq = async () => Number(await mapStatus.getAttribute('data-seq') || 0);
  const view = async () => mapStatus.getAttribute('data-bbox');
  // waitForNewStatus waits for the map to settle after a change: a refresh
  // finished after `before` (of another view than bboxBefore, when given),
  // the map no longer moving (drag inertia, zoom animations and a run of
  // wheel events all end), no refresh under way and the last refresh of
  // the view now shown; then want(status) if given. A slow machine only
  // makes it take longer: there is no intermediate view to catch.
  const waitForNewStatus = async (before, bboxBefore, want) => {
    try {
      await page.waitForFunction(([prev, bbox, re, want]) => {
        const el = document.querySelector('#map-status');
        const d = el.dataset;
        const m = window.ukpdDemoMap;
        if (!(Number(d.seq || 0) > prev) || (bbox && d.bbox === bbox)) return false;
        if (!m || !m.map || m.map.isMoving() || m.ctrl || d.bbox !== m.bbox().join(',')) return false;
        const st = el.textContent.match(new RegExp(re));
        if (!st) return false;
        const zoom = Number(st[3]);
        return !want || ((want.zoom === undefined || zoom === want.zoom) && (want.zoomBelow === undefined || zoom < want.zoomBelow));
      }, [before, bboxBefore || '', statusRe.source, want || null], { timeout });
    } catch (e) {
      const d = await page.evaluate(() => Object.assign({ text: document.querySelector('#map-status').textContent,
        moving: !!(window.ukpdDemoMap && window.ukpdDemoMap.map && window.ukpdDemoMap.map.isMoving()) }, document.querySelector('#map-status').dataset));
      throw new Error('the map did not settle on a new view (seq > ' + before + ', bbox ≠ ' + bboxBefore + (want ? ', ' + JSON.stringify(want) : '') +
        '): now ' + JSON.stringify(d) + ': ' + e.message);
    }
    return parse();
  };
  // The map's box in the viewport, read again before each use of the
  // mouse: a full-page screenshot may leave the page scrolled elsewhere.
  const mapBox = async () => {
    const canvas = page.locator('#map');
    await canvas.scrollIntoViewIfNeeded();
    const b = await canvas.boundingBox();
    return Object.assign(b, { cx: b.x + b.width / 2, cy: b.y + b.height / 2 });
  };
  const box = await mapBox();
  const { cx, cy } = box;
  const before = await seq();
  const bboxBefore = await view();
  // The drag starts and ends inside the map: MapLibre ends a mouse drag on
  // a mouseup over the map (released elsewhere, at the next mouse move),
  // and the list sits beside the map. By default it drags a third of the
  // map's width to the left: the view moves east, off the test's listings
  // west of the centre.
  const dx = Number(opt['pan-x'] || -Math.round(box.width / 3));
  const dy = Number(opt['pan-y'] || 0);
  check('the drag stays on the map', Math.abs(dx) < box.width / 2 && Math.abs(dy) < box.height / 2, dx + ',' + dy + ' in ' + Math.round(box.width) + '×' + Math.round(box.height));
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + dx / 2, cy + dy / 2, { steps: 5 });
  await page.mouse.move(cx + dx, cy + dy, { steps: 5 });
  await page.mouse.up();
  const s1 = await waitForNewStatus(before, bboxBefore);
  const ids1 = await listIDs();
  check('pan reloads clusters', s1.clusters > 0, JSON.stringify(s0) + ' → ' + JSON.stringify(s1));
  check('pan updates the listing list', JSON.stringify(ids1) !== JSON.stringify(ids0) || s1.listings !== s0.listings,
    ids0.length + ' → ' + ids1.length + ' items');
  await page.screenshot({ path: path.join(outDir, '04-panned.png'), fullPage: true });

  // Zoom: the + button and the wheel change the zoom and the clusters.
  const beforeZoom = await seq();
  const viewBeforeZoom = await view();
  await page.locator('#map .maplibregl-ctrl-zoom-in').click();
  const s2 = await waitForNewStatus(beforeZoom, viewBeforeZoom, { zoom: s1.zoom + 1 });
  check('zoom button zooms in', s2.zoom === s1.zoom + 1, s1.zoom + ' → ' + s2.zoom);
  const beforeWheel = await seq();
  const viewBeforeWheel = await view();
  const wheelAt = await mapBox();
  await page.mouse.move(wheelAt.cx, wheelAt.cy);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 240);
  const s3 = await waitForNewStatus(beforeWheel, viewBeforeWheel, { zoomBelow: s2.zoom });
  check('wheel zooms out', s3.zoom < s2.zoom, s2.zoom + ' → ' + s3.zoom);

  // Filters: 3+ bedrooms never shows more listings than before in the
  // same view.
  const beforeFilter = await seq();
  const viewBeforeFilter = await view();
  await page.locator('select[name="bedrooms"]').selectOption('3');
  const s4 = await waitForNewStatus(beforeFilter);
  const viewFiltered = await view();
  check('bedroom filter narrows the listings', viewFiltered === viewBeforeFilter && s4.listings <= s3.listings,
    s3.listings + ' → ' + s4.listings + (viewFiltered === viewBeforeFilter ? '' : ' (the view moved: ' + viewBeforeFilter + ' → ' + viewFiltered + ')'));
  await page.screenshot({ path: path.join(outDir, '05-filtered.png'), fullPage: true });

  // Area: find a boundary, draw it, filter the listings to it.
  if (opt.area) {
    const beforeArea = await seq();
    await page.locator('#area-input').fill(String(opt.area));
    await page.locator('#area-form button[type=submit]').click();
    const choice = page.locator('#area-choices button').first();
    await choice.waitFor({ state: 'visible' });
    const areaName = (await choice.textContent()).trim();
    await choice.click();
    await page.locator('#area-clear').waitFor({ state: 'visible' });
    const s5 = await waitForNewStatus(beforeArea);
    check('area boundary drawn and listings filtered to it', s5.listings > 0 && s5.clusters > 0, areaName + ': ' + JSON.stringify(s5));
    await page.screenshot({ path: path.join(outDir, '06-area.png'), fullPage: true });
  }

  // Stamp duty.
  await page.locator('#sdlt-form input[name="price"]').fill(String(price));
  await page.locator('#sdlt-form select[name="buyer_type"]').selectOption('standard');
  await page.locator('#sdlt-form select[name="region"]').selectOption('england');
  await page.locator('#sdlt-submit').click();
  const total = page.locator('#sdlt-total');
  await total.waitFor({ state: 'visible' });
  const tax = (await total.textContent()).trim();
  check('stamp duty computed', tax === expectTax, 'price ' + price + ' → ' + tax + ' (want ' + expectTax + ')');
  await page.locator('#sdlt').screenshot({ path: path.join(outDir, '07-stamp-duty.png') });
  await page.screenshot({ path: path.join(outDir, '08-final.png'), fullPage: true });

  check('no external requests', external.length === 0, external.slice(0, 5).join(', '));
  check('API called only through the relay', relayCalls.every((p) => p.startsWith('/api/embed/v2/')),
    [...new Set(relayCalls.filter((p) => !p.startsWith('/api/embed/v2/')))].join(', '));
  check('no page errors', pageErrors.length === 0, pageErrors.slice(0, 5).join(' | '));
} catch (e) {
  failed = true;
  console.error('[demotest] ' + (e && e.stack ? e.stack : e));
  console.error('[demotest] last API requests:\n  ' + trace.join('\n  '));
  if (pageErrors.length) console.error('[demotest] page errors:\n  ' + pageErrors.join('\n  '));
  try {
    const page = context.pages()[0];
    if (page) await page.screenshot({ path: path.join(outDir, 'failure.png'), fullPage: true });
  } catch (_) { /* best effort */ }
} finally {
  await context.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ ok: !failed, checks: checks.length, failed: checks.filter((c) => !c.ok).map((c) => c.name), screenshots: outDir }));
process.exit(failed ? 1 : 0);
