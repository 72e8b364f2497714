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
