const meta = document.querySelector('meta[name="ukpd"]');
// ?lat=&lng=&zoom= move the start view (the browser test opens Shetland too).
const q = new URLSearchParams(location.search);
window.results = [];
window.listingMap = UKPD.ListingMap.setup({
  publicKey: meta.dataset.key,
  baseUrl: meta.dataset.base,
  container: '#map',
  center: [Number(q.get('lng') || meta.dataset.lng), Number(q.get('lat') || meta.dataset.lat)],
  zoom: Number(q.get('zoom') || 12),
  filters: { transaction_type: 'Sale' },
  onResults: (r) => {
    window.results.push({ total: r.total, clusters: r.clusters.length, listings: r.listings.length });
    document.querySelector('#summary').textContent = r.total + ' homes for sale in view';
  },
  onError: (e) => { window.mapError = String(e.message); },
});
