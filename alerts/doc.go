// Package alerts holds saved searches and their events: the
// percolator index of saved searches, change → event matching, the durable
// per-organisation event streams in Redis, webhook signing, the SSRF guard
// and the webhook deliverer.
//
// It knows nothing of HTTP routing (package api serves the endpoints) or of
// the loader (package indexer hands it changed documents through
// cmd/indexer). The query of a saved search is built by api/query, the
// same builder live-listings search uses, and handed in as JSON.
package alerts
