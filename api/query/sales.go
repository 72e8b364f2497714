package query

// Sales builders: sales, listings, sale events (spec 2.12–2.14).

import "github.com/ukpd/propertyapi/mappings"

// eventSort is the sort of an ordering value (id breaks ties so paging is stable).
func eventSort(ordering string) []M {
	switch ordering {
	case "date":
		return []M{{mappings.SaleEventFieldDate: "asc"}, {mappings.SaleEventFieldSeq: "asc"}, {mappings.SaleEventFieldID: "asc"}}
	case "-price":
		return []M{{mappings.SaleEventFieldPrice: M{"order": "desc", "missing": "_last"}}, {mappings.SaleEventFieldID: "desc"}}
	case "price":
		return []M{{mappings.SaleEventFieldPrice: M{"order": "asc", "missing": "_last"}}, {mappings.SaleEventFieldID: "asc"}}
	case "event_type":
		return []M{{mappings.SaleEventFieldEventType: "asc"}, {mappings.SaleEventFieldDate: "desc"}, {mappings.SaleEventFieldID: "desc"}}
	}
	return []M{{mappings.SaleEventFieldDate: "desc"}, {mappings.SaleEventFieldSeq: "desc"}, {mappings.SaleEventFieldID: "desc"}}
}

// EventOrderings lists the accepted ordering values, default first.
func EventOrderings() []string { return []string{"-date", "date", "-price", "price", "event_type"} }

// Page is a from/size window.
type Page struct{ From, Size int }

func paged(q M, p Page, sort []M) M {
	return M{"query": q, "from": p.From, "size": p.Size, "sort": sort, "track_total_hits": true}
}

// SalesFilter selects sales: by property (UPRN) and/or sale id.
type SalesFilter struct {
	UPRN int64
	ID   int64
}

// Sales lists sales newest first.
func Sales(f SalesFilter, p Page) M {
	var filter []M
	if f.UPRN != 0 {
		filter = append(filter, Term(mappings.SaleFieldUPRN, f.UPRN))
	}
	if f.ID != 0 {
		filter = append(filter, Term(mappings.SaleFieldID, f.ID))
	}
	return paged(Bool(nil, filter, nil, nil), p, []M{{mappings.SaleFieldSoldDate: M{"order": "desc", "missing": "_last"}}, {mappings.SaleFieldID: "desc"}})
}

// SaleListings finds the listings of a page of sales: those pointing at a
// sale (sale_id) and those a sale points at (listing_ids).
func SaleListings(saleIDs []int64, listingIDs []string, size int) M {
	should := []M{Terms(mappings.ListingFieldSaleID, saleIDs)}
	if len(listingIDs) > 0 {
		should = append(should, Terms(mappings.ListingFieldID, listingIDs))
	}
	q := M{"bool": M{"should": should, "minimum_should_match": 1}}
	return M{"query": q, "size": size, "sort": []M{{mappings.ListingFieldAddedDate: "desc"}, {mappings.ListingFieldID: "asc"}}}
}

// SaleEventsOf finds the events of a page of sales in lifecycle order.
func SaleEventsOf(saleIDs []int64, size int) M {
	return M{"query": Bool(nil, []M{Terms(mappings.SaleEventFieldSale, saleIDs)}, nil, nil), "size": size,
		"sort": []M{{mappings.SaleEventFieldDate: "asc"}, {mappings.SaleEventFieldSeq: "asc"}, {mappings.SaleEventFieldID: "asc"}}}
}

// Listings lists the listings of a property, newest first.
func Listings(uprn int64, p Page) M {
	return paged(Bool(nil, []M{Term(mappings.ListingFieldUPRN, uprn)}, nil, nil), p, []M{{mappings.ListingFieldAddedDate: "desc"}, {mappings.ListingFieldID: "asc"}})
}

// EventFilter holds the sale event filters; zero values are absent.
type EventFilter struct {
	ID        int64
	Sale      int64
	UPRN      int64
	Listing   string
	EventType string
	Date      string // exact day
	DateGTE   string
	DateLTE   string
}

// Empty reports whether no filter is set.
func (f EventFilter) Empty() bool { return f == EventFilter{} }

// SaleEvents lists events with the given ordering (one of EventOrderings).
func SaleEvents(f EventFilter, ordering string, p Page) M {
	var filter []M
	if f.ID != 0 {
		filter = append(filter, Term(mappings.SaleEventFieldID, f.ID))
	}
	if f.Sale != 0 {
		filter = append(filter, Term(mappings.SaleEventFieldSale, f.Sale))
	}
	if f.UPRN != 0 {
		filter = append(filter, Term(mappings.SaleEventFieldUPRN, f.UPRN))
	}
	if f.Listing != "" {
		filter = append(filter, Term(mappings.SaleEventFieldListing, f.Listing))
	}
	if f.EventType != "" {
		if sp := mappings.EventTypeSpellings(f.EventType); len(sp) > 1 {
			filter = append(filter, Terms(mappings.SaleEventFieldEventType, sp))
		} else {
			filter = append(filter, Term(mappings.SaleEventFieldEventType, f.EventType))
		}
	}
	if f.Date != "" {
		filter = append(filter, Range(mappings.SaleEventFieldDate, M{"gte": f.Date, "lte": f.Date, "format": "yyyy-MM-dd"}))
	}
	if r, ok := DateRange(mappings.SaleEventFieldDate, f.DateGTE, f.DateLTE); ok {
		filter = append(filter, r)
	}
	return paged(Bool(nil, filter, nil, nil), p, eventSort(ordering))
}
