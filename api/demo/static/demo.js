// UK Property Data API demo: address typeahead, map listing browser, stamp
// duty calculator. No libraries; every API call goes through relay().
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

  // ------------------------------------------------------------ typeahead
  const input = $('#address-input');
  const list = $('#suggestions');
  const lookupStatus = $('#lookup-status');
  let items = [];
  let active = -1;
  let seq = 0;
  let timer = 0;
  let inflight = null;

  // highlight wraps the parts of text that match the typed words in <mark>.
  function highlight(text, query) {
    const frag = document.createDocumentFragment();
    const lower = text.toLowerCase();
    const words = query.toLowerCase().split(/[\s,]+/).filter((w) => w.length > 0);
    const marks = new Array(text.length).fill(false);
    for (const w of words) {
      let from = 0;
      for (;;) {
        const i = lower.indexOf(w, from);
        if (i < 0) break;
        const wordStart = i === 0 || /[\s,\-/]/.test(lower[i - 1]);
        // numbers match whole numbers only (12 is not the start of 12A or 1BA)
        const numberEnd = !/^\d+$/.test(w) || i + w.length === lower.length || !/[0-9a-z]/.test(lower[i + w.length]);
        if (wordStart && numberEnd) for (let k = i; k < i + w.length; k++) marks[k] = true;
        from = i + 1;
      }
    }
    let i = 0;
    while (i < text.length) {
      let j = i;
      while (j < text.length && marks[j] === marks[i]) j++;
      const part = text.slice(i, j);
      frag.append(marks[i] ? el('mark', { text: part }) : document.createTextNode(part));
      i = j;
    }
    return frag;
  }

  function closeList() {
    list.hidden = true;
    list.replaceChildren();
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    items = [];
    active = -1;
  }

  function renderSuggestions(suggestions, query) {
    items = suggestions;
    active = -1;
    list.replaceChildren();
    if (!suggestions.length) {
      closeList();
      setStatus(lookupStatus, 'No matching address.');
      return;
    }
    suggestions.forEach((s, i) => {
      const main = el('span', { class: 'main-line' }, highlight(s.address_line_1 || s.address, query));
      if (s.type === 'building' && s.flat_count) main.append(el('span', { class: 'badge', text: s.flat_count + ' flats' }));
      const sub = [s.address_line_2, s.town, s.postcode].filter(Boolean).join(', ');
      const li = el('li', { id: 'sugg-' + i, role: 'option', 'aria-selected': 'false', 'data-uprn': String(s.uprn) },
        main, el('span', { class: 'sub-line' }, highlight(sub, query)));
      li.addEventListener('mousedown', (ev) => { ev.preventDefault(); pick(i); });
      list.append(li);
    });
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    setStatus(lookupStatus, '');
  }

  function move(delta) {
    if (!items.length) return;
    active = (active + delta + items.length) % items.length;
    [...list.children].forEach((li, i) => li.setAttribute('aria-selected', i === active ? 'true' : 'false'));
    const li = list.children[active];
    input.setAttribute('aria-activedescendant', li.id);
    li.scrollIntoView({ block: 'nearest' });
  }

  async function suggest() {
    const q = input.value.trim();
    const my = ++seq;
    if (inflight) inflight.abort();
    if (q.length < 2) { closeList(); return; }
    inflight = new AbortController();
    try {
      const r = await relay('address-lookup', 'find', { q, limit: 8 }, inflight.signal);
      if (my !== seq) return;
      renderSuggestions(r.suggestions || [], q);
    } catch (e) {
      if (e.name === 'AbortError') return;
      closeList();
      setStatus(lookupStatus, 'Lookup failed: ' + e.message, true);
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(suggest, 180);
  });
  input.addEventListener('keydown', (ev) => {
    switch (ev.key) {
      case 'ArrowDown': ev.preventDefault(); if (list.hidden) suggest(); else move(1); break;
      case 'ArrowUp': ev.preventDefault(); move(-1); break;
      case 'Enter':
        if (active >= 0) { ev.preventDefault(); pick(active); } else if (items.length === 1) { ev.preventDefault(); pick(0); }
        break;
      case 'Escape': closeList(); break;
      default:
    }
  });
  input.addEventListener('blur', () => setTimeout(closeList, 120));

  const card = $('#property-card');
  let selected = null;

  async function pick(i) {
    const s = items[i];
    if (!s) return;
    input.value = s.address;
    closeList();
    setStatus(lookupStatus, 'Loading ' + s.address + '…');
    try {
      const a = await relay('address-lookup', 'retrieve', { uprn: s.uprn });
      showCard(a);
      setStatus(lookupStatus, '');
    } catch (e) {
      setStatus(lookupStatus, 'Could not load the address: ' + e.message, true);
    }
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
    selected = (a.latitude != null && a.longitude != null) ? { lat: a.latitude, lon: a.longitude, label: a.full_address } : null;
    $('#card-show-map').hidden = !selected;
    map.draw();
  }
  $('#card-show-map').addEventListener('click', () => {
    if (selected) map.setView(selected.lon, selected.lat, Math.max(map.zoom, 15));
  });

  // ------------------------------------------------------------------ map
  const TILE = 256;
  const MIN_ZOOM = 5;
  const MAX_ZOOM = 18;
  const clampLat = (lat) => Math.max(-85.05, Math.min(85.05, lat));

  function project(lon, lat, z) {
    const s = TILE * 2 ** z;
    const sin = Math.sin(clampLat(lat) * Math.PI / 180);
    return { x: (lon + 180) / 360 * s, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * s };
  }
  function unproject(x, y, z) {
    const s = TILE * 2 ** z;
    const lon = x / s * 360 - 180;
    const n = Math.PI - 2 * Math.PI * y / s;
    return { lon, lat: 180 / Math.PI * Math.atan(Math.sinh(n)) };
  }

  class MercatorMap {
    constructor(canvas, opts) {
      this.canvas = canvas;
      this.ctx = canvas.getContext('2d');
      this.lon = opts.lon;
      this.lat = opts.lat;
      this.zoom = opts.zoom;
      this.onView = opts.onView;
      this.onClickCluster = opts.onClickCluster;
      this.basemap = null;
      this.clusters = [];
      this.hot = null;
      this.tiles = new Map();
      this.tileURL = opts.tileURL || '';
      this.resize();
      new ResizeObserver(() => { this.resize(); this.draw(); this.changed(); }).observe(canvas);
      this.bindEvents();
    }

    resize() {
      const r = this.canvas.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      this.w = Math.max(1, r.width);
      this.h = Math.max(1, r.height);
      this.canvas.width = Math.round(this.w * dpr);
      this.canvas.height = Math.round(this.h * dpr);
      this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    }

    toScreen(lon, lat) {
      const p = project(lon, lat, this.zoom);
      const c = project(this.lon, this.lat, this.zoom);
      return { x: p.x - c.x + this.w / 2, y: p.y - c.y + this.h / 2 };
    }
    fromScreen(x, y) {
      const c = project(this.lon, this.lat, this.zoom);
      return unproject(c.x + x - this.w / 2, c.y + y - this.h / 2, this.zoom);
    }
    bbox() {
      const nw = this.fromScreen(0, 0);
      const se = this.fromScreen(this.w, this.h);
      const r = (v) => Math.round(v * 1e5) / 1e5;
      return [r(Math.max(-180, nw.lon)), r(clampLat(se.lat)), r(Math.min(180, se.lon)), r(clampLat(nw.lat))];
    }

    setView(lon, lat, zoom) {
      this.lon = lon;
      this.lat = clampLat(lat);
      this.zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, Math.round(zoom)));
      this.draw();
      this.changed();
    }
    panBy(dx, dy) {
      const c = project(this.lon, this.lat, this.zoom);
      const ll = unproject(c.x - dx, c.y - dy, this.zoom);
      this.lon = Math.max(-180, Math.min(180, ll.lon));
      this.lat = clampLat(ll.lat);
      this.draw();
      this.changed();
    }
    zoomAt(delta, sx, sy) {
      const z = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, this.zoom + delta));
      if (z === this.zoom) return;
      const anchor = this.fromScreen(sx, sy);
      this.zoom = z;
      // keep the point under the cursor where it was
      const p = project(anchor.lon, anchor.lat, z);
      const c = unproject(p.x - (sx - this.w / 2), p.y - (sy - this.h / 2), z);
      this.lon = c.lon;
      this.lat = clampLat(c.lat);
      this.draw();
      this.changed();
    }
    changed() { if (this.onView) this.onView(); }

    bindEvents() {
      const cv = this.canvas;
      let drag = null;
      cv.addEventListener('pointerdown', (ev) => {
        drag = { x: ev.clientX, y: ev.clientY, moved: 0 };
        cv.setPointerCapture(ev.pointerId);
        cv.classList.add('dragging');
      });
      cv.addEventListener('pointermove', (ev) => {
        if (!drag) { this.hover(ev); return; }
        const dx = ev.clientX - drag.x;
        const dy = ev.clientY - drag.y;
        drag.moved += Math.abs(dx) + Math.abs(dy);
        drag.x = ev.clientX;
        drag.y = ev.clientY;
        this.panBy(dx, dy);
      });
      const end = (ev) => {
        if (!drag) return;
        const click = drag.moved < 4;
        drag = null;
        cv.classList.remove('dragging');
        if (click) this.click(ev);
      };
      cv.addEventListener('pointerup', end);
      cv.addEventListener('pointercancel', end);
      cv.addEventListener('wheel', (ev) => {
        ev.preventDefault();
        const r = cv.getBoundingClientRect();
        this.wheelAcc = (this.wheelAcc || 0) + ev.deltaY;
        if (Math.abs(this.wheelAcc) >= 60) {
          this.zoomAt(this.wheelAcc < 0 ? 1 : -1, ev.clientX - r.left, ev.clientY - r.top);
          this.wheelAcc = 0;
        }
      }, { passive: false });
      cv.addEventListener('keydown', (ev) => {
        const step = 80;
        const keys = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
        if (keys[ev.key]) { ev.preventDefault(); this.panBy(...keys[ev.key]); }
        if (ev.key === '+' || ev.key === '=') this.zoomAt(1, this.w / 2, this.h / 2);
        if (ev.key === '-') this.zoomAt(-1, this.w / 2, this.h / 2);
      });
    }

    clusterAt(ev) {
      const r = this.canvas.getBoundingClientRect();
      const x = ev.clientX - r.left;
      const y = ev.clientY - r.top;
      for (const c of this.clusters) {
        const p = this.toScreen(c.centroid.lon, c.centroid.lat);
        if (Math.hypot(p.x - x, p.y - y) <= clusterRadius(c.count)) return c;
      }
      return null;
    }
    hover(ev) { this.canvas.style.cursor = this.clusterAt(ev) ? 'pointer' : ''; }
    click(ev) {
      const c = this.clusterAt(ev);
      if (c && this.onClickCluster) this.onClickCluster(c);
    }

    tile(z, x, y) {
      const key = z + '/' + x + '/' + y;
      let t = this.tiles.get(key);
      if (!t) {
        t = new Image();
        t.onload = () => this.draw();
        t.src = this.tileURL.replace('{z}', z).replace('{x}', x).replace('{y}', y).replace('{s}', 'a');
        this.tiles.set(key, t);
      }
      return t.complete && t.naturalWidth ? t : null;
    }

    draw() {
      const ctx = this.ctx;
      ctx.fillStyle = '#cfe3ee';
      ctx.fillRect(0, 0, this.w, this.h);
      const c = project(this.lon, this.lat, this.zoom);
      const ox = c.x - this.w / 2;
      const oy = c.y - this.h / 2;
      if (this.tileURL) {
        const n = 2 ** this.zoom;
        for (let tx = Math.floor(ox / TILE); tx <= Math.floor((ox + this.w) / TILE); tx++) {
          for (let ty = Math.floor(oy / TILE); ty <= Math.floor((oy + this.h) / TILE); ty++) {
            if (ty < 0 || ty >= n) continue;
            const img = this.tile(this.zoom, ((tx % n) + n) % n, ty);
            if (img) ctx.drawImage(img, tx * TILE - ox, ty * TILE - oy, TILE, TILE);
          }
        }
      } else if (this.basemap) {
        this.drawBasemap(ox, oy);
      }
      this.drawGraticule();
      if (this.boundary) this.drawBoundary(this.boundary);
      for (const cl of this.clusters) this.drawCluster(cl, false);
      if (this.hot && this.hot.geopoint) {
        const p = this.toScreen(this.hot.geopoint.lon, this.hot.geopoint.lat);
        ctx.beginPath();
        ctx.arc(p.x, p.y, 11, 0, 2 * Math.PI);
        ctx.strokeStyle = '#c2410c';
        ctx.lineWidth = 3;
        ctx.stroke();
      }
      if (selected) this.drawPin(selected.lon, selected.lat);
      // counts last, so the address pin never hides one
      for (const cl of this.clusters) this.drawCluster(cl, true);
    }

    drawBasemap(ox, oy) {
      const ctx = this.ctx;
      const scale = TILE * 2 ** this.zoom;
      const b = this.bbox();
      ctx.lineJoin = 'round';
      for (const f of this.basemap.features) {
        if (f.bb[0] > b[2] || f.bb[2] < b[0] || f.bb[1] > b[3] || f.bb[3] < b[1]) continue;
        ctx.beginPath();
        for (const ring of f.proj) {
          for (let i = 0; i < ring.length; i += 2) {
            const x = ring[i] * scale - ox;
            const y = ring[i + 1] * scale - oy;
            if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
          }
          ctx.closePath();
        }
        ctx.fillStyle = '#f1f0e6';
        ctx.fill();
        ctx.strokeStyle = '#a9b59f';
        ctx.lineWidth = 1;
        ctx.stroke();
        if (this.zoom <= 10) {
          const p = this.toScreen(f.center[0], f.center[1]);
          if (p.x > 0 && p.x < this.w && p.y > 0 && p.y < this.h) {
            ctx.fillStyle = '#7b8775';
            ctx.font = '11px system-ui, sans-serif';
            ctx.textAlign = 'center';
            ctx.fillText(f.name, p.x, p.y);
          }
        }
      }
    }

    // drawBoundary draws a GeoJSON Polygon or MultiPolygon geometry.
    drawBoundary(geom) {
      const ctx = this.ctx;
      const polys = geom.type === 'Polygon' ? [geom.coordinates] : geom.type === 'MultiPolygon' ? geom.coordinates : [];
      ctx.beginPath();
      for (const poly of polys) {
        for (const ring of poly) {
          ring.forEach(([lon, lat], i) => {
            const p = this.toScreen(lon, lat);
            if (i === 0) ctx.moveTo(p.x, p.y); else ctx.lineTo(p.x, p.y);
          });
          ctx.closePath();
        }
      }
      ctx.fillStyle = 'rgba(194, 65, 12, 0.06)';
      ctx.fill('evenodd');
      ctx.setLineDash([6, 4]);
      ctx.strokeStyle = '#c2410c';
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.setLineDash([]);
    }

    fitGeometry(geom) {
      const polys = geom.type === 'Polygon' ? [geom.coordinates] : geom.type === 'MultiPolygon' ? geom.coordinates : [];
      const bb = [180, 90, -180, -90];
      for (const poly of polys) for (const [lon, lat] of poly[0] || []) {
        bb[0] = Math.min(bb[0], lon); bb[1] = Math.min(bb[1], lat); bb[2] = Math.max(bb[2], lon); bb[3] = Math.max(bb[3], lat);
      }
      if (bb[0] > bb[2]) return;
      let z = MAX_ZOOM;
      while (z > MIN_ZOOM) {
        const a = project(bb[0], bb[3], z);
        const b = project(bb[2], bb[1], z);
        if (b.x - a.x <= this.w * 0.9 && b.y - a.y <= this.h * 0.9) break;
        z--;
      }
      this.setView((bb[0] + bb[2]) / 2, (bb[1] + bb[3]) / 2, z);
    }

    drawGraticule() {
      // a light grid every 0.01°/0.1°/1° depending on zoom, as a scale cue
      const ctx = this.ctx;
      const step = this.zoom >= 14 ? 0.01 : this.zoom >= 10 ? 0.1 : 1;
      const b = this.bbox();
      ctx.strokeStyle = 'rgba(60, 80, 70, 0.08)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let lon = Math.ceil(b[0] / step) * step; lon <= b[2]; lon += step) {
        const x = this.toScreen(lon, b[1]).x;
        ctx.moveTo(x, 0); ctx.lineTo(x, this.h);
      }
      for (let lat = Math.ceil(b[1] / step) * step; lat <= b[3]; lat += step) {
        const y = this.toScreen(b[0], lat).y;
        ctx.moveTo(0, y); ctx.lineTo(this.w, y);
      }
      ctx.stroke();
    }

    drawCluster(cl, label) {
      const ctx = this.ctx;
      const p = this.toScreen(cl.centroid.lon, cl.centroid.lat);
      const r = clusterRadius(cl.count);
      if (label) {
        ctx.fillStyle = '#fff';
        ctx.font = 'bold ' + (cl.count >= 1000 ? 11 : 12) + 'px system-ui, sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.lineWidth = 3;
        ctx.strokeStyle = 'rgba(11, 110, 79, 0.9)';
        const text = cl.count >= 10000 ? Math.round(cl.count / 1000) + 'k' : String(cl.count);
        ctx.strokeText(text, p.x, p.y + 0.5);
        ctx.fillText(text, p.x, p.y + 0.5);
        ctx.textBaseline = 'alphabetic';
        return;
      }
      ctx.beginPath();
      ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
      ctx.fillStyle = cl.count === 1 ? 'rgba(11, 110, 79, 0.95)' : 'rgba(11, 110, 79, 0.82)';
      ctx.fill();
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 2;
      ctx.stroke();
    }

    drawPin(lon, lat) {
      const ctx = this.ctx;
      const p = this.toScreen(lon, lat);
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.arc(p.x, p.y - 18, 8, Math.PI * 0.8, Math.PI * 2.2);
      ctx.closePath();
      ctx.fillStyle = '#c2410c';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(p.x, p.y - 18, 3, 0, 2 * Math.PI);
      ctx.fillStyle = '#fff';
      ctx.fill();
    }
  }

  // mergeOverlapping joins clusters whose circles would overlap on screen
  // (geotile buckets can sit close together across a tile edge): counts add
  // up, the centroid is the count-weighted mean.
  function mergeOverlapping(clusters) {
    const placed = [];
    const sorted = [...clusters].sort((a, b) => b.count - a.count);
    for (const c of sorted) {
      const p = map.toScreen(c.centroid.lon, c.centroid.lat);
      const hit = placed.find((q) => Math.hypot(q.x - p.x, q.y - p.y) < (clusterRadius(q.c.count) + clusterRadius(c.count)) * 0.8);
      if (!hit) {
        placed.push({ x: p.x, y: p.y, c: { ...c, centroid: { ...c.centroid } } });
        continue;
      }
      const n = hit.c.count + c.count;
      hit.c.centroid.lat = (hit.c.centroid.lat * hit.c.count + c.centroid.lat * c.count) / n;
      hit.c.centroid.lon = (hit.c.centroid.lon * hit.c.count + c.centroid.lon * c.count) / n;
      hit.c.count = n;
    }
    return placed.map((q) => q.c);
  }

  function clusterRadius(count) { return count === 1 ? 7 : Math.min(34, 12 + 5 * Math.log10(count) * 2); }

  const startLat = parseFloat(pageParams.get('lat'));
  const startLng = parseFloat(pageParams.get('lng'));
  const startZoom = parseInt(pageParams.get('zoom'), 10);
  const mapStatus = $('#map-status');
  const listSummary = $('#list-summary');
  const listEl = $('#listing-list');
  const filterForm = $('#filters');
  let viewTimer = 0;
  let viewSeq = 0;
  let viewCtrl = null;

  const map = new MercatorMap($('#map'), {
    lon: Number.isFinite(startLng) ? startLng : -3.5275,
    lat: Number.isFinite(startLat) ? startLat : 50.7236,
    zoom: Number.isFinite(startZoom) ? startZoom : 13,
    tileURL: cfg.tileURL,
    onView: () => { clearTimeout(viewTimer); viewTimer = setTimeout(refresh, 250); },
    onClickCluster: (c) => map.setView(c.centroid.lon, c.centroid.lat, map.zoom + 2),
  });
  $('#zoom-in').addEventListener('click', () => map.zoomAt(1, map.w / 2, map.h / 2));
  $('#zoom-out').addEventListener('click', () => map.zoomAt(-1, map.w / 2, map.h / 2));
  filterForm.addEventListener('change', () => refresh());
  filterForm.addEventListener('submit', (ev) => { ev.preventDefault(); refresh(); });

  let boundaryID = '';
  function filters() {
    const f = new FormData(filterForm);
    const out = {};
    for (const [k, v] of f.entries()) if (String(v).trim() !== '') out[k] = String(v).trim();
    if (boundaryID) out.boundary_id = boundaryID;
    return out;
  }

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
      const f = await relay('listing-map', 'boundary', { id: b.id, simplify: 25 });
      [...areaChoices.children].forEach((c) => c.classList.toggle('on', c === btn));
      boundaryID = String(b.id);
      map.boundary = f.geometry;
      areaClear.hidden = false;
      map.fitGeometry(f.geometry); // refreshes through onView
    } catch (e) {
      setStatus(mapStatus, 'Area failed: ' + e.message, true);
    }
  }
  areaClear.addEventListener('click', () => {
    boundaryID = '';
    map.boundary = null;
    areaClear.hidden = true;
    [...areaChoices.children].forEach((c) => c.classList.remove('on'));
    map.draw();
    refresh();
  });

  async function refresh() {
    const my = ++viewSeq;
    if (viewCtrl) viewCtrl.abort();
    viewCtrl = new AbortController();
    const bbox = map.bbox().join(',');
    const f = filters();
    if (!mapStatus.dataset.seq) setStatus(mapStatus, 'Loading…');
    mapStatus.classList.add('loading');
    try {
      const [cl, page] = await Promise.all([
        relay('listing-map', 'clusters', { ...f, bbox, zoom: map.zoom }, viewCtrl.signal),
        relay('listing-map', 'search', { ...f, bbox, page_size: 25, sort: '-added_date' }, viewCtrl.signal),
      ]);
      if (my !== viewSeq) return;
      map.clusters = mergeOverlapping(cl.clusters || []);
      map.draw();
      const total = cl.total != null ? cl.total : map.clusters.reduce((n, c) => n + c.count, 0);
      setStatus(mapStatus, num.format(total) + ' listings · ' + map.clusters.length + ' clusters · zoom ' + map.zoom);
      renderList(page);
      // a counter of finished refreshes, for tests and other observers
      mapStatus.dataset.seq = String(Number(mapStatus.dataset.seq || 0) + 1);
      mapStatus.classList.remove('loading');
    } catch (e) {
      if (e.name === 'AbortError') return;
      mapStatus.classList.remove('loading');
      setStatus(mapStatus, 'Map data failed: ' + e.message, true);
    }
  }

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
      li.addEventListener('mouseenter', () => { map.hot = l; map.draw(); li.classList.add('hot'); });
      li.addEventListener('mouseleave', () => { map.hot = null; map.draw(); li.classList.remove('hot'); });
      li.addEventListener('click', () => { if (l.geopoint) map.setView(l.geopoint.lon, l.geopoint.lat, Math.max(map.zoom, 16)); });
      listEl.append(li);
    }
  }

  // The basemap: ONS local authority districts, drawn without any tile server.
  fetch('/demo/static/basemap.json').then((r) => r.json()).then((bm) => {
    const features = bm.features.map((f) => {
      const bb = [180, 90, -180, -90];
      let sx = 0;
      let sy = 0;
      let n = 0;
      const proj = f.r.map((ring) => {
        const out = new Float64Array(ring.length);
        for (let i = 0; i < ring.length; i += 2) {
          const lon = ring[i];
          const lat = ring[i + 1];
          bb[0] = Math.min(bb[0], lon); bb[1] = Math.min(bb[1], lat);
          bb[2] = Math.max(bb[2], lon); bb[3] = Math.max(bb[3], lat);
          sx += lon; sy += lat; n++;
          const p = project(lon, lat, 0);
          out[i] = p.x / TILE;
          out[i + 1] = p.y / TILE;
        }
        return out;
      });
      return { name: f.n, bb, proj, center: [sx / n, sy / n] };
    });
    map.basemap = { features };
    $('#map-attribution').textContent = cfg.tileURL ? 'Tiles: ' + new URL(cfg.tileURL.replace(/[{}]/g, ''), location.href).host : bm.attribution;
    map.draw();
  }).catch(() => { /* the map works without its basemap */ });

  map.draw();
  refresh();

  // ---------------------------------------------------------- live alerts
  // The organisation's alert events (saved searches, docs/alerts.md) over
  // the relay as Server-Sent Events. EventSource cannot send the
  // Public-Key header, so the stream is read with fetch. An event about a
  // listing in view shows a toast and refreshes the map; a dropped stream
  // resumes after the last event id. The page works without it (a key not
  // scoped to alerts, or a server without Redis, just ends the loop).
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
    const [w, s, e, n] = map.bbox();
    return p.lon >= w && p.lon <= e && p.lat >= s && p.lat <= n;
  }
  function toast(ev) {
    const d = ev.document || {};
    const price = d.latest_price ? ' · ' + gbp.format(d.latest_price) + (d.transaction_type === 'Rental' ? ' pcm' : '') : '';
    const t = el('div', { class: 'toast', role: 'status', 'data-event-id': ev.id, 'data-type': ev.type },
      el('strong', { text: eventLabels[ev.type] || ev.type }),
      el('span', { text: (d.display_address || ev.listing_id || ('UPRN ' + ev.uprn)) + price }));
    toasts.append(t);
    setTimeout(() => t.remove(), 8000);
  }
  let lastEventID = '';
  async function followAlerts() {
    for (let wait = 3000; ;) {
      try {
        const res = await fetch(relayURL('listing-map', 'alerts', { last_event_id: lastEventID }), {
          headers: { Authorization: 'Public-Key ' + publicKey, Accept: 'text/event-stream' },
        });
        if (res.status === 401 || res.status === 403 || res.status === 404 || res.status === 503) return;
        if (!res.ok || !res.body) throw new Error('HTTP ' + res.status);
        wait = 3000;
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
