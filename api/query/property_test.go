package query

import (
	"testing"
)

func TestPropertyGolden(t *testing.T) {
	golden(t, "epc_history", EPCHistory(100023336956, 50))
	golden(t, "title_by_uprn", TitleByUPRN(100023336956))
	golden(t, "council_tax_charges", CouncilTaxCharges("E07000041", 10))
	golden(t, "properties_at_postcode", PropertiesAtPostcode("EX1 1AE", 500))
	golden(t, "postcode_area_statistics", PostcodeAreaStatistics("EX1 1AE"))
	golden(t, "listing_address_match", ListingAddressMatch("Flat 3, 12 High Street, Exeter", "EX11AE", 5))
	golden(t, "listing_address_match_no_postcode", ListingAddressMatch("Rose Cottage, Mill Lane", "", 5))
}
