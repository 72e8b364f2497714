// The host page's own script: set the finder up on #address (a page on
// another origin than the API, with a strict Content-Security-Policy).
const meta = document.querySelector('meta[name="ukpd"]');
window.events = { select: [], error: [], suggestions: 0, elementSelect: [] };
window.finder = UKPD.AddressFinder.setup({
  publicKey: meta.dataset.key,
  baseUrl: meta.dataset.base,
  input: '#address',
  outputFields: { line_1: '#l1', line_2: '#l2', line_3: '#l3', town: '#town', postcode: '#pc', uprn: '#uprn' },
  onSelect: (a) => window.events.select.push(a),
  onError: (e) => window.events.error.push(e),
  onSuggestions: () => { window.events.suggestions++; },
});
document.querySelector('#finder-element').addEventListener('ukpd-select', (e) => window.events.elementSelect.push(e.detail));
