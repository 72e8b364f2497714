const meta = document.querySelector('meta[name="ukpd"]');
window.results = [];
window.listingMap = UKPD.ListingMap.setup({
  publicKey: meta.dataset.key,
  baseUrl: meta.dataset.base,
  container: '#map',
  center: [Number(meta.dataset.lng), Number(meta.dataset.lat)],
  zoom: 12,
  filters: { transaction_type: 'Sale' },
  onResults: (r) => {
    window.results.push({ total: r.total, clusters: r.clusters.length, listings: r.listings.length });
    document.querySelector('#summary').textContent = r.total + ' homes for sale in view';
  },
  onError: (e) => { window.mapError = String(e.message); },
});
