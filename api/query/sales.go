package query

// Sales builders: sales, listings, sale events (spec 2.12–2.14).

import "github.com/ukpd/propertyapi/mappings"

// eventSort is the sort of an ordering value (id breaks ties so paging is stable).
func eventSort(ordering string) []M {
	switch ordering {
	case "date":
		return []M{{"date": "asc"}, {"seq": "asc"}, {"id": "asc"}}
	case "-price":
		return []M{{"price": M{"order": "desc", "missing": "_last"}}, {"id": "desc"}}
	case "price":
		return []M{{"price": M{"order": "asc", "missing": "_last"}}, {"id": "asc"}}
	case "event_type":
		return []M{{"event_type": "asc"}, {"date": "desc"}, {"id": "desc"}}
	}
	return []M{{"date": "desc"}, {"seq": "desc"}, {"id": "desc"}}
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
		filter = append(filter, Term("uprn", f.UPRN))
	}
	if f.ID != 0 {
		filter = append(filter, Term("id", f.ID))
	}
	return paged(Bool(nil, filter, nil, nil), p, []M{{"sold_let_date": M{"order": "desc", "missing": "_last"}}, {"id": "desc"}})
}

// SaleListings finds the listings of a page of sales: those pointing at a
// sale (sale_id) and those a sale points at (listing_ids).
func SaleListings(saleIDs []int64, listingIDs []string, size int) M {
	should := []M{Terms("sale_id", saleIDs)}
	if len(listingIDs) > 0 {
		should = append(should, Terms("id", listingIDs))
	}
	q := M{"bool": M{"should": should, "minimum_should_match": 1}}
	return M{"query": q, "size": size, "sort": []M{{"added_date": "desc"}, {"id": "asc"}}}
}

// SaleEventsOf finds the events of a page of sales in lifecycle order.
func SaleEventsOf(saleIDs []int64, size int) M {
	return M{"query": Bool(nil, []M{Terms("sale", saleIDs)}, nil, nil), "size": size,
		"sort": []M{{"date": "asc"}, {"seq": "asc"}, {"id": "asc"}}}
}

// Listings lists the listings of a property, newest first.
func Listings(uprn int64, p Page) M {
	return paged(Bool(nil, []M{Term("property_uprn", uprn)}, nil, nil), p, []M{{"added_date": "desc"}, {"id": "asc"}})
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
		filter = append(filter, Term("id", f.ID))
	}
	if f.Sale != 0 {
		filter = append(filter, Term("sale", f.Sale))
	}
	if f.UPRN != 0 {
		filter = append(filter, Term("uprn", f.UPRN))
	}
	if f.Listing != "" {
		filter = append(filter, Term("listing", f.Listing))
	}
	if f.EventType != "" {
		if sp := mappings.EventTypeSpellings(f.EventType); len(sp) > 1 {
			filter = append(filter, Terms("event_type", sp))
		} else {
			filter = append(filter, Term("event_type", f.EventType))
		}
	}
	if f.Date != "" {
		filter = append(filter, Range("date", M{"gte": f.Date, "lte": f.Date, "format": "yyyy-MM-dd"}))
	}
	if r, ok := DateRange("date", f.DateGTE, f.DateLTE); ok {
		filter = append(filter, r)
	}
	return paged(Bool(nil, filter, nil, nil), p, eventSort(ordering))
}
