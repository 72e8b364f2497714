package query

import "github.com/ukpd/propertyapi/mappings"

// AlertPercolatorQuery is the query stored for one saved search
// in the percolator index: a listing matches when it passes the filter
// (MatchClauses, the same clauses live-listings search uses, minus
// is_live) or stands at one of the watched UPRNs. A filter that restricts
// nothing and no UPRNs matches every listing (an organisation-wide feed).
//
// Sale-event documents are percolated as a listing-shaped document (the
// listing the event belongs to, or just {property_uprn} when the event has
// no listing), so the same query serves both.
//
// postcodes is a watch list of postcodes (display form): listings at them
// match, and so does a terminated postcode's document, percolated as
// {postcode}.
func AlertPercolatorQuery(f ListingFilter, uprns []int64, postcodes []string) M {
	var should []M
	clauses := f.MatchClauses()
	switch {
	case len(clauses) > 0:
		should = append(should, Bool(nil, clauses, nil, nil))
	case len(uprns) == 0 && len(postcodes) == 0:
		return M{"match_all": M{}}
	}
	if len(uprns) > 0 {
		should = append(should, Terms(mappings.ListingFieldUPRN, uprns))
	}
	if len(postcodes) > 0 {
		should = append(should, Terms(mappings.ListingFieldPostcode, postcodes))
	}
	if len(should) == 1 {
		return M{"constant_score": M{"filter": should[0]}}
	}
	return M{"bool": M{"should": should, "minimum_should_match": 1}}
}

// AlertPercolate finds the saved searches matching a batch of documents:
// one percolate query over them, restricted to enabled alerts (the hit's
// _percolator_document_slot field lists which documents each alert
// matched). Hits are sorted by alert id so the events of one batch come
// out in a stable order; after (the last alert id of the previous page)
// pages on with search_after.
func AlertPercolate(field string, docs []any, size int, after string) M {
	m := M{
		"query": Bool(nil, []M{
			{"percolate": M{"field": field, "documents": docs}},
			Term("alert.enabled", true),
		}, nil, nil),
		"size":    size,
		"sort":    []M{{"alert.id": M{"order": "asc"}}},
		"_source": []string{"alert.id", "alert.org_id", "alert.events"},
	}
	if after != "" {
		m["search_after"] = []string{after}
	}
	return m
}
