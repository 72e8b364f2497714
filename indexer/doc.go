// Package indexer moves datasets into OpenSearch: the Sink interface that
// generators and importers write documents to, DirWriter (an NDJSON directory
// per dataset run, one file per index plus a manifest), and LoadDir, the bulk
// loader that builds a new versioned index per dataset and swaps its alias
// atomically, keeping the previous version for rollback.
//
// The document format of every index is defined in package mappings; this
// package never invents fields.
package indexer
