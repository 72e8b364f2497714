package synth

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// Labels shown as event and listing sources: portal events carry a portal
// label (never the portal's name), completions the land registry's.
const (
	portalLabel   = "Portal listing"
	registryLabel = "HM Land Registry"
	listingsStart = 2012 // listing history starts here
)

// ev is one lifecycle event before it gets its id.
type ev struct {
	typ   string
	date  time.Time
	price int64
}

// listingPlan is a listing with its events, built before emission.
type listingPlan struct {
	l      mappings.Listing
	events []ev
}

func roundTo(x float64, step float64) int64 { return int64(math.Round(x/step) * step) }

// valueAt is the model value of a home at a date: today's value moved by
// the regional index.
func (gen *generator) valueAt(h *home, d time.Time) float64 {
	return h.valueNow * gen.hpi.at(h.region, d) / gen.hpi.at(h.region, gen.now)
}

// market writes the sales history of a home with its listings and events,
// live listings and rentals, and sets the property's last-sale fields.
func (gen *generator) market(st *townState, h *home, p *mappings.Property) error {
	r := newRnd(gen.cfg.Seed, "market", p.UPRN)
	start := time.Date(1995, 1, 1, 0, 0, 0, 0, time.UTC)
	built := time.Date(p.YearBuilt, time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
	end := gen.now.AddDate(0, 0, -40) // registrations lag completions
	var dates []time.Time
	var newBuild []bool
	t := start
	if built.After(start) {
		t = built
		if built.Before(end) {
			dates = append(dates, built)
			newBuild = append(newBuild, true)
		}
	}
	mean := 13.0 * 365
	if p.PropertyType == kFlat {
		mean = 8.5 * 365
	}
	for {
		gap := -math.Log(1-r.Float64()) * mean
		if len(dates) == 0 {
			gap *= r.Float64() // the first observed sale can come early in the window
		}
		t = t.AddDate(0, 0, int(math.Max(gap, 300)))
		if !t.Before(end) {
			break
		}
		dates = append(dates, t)
		newBuild = append(newBuild, false)
	}
	var lastSale time.Time
	for i, d := range dates {
		price := roundTo(gen.valueAt(h, d)*r.lognorm(0.04), 250)
		if newBuild[i] {
			price = roundTo(float64(price)*1.05, 250)
		}
		if err := gen.sale(st, h, p, r, d, price, newBuild[i]); err != nil {
			return err
		}
		lastSale = d
	}
	// A live sale listing for some homes.
	if r.chance(0.035) {
		added := gen.now.AddDate(0, 0, -r.intIn(3, 150))
		if lastSale.IsZero() || added.Sub(lastSale) > 200*24*time.Hour {
			if err := gen.liveSale(st, h, p, r, added); err != nil {
				return err
			}
		}
	}
	// Rentals: a few historic lets and some live ones.
	if r.chance(0.09) {
		if err := gen.rental(st, h, p, r, gen.now.AddDate(0, 0, -r.intIn(200, 2200)), false); err != nil {
			return err
		}
	}
	if r.chance(0.015) {
		if err := gen.rental(st, h, p, r, gen.now.AddDate(0, 0, -r.intIn(2, 60)), true); err != nil {
			return err
		}
	}
	return nil
}

var (
	listingTypes = map[string]string{kDetached: "Detached house", kSemi: "Semi-detached house", kTerraced: "Terraced house", kFlat: "Flat", kBungalow: "Bungalow"}
	bedroomWords = map[int]string{1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
)

// newListing fills the common fields of a listing (when the sink wants no
// market documents, only those its callers read: the same draws are made).
func (gen *generator) newListing(st *townState, h *home, p *mappings.Property, r rnd, tx string, added time.Time, price int64) mappings.Listing {
	a := st.agents[r.IntN(len(st.agents))]
	lt := listingTypes[p.PropertyType]
	if p.PropertyType == kTerraced && p.BuiltForm == "End-Terrace" {
		lt = "End of terrace house"
	}
	if p.PropertyType == kFlat && p.FloorLevel != nil && *p.FloorLevel == 0 && r.chance(0.3) {
		lt = "Ground floor flat"
	}
	id := r.uuid()
	own := p.Tenure
	if own == "Leasehold" && r.chance(0.1) {
		own = "Share of freehold"
	}
	listingNo := 100_000_000 + r.IntN(899_999_999)
	addedAt := added.Add(time.Duration(8+r.IntN(10))*time.Hour + time.Duration(r.IntN(60))*time.Minute)
	if !gen.marketDocs {
		// The same draws as the images below; the listing is not sent.
		for i := 1; i <= 1+r.IntN(4); i++ {
		}
		return mappings.Listing{ID: id, OriginalPrice: price}
	}
	disp := h.s.name
	if h.s.locality != "" {
		disp += ", " + h.s.locality
	}
	disp += ", " + p.TownName + " " + p.Outcode
	desc := fmt.Sprintf("A %s bedroom %s on %s", bedroomWords[p.Bedrooms], strings.ToLower(lt), h.s.name)
	if h.s.locality != "" {
		desc += " in " + h.s.locality
	}
	desc += fmt.Sprintf(", with %d reception room(s) and %d bathroom(s), about %.0f sq m.", p.ReceptionRooms, p.Bathrooms, p.EPCFloorArea)
	if p.HasGarden {
		desc += " Garden."
	}
	if p.HasParking {
		desc += " " + p.ParkingType + " parking."
	}
	l := mappings.Listing{
		ID: id, ListingID: strconv.Itoa(listingNo), BranchID: a.branchID, Agent: a.id,
		AgentName: a.name, AgentBranch: a.branch, UPRN: p.UPRN, HasAddressMatch: true, DisplayAddress: disp,
		Postcode: p.Postcode, Outcode: p.Outcode, TransactionType: tx, LatestPrice: price, OriginalPrice: price,
		Source: portalLabel, Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, ReceptionRooms: p.ReceptionRooms,
		PropertyType: p.PropertyType, ListingPropertyType: lt, Ownership: own, ConstructionAge: p.ConstructionAgeBand,
		IsNewBuild: p.IsNewBuild, AddedDate: addedAt.Format(time.RFC3339),
		Description: desc, Location: p.Location, BoundaryCodes: h.boundaries,
	}
	for i := 1; i <= 1+r.IntN(4); i++ {
		l.Images = append(l.Images, fmt.Sprintf("https://images.example.invalid/listings/%s/%d.jpg", id, i))
	}
	return l
}

// marketing adds price changes and an offer to a listing from added until
// the agreed date, returning the latest price.
func marketing(r rnd, events []ev, added, until time.Time, price int64, step float64) ([]ev, int64, int) {
	reductions := 0
	days := int(until.Sub(added).Hours() / 24)
	if days > 20 && r.chance(0.35) {
		d := added.AddDate(0, 0, r.intIn(10, days-5))
		price = roundTo(float64(price)*r.between(0.93, 0.98), step)
		events = append(events, ev{"Reduced", d, price})
		reductions++
		if days > 60 && r.chance(0.3) {
			d2 := d.AddDate(0, 0, r.intIn(3, max(4, int(until.Sub(d).Hours()/24)-2)))
			if d2.Before(until) {
				price = roundTo(float64(price)*r.between(0.95, 0.98), step)
				events = append(events, ev{"Reduced", d2, price})
				reductions++
			}
		}
	} else if days > 20 && r.chance(0.03) {
		price = roundTo(float64(price)*1.03, step)
		events = append(events, ev{"Price Increased", added.AddDate(0, 0, r.intIn(5, days-5)), price})
	}
	return events, price, reductions
}

// saleListings plans the listings that led to a sale agreed before date:
// the one that sold, after (flow) one that was withdrawn or fell through.
func (gen *generator) saleListings(st *townState, h *home, p *mappings.Property, r rnd, date time.Time, newBuild bool, saleID, price int64) []listingPlan {
	var plans []listingPlan
	agreed := date.AddDate(0, 0, -r.intIn(45, 110))
	added := agreed.AddDate(0, 0, -r.intIn(14, 120))
	ask := roundTo(float64(price)*r.between(1.01, 1.07), 5000)
	flow := r.weighted([]float64{0.82, 0.1, 0.08}) // straight, withdrawn then relisted, fell through then relisted
	firstAdd := "Added"
	if flow > 0 {
		// A first listing that did not sell, then a relisting by another agent.
		plans = append(plans, gen.unsoldListing(st, h, p, r, flow, added, ask))
		firstAdd = pick(r, []string{"Added by another agent", "Added by another agent", "Added by new agent", "Added by another undetermined agent"})
	}
	l := gen.newListing(st, h, p, r, "Sale", added, ask)
	l.IsNewBuild = newBuild
	events := []ev{{firstAdd, added, ask}}
	if added.Year() < 2015 && r.chance(0.05) {
		// A backfilled correction of the added date of an old listing.
		events = append(events, ev{"Added date modified for old listing", added.AddDate(0, 0, 1), ask})
	}
	var lp int64
	var nred int
	events, lp, nred = marketing(r, events, added, agreed, ask, 5000)
	if r.chance(0.3) {
		uo := agreed.AddDate(0, 0, -r.intIn(1, 10))
		if uo.After(events[len(events)-1].date) {
			events = append(events, ev{"Under offer", uo, lp})
			l.FirstOfferDate = day(uo)
		}
	}
	stc := "Sold STC"
	if r.chance(0.05) {
		stc = "Sold STCM"
	}
	events = append(events, ev{stc, agreed, lp})
	if l.FirstOfferDate == "" {
		l.FirstOfferDate = day(agreed)
	}
	l.FirstSoldOrLetDate = day(agreed)
	l.LatestPrice, l.Reductions, l.IsReduced = lp, nred, nred > 0
	l.LatestStatus, l.ClosedDate, l.SaleID = "Completed", day(date), saleID
	setReduced(&l, events)
	plans = append(plans, listingPlan{l, events})
	return plans
}

// unsoldListing plans a first listing that did not sell before the one
// added on added: withdrawn (flow 1) or fallen through and withdrawn.
func (gen *generator) unsoldListing(st *townState, h *home, p *mappings.Property, r rnd, flow int, added time.Time, ask int64) listingPlan {
	prevAdded := added.AddDate(0, 0, -r.intIn(60, 200))
	l1 := gen.newListing(st, h, p, r, "Sale", prevAdded, roundTo(float64(ask)*1.04, 5000))
	events := []ev{{"Added", prevAdded, l1.OriginalPrice}}
	stop := added.AddDate(0, 0, -r.intIn(3, 20))
	var lp int64
	var nred int
	if flow == 1 {
		events, lp, nred = marketing(r, events, prevAdded, stop, l1.OriginalPrice, 5000)
		events = append(events, ev{"Withdrawn", stop, lp})
	} else {
		stc := prevAdded.AddDate(0, 0, r.intIn(7, max(8, int(stop.Sub(prevAdded).Hours()/24)/2)))
		lp = l1.OriginalPrice
		events = append(events, ev{"Sold STC", stc, lp}, ev{"Sale Cancelled", stc.AddDate(0, 0, r.intIn(1, max(2, int(stop.Sub(stc).Hours()/24)-1))), lp}, ev{"Withdrawn", stop, lp})
		l1.FirstOfferDate, l1.FirstSoldOrLetDate = day(stc), day(stc)
		l1.SaleCancelledDate = day(events[len(events)-2].date)
	}
	l1.LatestPrice, l1.Reductions, l1.IsReduced = lp, nred, nred > 0
	l1.LatestStatus, l1.IsWithdrawn, l1.WithdrawnDate, l1.ClosedDate = "Withdrawn", true, day(stop), day(stop)
	setReduced(&l1, events)
	return listingPlan{l1, events}
}

// sale writes one completed sale: its Price Paid record, the listings that
// led to it (from 2012) and their events, ending in Completed.
func (gen *generator) sale(st *townState, h *home, p *mappings.Property, r rnd, date time.Time, price int64, newBuild bool) error {
	gen.saleID++
	saleID := gen.saleID
	var plans []listingPlan
	if date.Year() >= listingsStart && r.chance(0.85) {
		plans = gen.saleListings(st, h, p, r, date, newBuild, saleID, price)
	}
	typeCode := p.PropertyType
	if typeCode == kBungalow {
		typeCode = "Detached"
		if p.BuiltForm == "Semi-Detached" {
			typeCode = kSemi
		}
	}
	paon, saon := p.BuildingNumber, p.SubBuilding
	if p.BuildingName != "" {
		paon = strings.TrimSpace(p.BuildingName + " " + p.BuildingNumber)
	}
	tx := r.uuid() // drawn whether or not the record is written
	if gen.marketDocs {
		var ids []string
		for _, pl := range plans {
			ids = append(ids, pl.l.ID)
		}
		s := mappings.Sale{
			ID: saleID, TxID: "{" + strings.ToUpper(tx) + "}", UPRN: p.UPRN, HasAddressMatch: true, SoldDate: day(date),
			Price: price, TransactionType: "Sale", IsComplete: true, IsAvailable: false, ListingIDs: ids,
			PropertyType: typeCode, IsNewBuild: newBuild, Tenure: p.Tenure, PPDCategory: "A", RecordStatus: "A",
			Postcode: p.Postcode, Outcode: p.Outcode, Sector: p.Postcode[:len(p.Postcode)-2], Address: p.FullAddress,
			PAON: paon, SAON: saon, Street: p.StreetName, Locality: p.Locality, Town: strings.ToUpper(p.PostTown),
			District: strings.ToUpper(p.LADName), County: strings.ToUpper(st.g.t.County), Region: p.Region,
			Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, EPCFloorArea: p.EPCFloorArea, ConstructionAgeBand: p.ConstructionAgeBand,
			CurrentEnergyEff: p.CurrentEnergyEfficiency, TitleNo: p.TitleNo, Location: p.Location, Source: source,
		}
		if len(plans) > 0 {
			s.FirstListingDate = plans[0].l.AddedDate[:10]
		}
		if err := gen.sink.Add(mappings.IndexSales, strconv.FormatInt(s.ID, 10), s); err != nil {
			return err
		}
	}
	for i, pl := range plans {
		events := pl.events
		if i == len(plans)-1 {
			events = append(events, ev{"Completed", date, price})
		}
		// The listing that sold carries the sale, and so do all its events
		// (Added → Reduced → Sold STC → Completed); earlier listings that
		// did not sell stay unlinked.
		sid := int64(0)
		if pl.l.SaleID == saleID {
			sid = saleID
		}
		if err := gen.emitListing(pl.l, events, sid, p.UPRN); err != nil {
			return err
		}
	}
	if len(plans) == 0 {
		if err := gen.emitEvents("", []ev{{"Completed", date, price}}, saleID, p.UPRN); err != nil {
			return err
		}
	}
	p.LastSoldDate, p.LastSoldPrice = day(date), price
	p.LastSoldAdjustedPrice = roundTo(float64(price)*gen.hpi.at(h.region, gen.now)/gen.hpi.at(h.region, date), 1000)
	return nil
}

func setReduced(l *mappings.Listing, events []ev) {
	for _, e := range events {
		if e.typ == "Reduced" {
			l.ReducedDate = day(e.date)
		}
	}
}

// liveSale writes a listing on the market at the reference date.
func (gen *generator) liveSale(st *townState, h *home, p *mappings.Property, r rnd, added time.Time) error {
	ask := roundTo(gen.valueAt(h, added)*r.between(1.0, 1.08), 5000)
	l := gen.newListing(st, h, p, r, "Sale", added, ask)
	events := []ev{{"Added", added, ask}}
	var lp int64
	var nred int
	events, lp, nred = marketing(r, events, added, gen.now, ask, 5000)
	l.LatestPrice, l.Reductions, l.IsReduced, l.IsLive = lp, nred, nred > 0, true
	l.LatestStatus = "For sale"
	last := events[len(events)-1].date
	if days := int(gen.now.Sub(last).Hours() / 24); days > 3 {
		switch r.weighted([]float64{0.6, 0.1, 0.3}) {
		case 1:
			d := last.AddDate(0, 0, r.intIn(1, days-1))
			events = append(events, ev{"Under offer", d, lp})
			l.LatestStatus, l.FirstOfferDate = "Under offer", day(d)
		case 2:
			d := last.AddDate(0, 0, r.intIn(1, days-1))
			events = append(events, ev{"Sold STC", d, lp})
			l.LatestStatus, l.FirstOfferDate, l.FirstSoldOrLetDate = "Sold STC", day(d), day(d)
		}
	}
	setReduced(&l, events)
	return gen.emitListing(l, events, 0, p.UPRN)
}

// rental writes a rental listing: historic ones end Let agreed, live ones
// are To let.
func (gen *generator) rental(st *townState, h *home, p *mappings.Property, r rnd, added time.Time, live bool) error {
	rent := roundTo(gen.valueAt(h, added)*rentYield(p.PropertyType)/12*r.between(0.92, 1.1), 25)
	l := gen.newListing(st, h, p, r, "Rental", added, rent)
	events := []ev{{"Added", added, rent}}
	if live {
		l.LatestStatus, l.IsLive = "To let", true
	} else {
		var lp int64
		var nred int
		let := added.AddDate(0, 0, r.intIn(7, 60))
		events, lp, nred = marketing(r, events, added, let, rent, 25)
		events = append(events, ev{"Let agreed", let, lp})
		l.LatestPrice, l.Reductions, l.IsReduced = lp, nred, nred > 0
		l.LatestStatus, l.FirstSoldOrLetDate, l.ClosedDate = "Let agreed", day(let), day(let)
		setReduced(&l, events)
	}
	return gen.emitListing(l, events, 0, p.UPRN)
}

func (gen *generator) emitListing(l mappings.Listing, events []ev, saleID, uprn int64) error {
	if !gen.marketDocs {
		return nil // no market document is sent, so none of their ids is kept
	}
	if err := gen.sink.Add(mappings.IndexListings, l.ID, l); err != nil {
		return err
	}
	return gen.emitEvents(l.ID, events, saleID, uprn)
}

// emitEvents writes the events of one listing (or of a sale without
// listing) in order, Seq from 1; saleID (0: none) links every one of them
// to the sale the listing ended in.
func (gen *generator) emitEvents(listing string, events []ev, saleID, uprn int64) error {
	if !gen.marketDocs {
		return nil // no market document is sent, so none of their ids is kept
	}
	sort.SliceStable(events, func(i, j int) bool { return events[i].date.Before(events[j].date) })
	for i, e := range events {
		gen.eventID++
		src := portalLabel
		if e.typ == "Completed" {
			src = registryLabel
		}
		d := mappings.SaleEvent{ID: gen.eventID, EventType: e.typ, Date: day(e.date), Price: e.price, Source: src, Listing: listing, Sale: saleID, UPRN: uprn, Seq: i + 1}
		if err := gen.sink.Add(mappings.IndexSaleEvents, strconv.FormatInt(d.ID, 10), d); err != nil {
			return err
		}
	}
	return nil
}
