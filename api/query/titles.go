package query

// Land-title builders (spec 4.4).

// TitleByUPRN finds the land title of a UPRN, most recently updated first.
func TitleByUPRN(uprn int64) M {
	return M{
		"size":  1,
		"query": Bool(nil, []M{Term("uprn", uprn)}, nil, nil),
		"sort":  []M{{"updated_at": M{"order": "desc", "unmapped_type": "date"}}, {"title_no": "asc"}},
	}
}
