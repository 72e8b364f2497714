package query

import "github.com/ukpd/propertyapi/mappings"

// Council-tax builders (spec 4.4).

// CouncilTaxCharges lists the charge years of a billing authority, latest first.
func CouncilTaxCharges(ladCode string, size int) M {
	return M{
		"size":  size,
		"query": Bool(nil, []M{Term(mappings.CouncilTaxChargeFieldLADCode, ladCode)}, nil, nil),
		"sort":  []M{{mappings.CouncilTaxChargeFieldYear: "desc"}},
	}
}

// PropertiesAtPostcode lists the property records of a postcode (display
// form) with the fields needed to match a building number or name.
func PropertiesAtPostcode(postcode string, size int) M {
	return M{
		"size": size,
		"_source": []string{mappings.PropertyFieldUPRN, mappings.PropertyFieldFullAddress, mappings.PropertyFieldAddressLine1, mappings.PropertyFieldSubBuilding, mappings.PropertyFieldBuildingName,
			mappings.PropertyFieldBuildingNumber, mappings.PropertyFieldStreetName, mappings.PropertyFieldPostcode, mappings.PropertyFieldCouncilTaxBand, mappings.PropertyFieldCountry},
		"query": Bool(nil, []M{Term(mappings.PropertyFieldPostcode, postcode)}, nil, nil),
		"sort":  []M{{mappings.PropertyFieldUPRN: "asc"}},
	}
}
