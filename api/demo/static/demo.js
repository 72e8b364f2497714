// UK Property Data API demo: the address finder and listing map widgets
// (loaded before this script from /widgets/), live alerts, stamp duty. The
// page's own calls go through relay(); the widgets call the same relay.
'use strict';

(() => {
  const $ = (sel) => document.querySelector(sel);
  const cfg = JSON.parse($('#demo-config').textContent || '{}');
  const pageParams = new URLSearchParams(location.search);
  const publicKey = cfg.publicKey || pageParams.get('key') || '';
  if (!publicKey) $('#key-warning').hidden = false;

  // ---------------------------------------------------------------- relay
  // relayURL is the only place that knows the relay's URL form:
  //   {relayBase}/{tool_slug}[/{op}]?<parameters of the relayed operation>
  // Path variables of the relayed operation (e.g. uprn) are query parameters.
  function relayURL(tool, op, query) {
    const path = cfg.relayBase + '/' + encodeURIComponent(tool) + (op ? '/' + encodeURIComponent(op) : '');
    const u = new URL(path, location.origin);
    for (const [k, v] of Object.entries(query || {})) {
      if (v !== '' && v !== null && v !== undefined) u.searchParams.set(k, String(v));
    }
    return u;
  }

  async function relay(tool, op, query, signal) {
    const res = await fetch(relayURL(tool, op, query), {
      headers: { Authorization: 'Public-Key ' + publicKey, Accept: 'application/json' },
      signal,
    });
    let body = null;
    try { body = await res.json(); } catch (_) { /* not JSON */ }
    if (!res.ok) {
      const err = (body && body.error) || {};
      const e = new Error(err.message || ('HTTP ' + res.status));
      e.status = res.status;
      e.code = err.code || '';
      throw e;
    }
    return body;
  }

  const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
  const gbp2 = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const num = new Intl.NumberFormat('en-GB');

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const c of children) e.append(c);
    return e;
  }

  function setStatus(node, text, isError) {
    node.textContent = text || '';
    node.classList.toggle('error', !!isError);
  }

  // ------------------------------------------------------- address finder
  // The drop-in widget (/widgets/address-finder.js): it fills the form's
  // fields; the card shows the rest of the retrieved address.
  const lookupStatus = $('#lookup-status');
  const card = $('#property-card');
  let selected = null;
  $('#address-form').addEventListener('submit', (ev) => ev.preventDefault());
  if (publicKey) {
    UKPD.AddressFinder.setup({
      publicKey,
      baseUrl: location.origin,
      input: '#address-input',
      onSelect: (a) => { setStatus(lookupStatus, ''); showCard(a.raw); },
      onError: (e) => setStatus(lookupStatus, e.kind === 'network' ? '' : 'Lookup answered ' + e.status + (e.code ? ' (' + e.code + ')' : ''), true),
    });
  }

  function showCard(a) {
    $('#card-title').textContent = a.full_address || a.address_line_1 || ('UPRN ' + a.uprn);
    const dl = $('#card-fields');
    dl.replaceChildren();
    const rows = [
      ['UPRN', a.uprn], ['UDPRN', a.udprn], ['USRN', a.usrn],
      ['Building', [a.sub_building, a.building_name, a.building_number].filter(Boolean).join(', ')],
      ['Street', a.street_name], ['Locality', a.locality], ['Town', a.post_town || a.town_name],
      ['Postcode', a.postcode],
      ['Location', (a.latitude != null && a.longitude != null) ? a.latitude.toFixed(5) + ', ' + a.longitude.toFixed(5) : ''],
    ];
    for (const [k, v] of rows) {
      if (v === null || v === undefined || v === '') continue;
      dl.append(el('dt', { text: k }), el('dd', { text: String(v) }));
    }
    card.hidden = false;
    selected = (a.latitude != null && a.longitude != null) ? { lat: a.latitude, lon: a.longitude } : null;
    $('#card-show-map').hidden = !selected;
  }
  $('#card-show-map').addEventListener('click', () => {
    if (selected && map) map.flyTo(selected.lon, selected.lat, 15);
  });

  // ------------------------------------------------------------------ map
  // The listing-map widget (/widgets/listing-map.js, MapLibre GL JS). Its
  // basemap is the operator's style (MAP_STYLE_URL), else raster tiles from
  // DEMO_TILE_URL, else the server's own offline basemap. Zoom levels on
  // this page and in ?zoom= count 256-pixel tiles, as the clusters endpoint
  // does (MapLibre counts 512: one less).
  const startLat = parseFloat(pageParams.get('lat'));
  const startLng = parseFloat(pageParams.get('lng'));
  const startZoom = parseInt(pageParams.get('zoom'), 10);
  const mapStatus = $('#map-status');
  const listSummary = $('#list-summary');
  const listEl = $('#listing-list');
  const filterForm = $('#filters');
  let boundaryID = '';
  function filters() {
    const f = new FormData(filterForm);
    const out = {};
    for (const [k, v] of f.entries()) if (String(v).trim() !== '') out[k] = String(v).trim();
    if (boundaryID) out.boundary_id = boundaryID;
    return out;
  }
  const rasterStyle = cfg.tileURL ? {
    version: 8,
    sources: { tiles: { type: 'raster', tiles: [cfg.tileURL], tileSize: 256, attribution: new URL(cfg.tileURL.replace(/[{}]/g, ''), location.href).host } },
    layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
  } : undefined;
  const map = publicKey ? UKPD.ListingMap.setup({
    publicKey,
    baseUrl: location.origin,
    container: '#map',
    center: [Number.isFinite(startLng) ? startLng : -3.5275, Number.isFinite(startLat) ? startLat : 50.7236],
    zoom: (Number.isFinite(startZoom) ? startZoom : 13) - 1,
    style: rasterStyle,
    filters: filters(),
    status: false, // the page shows its own
    onResults: (r) => {
      setStatus(mapStatus, num.format(r.total) + ' listings · ' + r.clusters.length + ' clusters · zoom ' + r.zoom);
      renderList(r.page);
      // the view and a counter of finished refreshes, for tests and other observers
      mapStatus.dataset.bbox = r.bbox.join(',');
      mapStatus.dataset.seq = String(Number(mapStatus.dataset.seq || 0) + 1);
    },
    onError: (e) => setStatus(mapStatus, 'Map data failed: ' + e.message, true),
  }) : null;
  // The widget, for the browser console and the browser test (which waits
  // for the map to settle: map.map.isMoving(), the view map.bbox()).
  window.ukpdDemoMap = map;
  const refresh = () => map && map.refresh();
  if (map) map.ready.catch((e) => setStatus(mapStatus, 'Map failed: ' + e.message, true));
  filterForm.addEventListener('change', () => map && map.setFilters(filters()));
  filterForm.addEventListener('submit', (ev) => { ev.preventDefault(); if (map) map.setFilters(filters()); });

  // Areas: boundary typeahead and polygon through the listing-map tool.
  const areaForm = $('#area-form');
  const areaChoices = $('#area-choices');
  const areaClear = $('#area-clear');
  areaForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const q = $('#area-input').value.trim();
    if (q.length < 2) return;
    areaChoices.replaceChildren();
    try {
      const r = await relay('listing-map', 'boundaries', { q, limit: 6 });
      const results = r.results || [];
      if (!results.length) areaChoices.append(el('span', { text: 'No area found.' }));
      for (const b of results) {
        const btn = el('button', { type: 'button', 'data-id': String(b.id), text: b.display_name || b.name });
        btn.addEventListener('click', () => selectArea(b, btn));
        areaChoices.append(btn);
      }
    } catch (e) {
      areaChoices.append(el('span', { class: 'error', text: 'Area search failed: ' + e.message }));
    }
  });
  async function selectArea(b, btn) {
    try {
      await map.setArea(b);
      [...areaChoices.children].forEach((c) => c.classList.toggle('on', c === btn));
      boundaryID = String(b.id);
      areaClear.hidden = false;
    } catch (e) {
      setStatus(mapStatus, 'Area failed: ' + e.message, true);
    }
  }
  areaClear.addEventListener('click', () => {
    boundaryID = '';
    areaClear.hidden = true;
    [...areaChoices.children].forEach((c) => c.classList.remove('on'));
    map.clearArea();
  });

  function renderList(page) {
    const results = page.results || [];
    listSummary.textContent = page.count
      ? num.format(page.count) + ' in view' + (page.count > results.length ? ', newest ' + results.length + ' shown' : '')
      : 'No listings in view.';
    listEl.replaceChildren();
    for (const l of results) {
      const beds = l.bedrooms != null ? l.bedrooms + ' bed ' : '';
      const li = el('li', { 'data-id': l.id },
        el('div', { class: 'price', text: gbp.format(l.latest_price || 0) + (l.transaction_type === 'Rental' ? ' pcm' : '') }),
        el('div', { text: l.display_address || '' }),
        el('div', { class: 'meta', text: beds + (l.listing_property_type || l.ukpd_property_type || '') + (l.latest_status ? ' · ' + l.latest_status : '') }));
      li.addEventListener('mouseenter', () => { map.highlight(l); li.classList.add('hot'); });
      li.addEventListener('mouseleave', () => { map.highlight(null); li.classList.remove('hot'); });
      li.addEventListener('click', () => { if (l.geopoint) map.flyTo(l.geopoint.lon, l.geopoint.lat, 15); });
      listEl.append(li);
    }
  }

  // ---------------------------------------------------------- live alerts
  // The organisation's alert events (saved searches, docs/alerts.md) over
  // the relay as Server-Sent Events. EventSource cannot send the
  // Public-Key header, so the stream is read with fetch. An event about a
  // listing in view shows a toast and refreshes the map; a dropped stream
  // resumes after the last event id (or, before any event, after the id
  // the server named on opening it). The page works without it (a key not
  // scoped to alerts, or a server without Redis, just ends the loop).
  // Through the relay the stream carries only the events of alerts the
  // organisation marked public. #toasts[data-stream] says where the stream
  // is: connecting, open (every event appended from then on arrives),
  // reconnecting, or off.
  const toasts = $('#toasts');
  const eventLabels = {
    listing_added: 'New listing', price_reduced: 'Price reduced', price_increased: 'Price increased',
    under_offer: 'Under offer', sold_stc: 'Sold STC', completed: 'Completed', withdrawn: 'Withdrawn',
    let_agreed: 'Let agreed', test: 'Test event',
  };
  function inView(doc) {
    if (!doc) return false;
    if (doc.id && listEl.querySelector('li[data-id="' + CSS.escape(doc.id) + '"]')) return true;
    const p = doc.geopoint;
    if (!p) return false;
    if (!map || !map.map) return false;
    const [w, s, e, n] = map.bbox();
    return p.lon >= w && p.lon <= e && p.lat >= s && p.lat <= n;
  }
  function toast(ev) {
    const d = ev.document || {};
    const price = d.latest_price ? ' · ' + gbp.format(d.latest_price) + (d.transaction_type === 'Rental' ? ' pcm' : '') : '';
    const t = el('div', { class: 'toast', role: 'status', 'data-event-id': ev.id, 'data-type': ev.type, 'data-listing-id': ev.listing_id || '' },
      el('strong', { text: eventLabels[ev.type] || ev.type }),
      el('span', { text: (d.display_address || ev.listing_id || ('UPRN ' + ev.uprn)) + price }));
    toasts.append(t);
    setTimeout(() => t.remove(), 8000);
  }
  let lastEventID = '';
  const streamState = (s) => { toasts.dataset.stream = s; };
  // The server's opening comment names the event the stream starts after.
  const openedAfter = /^: stream of organisation events after (\d+(?:-\d+)?)$/;
  async function followAlerts() {
    streamState('connecting');
    for (let wait = 3000; ;) {
      try {
        const res = await fetch(relayURL('listing-map', 'alerts', { last_event_id: lastEventID }), {
          headers: { Authorization: 'Public-Key ' + publicKey, Accept: 'text/event-stream' },
        });
        if (res.status === 401 || res.status === 403 || res.status === 404 || res.status === 503) { streamState('off'); return; }
        if (!res.ok || !res.body) throw new Error('HTTP ' + res.status);
        wait = 3000;
        streamState('open');
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) lastEventID = line.slice(4);
              else if (line.startsWith('data: ')) data += line.slice(6);
              else if (!lastEventID && openedAfter.test(line)) lastEventID = line.match(openedAfter)[1];
            }
            if (!data) continue;
            let ev;
            try { ev = JSON.parse(data); } catch (_) { continue; }
            if (ev.type === 'test' || inView(ev.document)) {
              toast(ev);
              if (ev.type !== 'test') refresh();
            }
          }
        }
      } catch (_) { /* reconnect below */ }
      streamState('reconnecting');
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 60000);
    }
  }
  if (publicKey) followAlerts();

  // ------------------------------------------------------------ stamp duty
  const sdltForm = $('#sdlt-form');
  const sdltResult = $('#sdlt-result');
  sdltForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const f = new FormData(sdltForm);
    setStatus(sdltResult, 'Calculating…');
    try {
      const r = await relay('stamp-duty', '', { price: f.get('price'), buyer_type: f.get('buyer_type'), region: f.get('region') });
      sdltResult.classList.remove('error');
      const table = el('table', {},
        el('thead', {}, el('tr', {}, el('th', { text: 'Band' }), el('th', { text: 'Rate' }), el('th', { text: 'Taxable' }), el('th', { text: 'Tax' }))));
      const tb = el('tbody');
      for (const b of r.bands || []) {
        const band = gbp.format(b.from_gbp) + (b.upto_gbp != null ? ' – ' + gbp.format(b.upto_gbp) : ' and above');
        tb.append(el('tr', {}, el('td', { text: band }), el('td', { text: b.rate_pct + '%' }),
          el('td', { text: gbp.format(b.taxable_gbp) }), el('td', { text: gbp2.format(b.tax_gbp) })));
      }
      table.append(tb);
      sdltResult.replaceChildren(
        el('div', { class: 'total', id: 'sdlt-total', text: gbp2.format(r.total_tax) }),
        el('div', { text: (r.tax || '') + ' on ' + gbp.format(r.price) + ' · effective rate ' + (r.effective_rate_pct != null ? r.effective_rate_pct.toFixed(2) : '?') + '%' }),
        table);
      for (const n of r.notes || []) sdltResult.append(el('p', { class: 'hint', text: n }));
    } catch (e) {
      setStatus(sdltResult, 'Calculation failed: ' + e.message, true);
    }
  });

  // ------------------------------------------------------ bulk matching
  // A bulk job is charged to an API key (not the page's public key): the
  // key typed here goes in the Authorization header of each request.
  const bulkForm = $('#bulk-form');
  const bulkStatus = $('#bulk-status');
  const bulkBar = $('#bulk-progress');
  const bulkLink = $('#bulk-download');
  let bulkTimer = null;
  bulkForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const key = $('#bulk-key').value.trim();
    const file = $('#bulk-file').files[0];
    if (!key || !file) return;
    clearTimeout(bulkTimer);
    bulkLink.hidden = true;
    const auth = { Authorization: 'Api-Key ' + key };
    const fd = new FormData();
    fd.append('file', file, file.name);
    setStatus(bulkStatus, 'Uploading ' + file.name + '…');
    let job;
    try {
      const res = await fetch('/api/v1/jobs/address-match', { method: 'POST', headers: auth, body: fd });
      const body = await res.json();
      if (res.status !== 202) throw new Error((body.error && body.error.message) || ('HTTP ' + res.status));
      job = body;
    } catch (e) {
      setStatus(bulkStatus, 'Upload refused: ' + e.message, true);
      return;
    }
    bulkBar.hidden = false;
    const poll = async () => {
      try {
        const res = await fetch('/api/v1/jobs/' + encodeURIComponent(job.id), { headers: auth });
        const j = await res.json();
        if (!res.ok) throw new Error((j.error && j.error.message) || ('HTTP ' + res.status));
        bulkBar.max = Math.max(1, j.rows);
        bulkBar.value = j.done;
        const eta = j.eta_seconds != null && j.state === 'running' ? ', about ' + Math.ceil(j.eta_seconds) + ' s left' : '';
        setStatus(bulkStatus, j.state + ': ' + j.done + ' of ' + j.rows + ' rows (' + j.matched + ' matched, ' + j.review +
          ' to review, ' + j.no_match + ' no match, ' + j.errors + ' unreadable)' + eta + (j.error ? ' — ' + j.error : ''), j.state === 'failed');
        if (j.done > 0 || ['done', 'cancelled', 'failed'].includes(j.state)) {
          bulkLink.hidden = false;
          bulkLink.onclick = async (e) => {
            e.preventDefault();
            const r = await fetch('/api/v1/jobs/' + encodeURIComponent(j.id) + '/results?format=csv', { headers: auth });
            const url = URL.createObjectURL(await r.blob());
            const a = el('a', { href: url, download: j.id + '-results.csv' });
            document.body.append(a);
            a.click();
            a.remove();
            setTimeout(() => URL.revokeObjectURL(url), 10000);
          };
        }
        if (!['done', 'cancelled', 'failed'].includes(j.state)) bulkTimer = setTimeout(poll, 1000);
      } catch (e) {
        setStatus(bulkStatus, 'Progress unavailable: ' + e.message, true);
      }
    };
    poll();
  });
})();
