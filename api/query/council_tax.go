package query

// Council-tax builders (spec 4.4).

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
