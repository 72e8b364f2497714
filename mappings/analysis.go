package mappings

// StreetSynonyms are the UK street-type and address-word abbreviations the
// address analyzers expand in both directions.
var StreetSynonyms = []string{
	"rd,road", "st,street", "ave,av,avenue", "ln,lane", "cl,close", "cres,crescent",
	"dr,drive", "gdns,gardens", "gr,grove", "pl,place", "sq,square", "ter,terr,terrace",
	"ct,court", "pk,park", "hse,house", "bldgs,buildings", "mws,mews", "wy,way",
	"hl,hill", "grn,green", "cotts,cottages", "est,estate", "pde,parade", "wlk,walk",
	"n,north", "s,south", "e,east", "w,west", "upr,upper", "lwr,lower", "gt,great", "lt,little",
	"apt,apartment", "mt,mount", "cnr,corner", "ch,church", "blvd,boulevard",
}

// analysisSettings returns the analysis block for a named analysis kind.
//
// The address chain: a char filter drops apostrophes ("St John's" → "st
// johns"); the standard tokenizer splits on spaces, commas and hyphens; then
// lowercase and asciifolding. address_index (search_text) expands street-type
// synonyms and indexes every prefix of every word (edge n-grams 1..20), so
// each query word matches as a prefix; address_search is its query side
// (whole words, no n-grams, and no synonyms: the index side already holds
// both forms of every word, "Ch" as ch and church, so "church" is found
// either way, while expanding it at query time too would also search the
// prefix "ch", every word that starts with it: Chapel, Chester, and a
// posting list that grows with the country); address_words (search_text.words)
// scores complete words; address_plain (search_text.plain) has no synonyms and
// is the field the fuzzy fallback runs on (fuzzy terms and synonym expansion
// do not mix well).
func analysisSettings(kind string) map[string]any {
	if kind != "address" {
		return nil
	}
	charFilters := []string{"address_apostrophe"}
	return map[string]any{
		"char_filter": map[string]any{
			"address_apostrophe": map[string]any{
				"type": "pattern_replace", "pattern": "['\u2019\u2018]", "replacement": "",
			},
		},
		"filter": map[string]any{
			"uk_street_synonyms": map[string]any{"type": "synonym", "synonyms": StreetSynonyms},
			"address_edge":       map[string]any{"type": "edge_ngram", "min_gram": 1, "max_gram": 20},
			"number_edge":        map[string]any{"type": "edge_ngram", "min_gram": 1, "max_gram": 8},
		},
		"analyzer": map[string]any{
			// Index side of typeahead: every prefix of every (expanded) word.
			"address_index": map[string]any{
				"type": "custom", "tokenizer": "standard", "char_filter": charFilters,
				"filter": []string{"lowercase", "asciifolding", "uk_street_synonyms", "address_edge"},
			},
			// Query side: whole words, no n-grams, no synonyms (the index
			// side expanded them).
			"address_search": map[string]any{
				"type": "custom", "tokenizer": "standard", "char_filter": charFilters,
				"filter": []string{"lowercase", "asciifolding"},
			},
			// numbers.prefix: every prefix of a house or flat number ("12a":
			// "1", "12", "12a"), so a number typed last is one term's
			// postings, not the union of every number that starts with it.
			"number_prefix": map[string]any{
				"type": "custom", "tokenizer": "keyword", "filter": []string{"lowercase", "number_edge"},
			},
			"number_exact": map[string]any{
				"type": "custom", "tokenizer": "keyword", "filter": []string{"lowercase"},
			},
			// Whole words for exact matching and scoring of complete words.
			"address_words": map[string]any{
				"type": "custom", "tokenizer": "standard", "char_filter": charFilters,
				"filter": []string{"lowercase", "asciifolding", "uk_street_synonyms"},
			},
			// Whole words without synonyms: the fuzzy fallback's field.
			"address_plain": map[string]any{
				"type": "custom", "tokenizer": "standard", "char_filter": charFilters,
				"filter": []string{"lowercase", "asciifolding"},
			},
		},
		"normalizer": map[string]any{
			"lowercase_ascii": map[string]any{"type": "custom", "filter": []string{"lowercase", "asciifolding"}},
		},
	}
}
