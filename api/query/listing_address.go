package query

// Listing-address match builder (spec 4.4).

// ListingAddressMatch finds the addresses a listing's display address may
// be: the strict typeahead query over its text, restricted to its postcode
// when it has one, without building collapse. Its hits come back whole
// (_source): the confidence reads their numbers, which have no doc values.
func ListingAddressMatch(text string, postcodeKey string, size int) M {
	t := ParseAddressText(text)
	t.FlatAsked = true // never collapse: a listing is one dwelling
	if postcodeKey != "" {
		t.PostcodeKey = postcodeKey
		t.Outcode = ""
	}
	t.LastComplete, t.LastIsNumber = true, false
	return AddressTextFind(t, AddressFindParams{Size: size, Fetch: FetchSource})
}
