package query

import "github.com/ukpd/propertyapi/mappings"

// Land-title builders (spec 4.4).

// TitleByUPRN finds the land title of a UPRN, most recently updated first.
func TitleByUPRN(uprn int64) M {
	return M{
		"size":  1,
		"query": Bool(nil, []M{Term(mappings.TitleFieldUPRN, uprn)}, nil, nil),
		"sort":  []M{{mappings.TitleFieldUpdatedAt: M{"order": "desc", "unmapped_type": "date"}}, {mappings.TitleFieldTitleNo: "asc"}},
	}
}
