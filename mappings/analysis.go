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
func analysisSettings(kind string) map[string]any {
	if kind != "address" {
		return nil
	}
	return map[string]any{
		"filter": map[string]any{
			"uk_street_synonyms": map[string]any{"type": "synonym", "synonyms": StreetSynonyms},
			"address_edge": map[string]any{"type": "edge_ngram", "min_gram": 1, "max_gram": 20},
		},
		"analyzer": map[string]any{
			// Index side of typeahead: every prefix of every (expanded) word.
			"address_index": map[string]any{
				"type": "custom", "tokenizer": "standard",
				"filter": []string{"lowercase", "asciifolding", "uk_street_synonyms", "address_edge"},
			},
			// Query side: whole words, synonyms expanded, no n-grams.
			"address_search": map[string]any{
				"type": "custom", "tokenizer": "standard",
				"filter": []string{"lowercase", "asciifolding", "uk_street_synonyms"},
			},
			// Whole words for exact matching and scoring of complete words.
			"address_words": map[string]any{
				"type": "custom", "tokenizer": "standard",
				"filter": []string{"lowercase", "asciifolding", "uk_street_synonyms"},
			},
		},
		"normalizer": map[string]any{
			"lowercase_ascii": map[string]any{"type": "custom", "filter": []string{"lowercase", "asciifolding"}},
		},
	}
}
