// UKPD listing map: live listings on a MapLibre GL JS map, as clusters from
// live-listings/clusters and the newest listings in view from
// live-listings/search, both through the public-key browser relay
// {baseUrl}/api/embed/v2/listing-map/{clusters|search|boundaries|boundary}.
//
// The basemap is the style URL the page gives (option style), else the one
// the API's operator configured (GET {baseUrl}/widgets/listing-map.json,
// env MAP_STYLE_URL), else the API's own offline basemap (local authority
// districts, GET {baseUrl}/widgets/basemap.json, with the names of the
// places and streets in view from OS Open Names when the server has them:
// the relay's listing-map/places). MapLibre is loaded from the API
// ({baseUrl}/widgets/maplibre-gl.mjs) unless the page has set
// window.maplibregl.
import css from './listing-map.css';
import { adoptCss, scriptOrigin } from '../../shared/dom.js';

// Asset paths with their versions, set by the server's build (esbuild define).
/* global __UKPD_ASSETS__ */
const ASSETS = typeof __UKPD_ASSETS__ !== 'undefined' ? __UKPD_ASSETS__ : {
  maplibre: '/widgets/maplibre-gl.mjs', maplibreCss: '/widgets/maplibre-gl.css',
  basemap: '/widgets/basemap.json', config: '/widgets/listing-map.json',
};
const RELAY = '/api/embed/v2/listing-map/';

const scriptBase = scriptOrigin();

