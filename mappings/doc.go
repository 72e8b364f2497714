// Package mappings defines the document format of every OpenSearch index:
// index names, the Go document types (one struct per index, whose json tags
// are the field names and whose os tags are the field types), the embedded
// mapping-and-settings JSON of each index, and the UK postcode normaliser that
// every writer and reader of postcode fields shares.
//
// The JSON files in json/ are generated from the structs by
//
//	go test ./mappings -run TestMappingFiles -update
//
// and the same test fails when a struct and its JSON disagree, so the indexer
// (which writes the structs) and the API (which queries the field names) can
// never drift from the mapping. This package depends on the standard library only.
package mappings
