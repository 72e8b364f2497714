package query

import "github.com/ukpd/propertyapi/mappings"

// PostcodeSuccessors finds the live postcodes of a sector nearest a
// terminated postcode's last grid reference (in postcode order when it has
// none): what replaced it when no UPRN history says so.
func PostcodeSuccessors(sector string, from *GeoPoint, size int) M {
	q := M{
		"size":    size,
		"query":   Bool(nil, []M{Term(mappings.PostcodeFieldSector, sector), Term(mappings.PostcodeFieldIsTerminated, false)}, nil, nil),
		"_source": []string{mappings.PostcodeFieldPostcode, mappings.PostcodeFieldLocation},
	}
	if from != nil {
		q["sort"] = []M{GeoDistanceSort(mappings.PostcodeFieldLocation, *from)}
	} else {
		q["sort"] = []M{{mappings.PostcodeFieldPostcode: "asc"}}
	}
	return q
}

// PostcodeMovedToAgg names the terms aggregation of PostcodeMovedTo.
const PostcodeMovedToAgg = "moved_to"

// PostcodeMovedTo counts, by their postcode in the last directory release
// (ONSUD/NSUL), the properties whose directory history had the given
// postcode: where a terminated postcode's UPRNs went. Most UPRNs first,
// then postcode order.
func PostcodeMovedTo(postcode string, size int) M {
	return M{
		"size":             0,
		"track_total_hits": false,
		"query": Bool(nil, []M{Term(mappings.PropertyFieldPostcodeHistoryPostcode, postcode)},
			nil, []M{Term(mappings.PropertyFieldDirectoryPostcode, postcode)}),
		"aggs": M{PostcodeMovedToAgg: M{"terms": M{
			"field": mappings.PropertyFieldDirectoryPostcode, "size": size,
			"order": []M{{"_count": "desc"}, {"_key": "asc"}},
		}}},
	}
}

// LivePostcodes fetches the live ones of the given postcodes (display
// form) with their points.
func LivePostcodes(postcodes []string) M {
	return M{
		"size":    len(postcodes),
		"query":   Bool(nil, []M{Terms(mappings.PostcodeFieldPostcode, postcodes), Term(mappings.PostcodeFieldIsTerminated, false)}, nil, nil),
		"_source": []string{mappings.PostcodeFieldPostcode, mappings.PostcodeFieldLocation},
	}
}
