// @ukpd/address-finder: binds the UK Property Data API's address typeahead
// to any text input as a WAI-ARIA 1.2 combobox (an editable combobox with
// list autocomplete) and fills the form's address fields with the chosen
// address. Every call goes through the public-key browser relay
// {baseUrl}/api/embed/v2/address-lookup/{find|postcode|retrieve}.
import css from './address-finder.css';
import { adoptCss, scriptOrigin } from '../../shared/dom.js';

const RELAY = '/api/embed/v2/address-lookup/';
export const FIELDS = ['line_1', 'line_2', 'line_3', 'town', 'postcode', 'uprn'];
// A whole UK postcode (with or without its space).
const POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;
const MIN_CHARS = 2;
// find's largest page; a building's flats are listed up to this many.
const MAX_LIMIT = 20;

export const MESSAGES = {
  429: 'Too many address lookups just now. Please type your address.',
  402: 'Address lookup is unavailable. Please type your address.',
  network: 'Address lookup could not be reached. Please type your address.',
  other: 'Address lookup failed. Please type your address.',
};

// The origin this script was loaded from: the default baseUrl of the
// script-tag bundle (an ES module import defaults to the page's origin
// unless baseUrl is given).
const scriptBase = scriptOrigin();

function resolve(target) {
  if (!target) return null;
  return typeof target === 'string' ? document.querySelector(target) : target;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) {
    if (k === 'text') e.textContent = attrs[k];
    else e.setAttribute(k, attrs[k]);
  }
  e.append(...children);
  return e;
}

// highlight wraps the words of text that start with a typed word in <mark>.
function highlight(text, query) {
  const words = query.toLowerCase().split(/[\s,]+/).filter(Boolean);
  const lower = text.toLowerCase();
  const marks = new Uint8Array(text.length);
  for (const w of words) {
    for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + 1)) {
      if (i === 0 || /[\s,\-/]/.test(lower[i - 1])) marks.fill(1, i, i + w.length);
    }
  }
  const frag = document.createDocumentFragment();
  for (let i = 0, j; i < text.length; i = j) {
    for (j = i; j < text.length && marks[j] === marks[i]; j++);
    const part = text.slice(i, j);
    frag.append(marks[i] ? el('mark', { text: part }) : part);
  }
  return frag;
}

// item is one row of the list, from address/find or address/postcode.
function item(s) {
  const line = s.address_line_1 || s.address || '';
  const sub = s.address_line_1 ? [s.address_line_2, s.town, s.postcode].filter(Boolean).join(', ') : '';
  return { uprn: s.uprn, parent: s.parent_uprn || 0, line, sub, address: s.address || line, building: s.type === 'building', flats: s.flat_count || 0, raw: s };
}

