// Package deps holds the dependency test: the package directions of
// docs/house-style (cmd → everything; api → api/query, ratelimit, mappings;
// indexer → mappings; mappings → stdlib only; never api ↔ indexer or
// ratelimit → api), checked with `go list -deps` for every package, as
// golang/pkgsite does.
package deps
