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
//
// Two tables here are values of fields rather than fields: the listing
// lifecycle (lifecycle.go: the sale event types and listing statuses, and
// which event moves a listing to which status) and the deprivation editions
// (deprivation.go: each nation's index, its stored edition code and ranked
// area count). They stay because both sides of the index need them and
// mappings is the one package both may import: the indexer and importers
// write these values and the API filters on and describes them, while
// api and indexer must never import each other (internal/deps).
package mappings
