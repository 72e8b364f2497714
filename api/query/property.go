package query

// Property family (property records, EPC checker, land titles, council tax).

// EPCHistory lists the certificates of a UPRN, latest lodgement first.
func EPCHistory(uprn int64, size int) M {
	return M{
		"size":             size,
		"track_total_hits": true,
		"query":            Bool(nil, []M{Term("uprn", uprn)}, nil, nil),
		"sort":             []M{{"lodgement_date": "desc"}, {"epc_id": "asc"}},
	}
}

// TitleByUPRN finds the land title of a UPRN, most recently updated first.
func TitleByUPRN(uprn int64) M {
	return M{
		"size":  1,
		"query": Bool(nil, []M{Term("uprn", uprn)}, nil, nil),
		"sort":  []M{{"updated_at": M{"order": "desc", "unmapped_type": "date"}}, {"title_no": "asc"}},
	}
}

// CouncilTaxCharges lists the charge years of a billing authority, latest first.
func CouncilTaxCharges(ladCode string, size int) M {
	return M{
		"size":  size,
		"query": Bool(nil, []M{Term("lad_code", ladCode)}, nil, nil),
		"sort":  []M{{"year": "desc"}},
	}
}

// PropertiesAtPostcode lists the property records of a postcode (display
// form) with the fields needed to match a building number or name.
func PropertiesAtPostcode(postcode string, size int) M {
	return M{
		"size": size,
		"_source": []string{"uprn", "full_address", "address_line_1", "sub_building", "building_name",
			"building_number", "street_name", "postcode", "council_tax_band", "country"},
		"query": Bool(nil, []M{Term("postcode", postcode)}, nil, nil),
		"sort":  []M{{"uprn": "asc"}},
	}
}

// PostcodeAreaStatistics aggregates the property records of a postcode:
// record count, median predicted value and last sold price, mean floor area,
// and the council tax band and property type distributions.
func PostcodeAreaStatistics(postcode string) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query":            Bool(nil, []M{Term("postcode", postcode)}, nil, nil),
		"aggs": M{
			"predicted_value": M{"percentiles": M{"field": "predicted_value", "percents": []float64{50}}},
			"last_sold_price": M{"percentiles": M{"field": "last_sold_price", "percents": []float64{50}}},
			"floor_area":      M{"avg": M{"field": "epc_floor_area"}},
			"bands":           M{"terms": M{"field": "council_tax_band", "size": 10}},
			"types":           M{"terms": M{"field": "property_type", "size": 10}},
		},
	}
}

// ListingAddressMatch finds the addresses a listing's display address may
// be: the strict typeahead query over its text, restricted to its postcode
// when it has one, without building collapse.
func ListingAddressMatch(text string, postcodeKey string, size int) M {
	t := ParseAddressText(text)
	t.FlatAsked = true // never collapse: a listing is one dwelling
	if postcodeKey != "" {
		t.PostcodeKey = postcodeKey
		t.Outcode = ""
	}
	t.LastComplete, t.LastIsNumber = true, false
	return AddressTextFind(t, AddressFindParams{Size: size})
}