function addStyles(base) {
  adoptCss(css);
  if (!document.querySelector('link[data-ukpd-maplibre]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = base + ASSETS.maplibreCss;
    link.dataset.ukpdMaplibre = '';
    document.head.append(link);
  }
}

let maplibre = null;
function loadMapLibre(base) {
  if (typeof window !== 'undefined' && window.maplibregl) return Promise.resolve(window.maplibregl);
  if (!maplibre) maplibre = import(/* @vite-ignore */ base + ASSETS.maplibre);
  return maplibre;
}

// fallbackStyle draws the API's own basemap: local authority districts
// (outer rings) over a sea-coloured background. It needs no glyphs, sprites
// or tiles, so it works offline.
async function fallbackStyle(base) {
  const bm = await (await fetch(base + ASSETS.basemap, { credentials: 'omit' })).json();
  const features = bm.features.map((f) => ({
    type: 'Feature',
    properties: { name: f.n, code: f.c },
    geometry: {
      type: 'MultiPolygon',
      coordinates: f.r.map((ring) => {
        const pts = [];
        for (let i = 0; i < ring.length; i += 2) pts.push([ring[i], ring[i + 1]]);
        return [pts];
      }),
    },
  }));
  // No glyphs URL: MapLibre draws the place labels with the browser's own
  // sans-serif font, so the basemap still needs nothing from elsewhere.
  return {
    version: 8,
    metadata: { 'ukpd:offline': true },
    sources: { 'ukpd-districts': { type: 'geojson', data: { type: 'FeatureCollection', features }, attribution: bm.attribution } },
    layers: [
      { id: 'ukpd-sea', type: 'background', paint: { 'background-color': '#d8e6ef' } },
      { id: 'ukpd-land', type: 'fill', source: 'ukpd-districts', paint: { 'fill-color': '#f6f4ee' } },
      { id: 'ukpd-district-lines', type: 'line', source: 'ukpd-districts', paint: { 'line-color': '#98a2ad', 'line-width': 0.8 } },
    ],
  };
}

async function resolveStyle(base, style) {
  if (style) return style;
  try {
    const c = await (await fetch(base + ASSETS.config, { credentials: 'omit' })).json();
    if (c && c.style_url) return c.style_url;
  } catch (_) { /* no config: the fallback */ }
  return fallbackStyle(base);
}

// Place labels of the offline basemap: which OS Open Names point types a
// view shows from which MapLibre zoom (towns and cities from 8, villages,
// hamlets and suburbs from 11, roads from 13), and how they are drawn.
const PLACE_TYPES = [['town', 8], ['locality', 11], ['street', 13]];
const PLACE_LIMIT = 300;
const PLACE_LAYERS = [
  { id: 'ukpd-place-street', type: 'street', size: 11, color: '#57606a', minzoom: 13 },
  { id: 'ukpd-place-locality', type: 'locality', size: 12, color: '#374151', minzoom: 11 },
  { id: 'ukpd-place-town', type: 'town', size: 15, color: '#111827', minzoom: 8 },
];

function placeLayer(l) {
  return {
    id: l.id, type: 'symbol', source: 'ukpd-places', minzoom: l.minzoom,
    filter: ['==', ['get', 'type'], l.type],
    layout: { 'text-field': ['get', 'name'], 'text-font': ['sans-serif'], 'text-size': l.size, 'text-max-width': 8,
      'symbol-sort-key': ['get', 'admin_level'] },
    paint: { 'text-color': l.color, 'text-halo-color': '#f6f4ee', 'text-halo-width': 1.5 },
  };
}

function resolve(target) {
  return typeof target === 'string' ? document.querySelector(target) : target;
}

const num = new Intl.NumberFormat('en-GB');

export class ListingMap {
  // options: publicKey, baseUrl, container (selector or element), center
  // ([lng, lat]), zoom, filters (passed to the relay as they are:
  // transaction_type, min_price, max_price, bedrooms, property_type, ...),
  // style (a MapLibre style URL or object), pageSize (25), status (true:
  // the map shows the count in view and errors), onResults({total,
  // clusters, listings, page, zoom, bbox}), onError(error), onView({bbox, zoom}).
  constructor(options) {
    const o = (this.options = { center: [-1.5, 52.8], zoom: 5.5, pageSize: 25, filters: {}, status: true });
    for (const k in options) if (options[k] !== undefined) o[k] = options[k];
    this.container = resolve(o.container);
    if (!this.container) throw new Error('UKPD.ListingMap: container not found');
    if (!o.publicKey) throw new Error('UKPD.ListingMap: publicKey is required');
    this.base = String(o.baseUrl || scriptBase || location.origin).replace(/\/+$/, '');
    this.filters = Object.assign({}, o.filters);
    this.markers = [];
    this.hot = null;
    this.seq = 0;
    this.ctrl = null;
    this.timer = 0;
    this.placesCtrl = null;
    this.container.classList.add('ukpd-lm');
    if (!this.container.hasAttribute('aria-label')) this.container.setAttribute('aria-label', 'Map of listings');
    if (!this.container.hasAttribute('role')) this.container.setAttribute('role', 'region');
    this.status = document.createElement('div');
    this.status.className = 'ukpd-lm-status';
    this.status.setAttribute('aria-live', 'polite');
    addStyles(this.base);
    this.ready = this.start();
  }

  async start() {
    const [ml, style] = await Promise.all([loadMapLibre(this.base), resolveStyle(this.base, this.options.style)]);
    this.ml = ml;
    const map = (this.map = new ml.Map({
      container: this.container,
      style,
      center: this.options.center,
      zoom: this.options.zoom,
      minZoom: 4,
      maxZoom: 19,
      attributionControl: { compact: false },
      dragRotate: false,
      pitchWithRotate: false,
    }));
    map.touchZoomRotate.disableRotation();
    map.addControl(new ml.NavigationControl({ showCompass: false }), 'top-right');
    if (this.options.status) this.container.append(this.status);
    await new Promise((res) => map.once('load', res));
    map.addSource('ukpd-area', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({ id: 'ukpd-area-fill', type: 'fill', source: 'ukpd-area', paint: { 'fill-color': '#1d4ed8', 'fill-opacity': 0.06 } });
    map.addLayer({ id: 'ukpd-area-line', type: 'line', source: 'ukpd-area', paint: { 'line-color': '#1d4ed8', 'line-width': 2 } });
    // The server's own basemap: names of places and streets in view.
    this.offline = !!(map.getStyle().metadata || {})['ukpd:offline'];
    map.on('moveend', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => { this.refresh(); this.places(); }, 150);
    });
    this.places();
    await this.refresh();
    return this;
  }

  // places loads the names of the places and streets in view (the relay's
  // listing-map/places: OS Open Names, when the server has it) into the
  // offline basemap's label layers. Labels are the basemap's: a failure
  // leaves the map without them and says nothing.
  async places() {
    if (!this.offline || !this.map) return;
    const z = this.map.getZoom();
    const types = PLACE_TYPES.filter(([, minzoom]) => z >= minzoom).map(([t]) => t);
    if (this.placesCtrl) this.placesCtrl.abort();
    const ctrl = (this.placesCtrl = new AbortController());
    let fc = { type: 'FeatureCollection', features: [], attribution: [] };
    try {
      if (types.length) fc = await this.call('places', { bbox: this.bbox().join(','), type: types.join(','), limit: PLACE_LIMIT }, ctrl.signal);
    } catch (e) {
      return;
    }
    if (ctrl !== this.placesCtrl) return;
    this.placesCtrl = null;
    const data = { type: 'FeatureCollection', features: fc.features || [] };
    const src = this.map.getSource('ukpd-places');
    if (src) src.setData(data);
    else if (data.features.length) {
      this.map.addSource('ukpd-places', { type: 'geojson', data, attribution: (fc.attribution || []).join(' ') });
      for (const l of PLACE_LAYERS) this.map.addLayer(placeLayer(l));
    }
    this.container.dataset.places = String(data.features.length);
  }

  async call(op, params, signal) {
    const q = new URLSearchParams();
    for (const k in params) if (params[k] !== '' && params[k] != null) q.set(k, String(params[k]));
    const res = await fetch(this.base + RELAY + op + '?' + q, {
      headers: { Authorization: 'Public-Key ' + this.options.publicKey, Accept: 'application/json' },
      credentials: 'omit',
      signal,
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) {
      const err = (body && body.error) || {};
      const e = new Error(err.message || 'HTTP ' + res.status);
      e.status = res.status;
      e.code = err.code || '';
      throw e;
    }
    return body;
  }

  // bbox is the view as minLon,minLat,maxLon,maxLat (5 decimals).
  bbox() {
    const b = this.map.getBounds();
    const r = (v) => Math.round(v * 1e5) / 1e5;
    return [r(Math.max(-180, b.getWest())), r(Math.max(-85, b.getSouth())), r(Math.min(180, b.getEast())), r(Math.min(85, b.getNorth()))];
  }

  // zoom is the view's zoom on 256-pixel tiles (MapLibre counts 512), the
  // scale the clusters endpoint expects.
  zoom() {
    return Math.max(0, Math.min(22, Math.round(this.map.getZoom()) + 1));
  }

  async refresh() {
    if (!this.map) return;
    const my = ++this.seq;
    if (this.ctrl) this.ctrl.abort();
    const ctrl = (this.ctrl = new AbortController());
    const bbox = this.bbox();
    const zoom = this.zoom();
    const f = Object.assign({}, this.filters, { bbox: bbox.join(',') });
    if (this.options.onView) this.options.onView({ bbox, zoom });
    try {
      const [cl, page] = await Promise.all([
        this.call('clusters', Object.assign({ zoom }, f), ctrl.signal),
        this.call('search', Object.assign({ page_size: this.options.pageSize, sort: '-added_date' }, f), ctrl.signal),
      ]);
      if (my !== this.seq) return;
      this.ctrl = null;
      this.draw(cl.clusters || []);
      const total = cl.total != null ? cl.total : 0;
      this.status.classList.remove('error');
      this.status.textContent = num.format(total) + (total === 1 ? ' listing' : ' listings') + ' in view';
      this.container.dataset.refreshes = String(Number(this.container.dataset.refreshes || 0) + 1);
      if (this.options.onResults) this.options.onResults({ total, clusters: cl.clusters || [], listings: page.results || [], page, zoom, bbox });
    } catch (e) {
      if (e.name === 'AbortError' || my !== this.seq) return;
      this.ctrl = null;
      this.status.classList.add('error');
      this.status.textContent = 'Listings could not be loaded: ' + e.message;
      if (this.options.onError) this.options.onError(e);
    }
  }

  // draw puts one marker per cluster: a button that zooms in on it.
  draw(clusters) {
    for (const m of this.markers) m.remove();
    this.markers = clusters.map((c) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'ukpd-lm-cluster' + (c.count === 1 ? ' one' : c.count >= 100 ? ' big' : '');
      b.textContent = c.count === 1 ? '' : num.format(c.count);
      b.setAttribute('aria-label', c.count === 1 ? '1 listing: zoom in' : num.format(c.count) + ' listings: zoom in');
      b.dataset.count = String(c.count);
      b.addEventListener('click', (e) => {
        e.stopPropagation();
        this.map.easeTo({ center: [c.centroid.lon, c.centroid.lat], zoom: Math.min(19, this.map.getZoom() + 2) });
      });
      return new this.ml.Marker({ element: b }).setLngLat([c.centroid.lon, c.centroid.lat]).addTo(this.map);
    });
  }

  setFilters(filters) {
    const area = this.filters.boundary_id;
    this.filters = Object.assign({}, filters);
    if (area && !('boundary_id' in filters)) this.filters.boundary_id = area;
    return this.refresh();
  }

  // setArea draws a boundary (a result of the relay's boundaries
  // typeahead: {id}), fits the view to it and filters the listings to it.
  async setArea(boundary) {
    await this.ready;
    const f = await this.call('boundary', { id: boundary.id, simplify: 25 });
    this.map.getSource('ukpd-area').setData(f);
    this.filters.boundary_id = String(boundary.id);
    const b = [180, 90, -180, -90];
    const walk = (c) => {
      if (typeof c[0] === 'number') {
        b[0] = Math.min(b[0], c[0]); b[1] = Math.min(b[1], c[1]);
        b[2] = Math.max(b[2], c[0]); b[3] = Math.max(b[3], c[1]);
      } else c.forEach(walk);
    };
    walk(f.geometry.coordinates);
    this.map.fitBounds([[b[0], b[1]], [b[2], b[3]]], { padding: 24, duration: 0 });
    return this.refresh();
  }

  clearArea() {
    delete this.filters.boundary_id;
    if (this.map) this.map.getSource('ukpd-area').setData({ type: 'FeatureCollection', features: [] });
    return this.refresh();
  }

  // highlight pins one listing (with a geopoint) on the map; null unpins.
  highlight(listing) {
    if (this.hot) this.hot.remove();
    this.hot = null;
    if (!listing || !listing.geopoint || !this.map) return;
    const d = document.createElement('div');
    d.className = 'ukpd-lm-hot';
    this.hot = new this.ml.Marker({ element: d, anchor: 'bottom-left' }).setLngLat([listing.geopoint.lon, listing.geopoint.lat]).addTo(this.map);
  }

  flyTo(lng, lat, zoom) {
    this.map.easeTo({ center: [lng, lat], zoom: zoom != null ? zoom : this.map.getZoom() });
  }

  destroy() {
    clearTimeout(this.timer);
    if (this.ctrl) this.ctrl.abort();
    if (this.placesCtrl) this.placesCtrl.abort();
    if (this.map) this.map.remove();
    this.status.remove();
  }
}

export function setup(options) {
  return new ListingMap(options);
}