// RelayError is a failed relay call: status 0 for a network failure.
class RelayError extends Error {
  constructor(status, code, message, retryAfter) {
    super(message);
    this.name = 'RelayError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

let counter = 0;

export class AddressFinder {
  // options: publicKey, baseUrl, input (selector or element), outputFields
  // ({line_1, line_2, line_3, town, postcode, uprn}: selectors or
  // elements; default the fields of the input's form with those names),
  // onSelect, onError, onSuggestions, debounce (ms, 150), limit (10),
  // messages (overrides MESSAGES), injectStyles (true), container.
  constructor(options) {
    const o = (this.options = { debounce: 150, limit: 10, injectStyles: true });
    for (const k in options) if (options[k] !== undefined) o[k] = options[k];
    const input = (this.input = resolve(o.input));
    if (!input) throw new Error('UKPD.AddressFinder: input not found');
    if (!o.publicKey) throw new Error('UKPD.AddressFinder: publicKey is required');
    this.base = String(o.baseUrl || scriptBase || location.origin).replace(/\/+$/, '');
    this.outputs = {};
    for (const f of FIELDS) {
      let t = o.outputFields ? resolve(o.outputFields[f]) : null;
      if (!o.outputFields && input.form) {
        const named = input.form.elements.namedItem(f);
        t = named instanceof Element ? named : null;
      }
      if (t) this.outputs[f] = t;
    }
    if (o.injectStyles) adoptCss(css);

    const id = 'ukpd-af-' + ++counter;
    this.id = id;
    this.wrapper = o.container || el('div');
    this.wrapper.classList.add('ukpd-af');
    if (!o.container) {
      input.before(this.wrapper);
      this.wrapper.append(input);
    }
    this.list = el('ul', { id: id + '-list', role: 'listbox', class: 'ukpd-af-list', 'aria-label': 'Address suggestions', hidden: '' });
    this.msg = el('p', { id: id + '-msg', class: 'ukpd-af-msg' });
    this.live = el('div', { class: 'ukpd-af-live', role: 'status', 'aria-live': 'polite' });
    input.after(this.list, this.msg, this.live);

    this.saved = {};
    for (const a of ['role', 'aria-autocomplete', 'aria-expanded', 'aria-controls', 'aria-activedescendant', 'aria-describedby', 'autocomplete']) {
      this.saved[a] = input.getAttribute(a);
    }
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', this.list.id);
    input.setAttribute('autocomplete', 'off');
    input.setAttribute('aria-describedby', ((this.saved['aria-describedby'] || '') + ' ' + this.msg.id).trim());

    this.items = [];
    this.all = null; // every address of a typed postcode
    this.active = -1;
    this.seq = 0;
    this.timer = 0;
    this.ctrl = null;
    this.pausedUntil = 0;
    this.off = false;

    this.handlers = {
      input: () => this.typed(),
      keydown: (e) => this.key(e),
      blur: () => this.close(),
    };
    for (const k in this.handlers) input.addEventListener(k, this.handlers[k]);
    this.list.addEventListener('mousedown', (e) => e.preventDefault()); // keep the focus in the input
    this.list.addEventListener('click', (e) => {
      const li = e.target.closest('[role="option"]');
      if (li) this.choose(Number(li.dataset.i));
    });
  }

  // typed runs on every edit: a lookup after the debounce, or none.
  typed() {
    this.cancel();
    this.message('');
    const q = this.input.value.trim();
    if (q.length < MIN_CHARS) {
      this.close();
      this.items = [];
      return;
    }
    this.timer = setTimeout(() => this.lookup(q), this.options.debounce);
  }

  // cancel drops the pending keystroke and aborts the request in flight.
  cancel() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.seq++;
    if (this.ctrl) this.ctrl.abort();
    this.ctrl = null;
  }

  async call(op, params, signal) {
    let res;
    try {
      res = await fetch(this.base + RELAY + op + '?' + new URLSearchParams(params), {
        headers: { Authorization: 'Public-Key ' + this.options.publicKey, Accept: 'application/json' },
        credentials: 'omit',
        signal,
      });
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new RelayError(0, 'network', e.message);
    }
    let body = null;
    try {
      body = await res.json();
    } catch (_) {
      /* not JSON */
    }
    if (!res.ok) {
      const err = (body && body.error) || {};
      throw new RelayError(res.status, err.code || '', err.message || 'HTTP ' + res.status, Number(res.headers.get('Retry-After')) || 0);
    }
    return body;
  }

  // lookup lists the suggestions for q, or the flats of building.
  async lookup(q, building) {
    if (this.off || Date.now() < this.pausedUntil) return;
    this.cancel();
    const my = this.seq;
    const ctrl = (this.ctrl = new AbortController());
    try {
      let rows;
      let all = null;
      if (building) {
        const r = await this.call('find', { q, building: building.uprn, limit: MAX_LIMIT }, ctrl.signal);
        // flats in their natural order (Flat 2 before Flat 10)
        rows = (r.suggestions || []).map(item).sort((a, b) => a.line.localeCompare(b.line, 'en-GB', { numeric: true }));
      } else if (POSTCODE.test(q)) {
        const r = await this.call('postcode', { postcode: q }, ctrl.signal).catch((e) => {
          if (e.status === 404) return { addresses: [] };
          throw e;
        });
        all = (r.addresses || []).map(item);
        // flats are reached through their building
        const buildings = new Set(all.filter((a) => a.building).map((a) => a.uprn));
        rows = all.filter((a) => !buildings.has(a.parent));
      } else {
        const r = await this.call('find', { q, limit: this.options.limit }, ctrl.signal);
        rows = (r.suggestions || []).map(item);
      }
      if (my !== this.seq) return;
      this.ctrl = null;
      this.all = all;
      this.show(rows, q, building);
    } catch (e) {
      if (e.name === 'AbortError' || my !== this.seq) return;
      this.ctrl = null;
      this.fail(e);
    }
  }

  show(rows, q, building) {
    this.items = rows;
    this.active = -1;
    this.input.removeAttribute('aria-activedescendant');
    this.list.replaceChildren(
      ...rows.map((r, i) => {
        const main = el('span', {}, highlight(r.line, q));
        if (r.building) main.append(el('span', { class: 'ukpd-af-more', text: r.flats + ' flats \u203a' }));
        const li = el('li', { id: this.id + '-opt-' + i, role: 'option', class: 'ukpd-af-opt', 'aria-selected': 'false', 'data-i': i, 'data-uprn': r.uprn }, main);
        if (r.sub) li.append(el('span', { class: 'ukpd-af-sub' }, highlight(r.sub, q)));
        return li;
      }),
    );
    const n = rows.length;
    let text = n === 0 ? 'No matching address. You can type your address in full.' : n === 1 ? '1 address found.' : n + ' addresses found.';
    if (building) text = n + ' flats in ' + building.line + '.';
    if (n > 0) text += ' Use the up and down arrows to choose.';
    this.announce(text);
    if (n > 0 && document.activeElement === this.input) this.open();
    else this.close();
    if (this.options.onSuggestions) this.options.onSuggestions(rows.map((r) => r.raw), q);
  }

  open() {
    this.list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
  }

  close() {
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.setActive(-1);
  }

  setActive(i) {
    this.active = i;
    [...this.list.children].forEach((li, k) => li.setAttribute('aria-selected', String(k === i)));
    const li = this.list.children[i];
    if (li) {
      this.input.setAttribute('aria-activedescendant', li.id);
      li.scrollIntoView({ block: 'nearest' });
    }
  }

  key(e) {
    const isOpen = !this.list.hidden;
    const n = this.items.length;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        if (!isOpen) {
          if (n) this.open();
          else if (!this.timer && this.input.value.trim().length >= MIN_CHARS) this.lookup(this.input.value.trim());
          if (!n) return;
        }
        const d = e.key === 'ArrowDown' ? 1 : -1;
        this.setActive(this.active < 0 ? (d > 0 ? 0 : n - 1) : (this.active + d + n) % n);
        break;
      }
      case 'Enter':
        if (isOpen && this.active >= 0) {
          e.preventDefault();
          this.choose(this.active);
        }
        break;
      case 'Escape':
        if (isOpen || this.timer || this.ctrl) {
          e.preventDefault();
          this.cancel();
          this.close();
        }
        break;
      case 'Tab':
        if (isOpen && this.active >= 0 && !this.items[this.active].building) this.choose(this.active);
        else this.close();
        break;
      default:
    }
  }

  // choose picks row i: a building lists its flats, an address is filled in.
  choose(i) {
    const r = this.items[i];
    if (!r) return;
    if (r.building) {
      const flats = this.all && this.all.filter((a) => a.parent === r.uprn);
      if (flats && flats.length) {
        this.show(flats, '', r);
        return;
      }
      const q = this.input.value.trim();
      this.lookup(q.length >= MIN_CHARS ? q : r.line, r);
      return;
    }
    this.select(r);
  }

  async select(r) {
    this.cancel();
    this.close();
    this.input.value = r.address;
    this.announce('');
    const my = this.seq;
    const ctrl = (this.ctrl = new AbortController());
    let a;
    try {
      a = await this.call('retrieve', { uprn: r.uprn }, ctrl.signal);
    } catch (e) {
      if (e.name === 'AbortError' || my !== this.seq) return;
      this.fail(e);
      const s = r.raw;
      a = { uprn: r.uprn, full_address: r.address, address_line_1: s.address_line_1 || r.address, address_line_2: s.address_line_2, post_town: s.town, postcode: s.postcode };
    }
    if (my !== this.seq) return;
    this.ctrl = null;
    const v = {
      uprn: String(a.uprn),
      line_1: a.address_line_1 || '',
      line_2: a.address_line_2 || '',
      line_3: a.address_line_3 || '',
      town: a.post_town || a.town_name || '',
      postcode: a.postcode || '',
    };
    this.input.value = a.full_address || r.address;
    for (const f of FIELDS) {
      const t = this.outputs[f];
      if (!t) continue;
      if ('value' in t) {
        t.value = v[f];
        t.dispatchEvent(new Event('input', { bubbles: true }));
        t.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        t.textContent = v[f];
      }
    }
    this.announce('Address selected: ' + this.input.value);
    if (this.options.onSelect) this.options.onSelect(Object.assign({ address: this.input.value, latitude: a.latitude, longitude: a.longitude, raw: a }, v));
  }

  // fail shows a short message; the input stays a plain text box, so the
  // user types the address by hand. 402 stops lookups for this page; 429
  // pauses them for Retry-After (10 s when not given).
  fail(e) {
    const kind = e.status === 429 ? 429 : e.status === 402 ? 402 : e.status === 0 ? 'network' : 'other';
    if (kind === 402) this.off = true;
    if (kind === 429) this.pausedUntil = Date.now() + (e.retryAfter || 10) * 1000;
    this.items = [];
    this.close();
    const text = Object.assign({}, MESSAGES, this.options.messages)[kind];
    this.message(text);
    this.announce(text);
    if (this.options.onError) this.options.onError({ status: e.status, code: e.code, message: e.message, kind });
  }

  message(text) {
    this.msg.textContent = text;
  }

  announce(text) {
    this.live.textContent = text;
  }

  // destroy removes the widget and gives the input back as it was.
  destroy() {
    this.cancel();
    for (const k in this.handlers) this.input.removeEventListener(k, this.handlers[k]);
    for (const a in this.saved) {
      if (this.saved[a] === null) this.input.removeAttribute(a);
      else this.input.setAttribute(a, this.saved[a]);
    }
    this.list.remove();
    this.msg.remove();
    this.live.remove();
    if (!this.options.container) this.wrapper.replaceWith(this.input);
  }
}

