package query

import "github.com/ukpd/propertyapi/mappings"

// Property family (property records, EPC checker).

// EPCHistory lists the certificates of a UPRN, latest lodgement first.
func EPCHistory(uprn int64, size int) M {
	return M{
		"size":             size,
		"track_total_hits": true,
		"query":            Bool(nil, []M{Term(mappings.EPCFieldUPRN, uprn)}, nil, nil),
		"sort":             []M{{mappings.EPCFieldLodgementDate: "desc"}, {mappings.EPCFieldEPCID: "asc"}},
	}
}