export function setup(options) {
  return new AddressFinder(options);
}

// <ukpd-address-finder public-key="…" base-url="…"> around an <input> (one
// is made, labelled by the label attribute, when it has none). Attributes
// line_1, line_2, line_3, town, postcode, uprn are selectors of the fields
// to fill (default: the fields of the enclosing form with those names).
// Events ukpd-select, ukpd-error, ukpd-suggestions carry the callbacks'
// argument in detail.
export function defineElement(name = 'ukpd-address-finder') {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;
  customElements.define(
    name,
    class extends HTMLElement {
      static get observedAttributes() {
        return ['public-key', 'base-url'];
      }
      connectedCallback() {
        if (document.readyState === 'loading' && !this.querySelector('input')) {
          document.addEventListener('DOMContentLoaded', () => this.start(), { once: true });
        } else this.start();
      }
      attributeChangedCallback() {
        if (this.finder) {
          this.stop();
          this.start();
        }
      }
      disconnectedCallback() {
        this.stop();
      }
      start() {
        if (this.finder || !this.isConnected || !this.getAttribute('public-key')) return;
        let input = this.querySelector('input');
        if (!input) {
          input = el('input', { type: 'text', 'aria-label': this.getAttribute('label') || 'Address', spellcheck: 'false' });
          this.append(input);
        }
        const fields = {};
        let any = false;
        for (const f of FIELDS) {
          if (this.hasAttribute(f)) {
            fields[f] = this.getAttribute(f);
            any = true;
          }
        }
        const emit = (type) => (detail) => this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
        this.finder = new AddressFinder({
          publicKey: this.getAttribute('public-key'),
          baseUrl: this.getAttribute('base-url') || undefined,
          input,
          container: this,
          outputFields: any ? fields : undefined,
          debounce: Number(this.getAttribute('debounce')) || undefined,
          limit: Number(this.getAttribute('limit')) || undefined,
          onSelect: emit('ukpd-select'),
          onError: emit('ukpd-error'),
          onSuggestions: emit('ukpd-suggestions'),
        });
      }
      stop() {
        if (this.finder) this.finder.destroy();
        this.finder = null;
      }
    },
  );
}
