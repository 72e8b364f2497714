package api

import (
	"math"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// listingView is a listing as the API shows it, rendered in one place:
// every datum in its public form, nil where it is unknown (JSON null).
// The answers that show a listing take their fields from it and differ
// only in which fields they show and what they call them: a sale's
// listings and the listing routes (listingOut), live-listings/search
// (liveListing), the export's rows (exportColumns), a comparable's latest
// listing and the active-listing valuation.
type listingView struct {
	ID             string
	ListingID      *string
	BranchID       *string
	Agent          int64
	AgentName      *string
	AgentBranch    *string
	UPRN           *int64
	SaleID         *int64
	DisplayAddress string
	Postcode       string

	TransactionType string
	LatestStatus    string
	LatestPrice     int64
	OriginalPrice   *int64
	Reductions      int64
	Source          string // the public label, never a portal's name

	PropertyType        string  // ours: Detached, Semi-Detached, Terraced, Flat, Bungalow
	ListingPropertyType *string // the agent's wording
	Ownership           *string
	ConstructionAge     *string
	Bedrooms            *int
	Bathrooms           *int
	ReceptionRooms      *int
	Description         *string
	Images              []string // never nil
	Location            *mappings.GeoPoint

	IsLive          bool
	IsWithdrawn     bool
	IsNewBuild      bool
	HasAddressMatch bool

	// Dates are days (YYYY-MM-DD); the day listed is also an instant.
	AddedDay           *string
	AddedAt            *string // RFC 3339, UTC; a day alone is midnight UTC
	FirstOfferDate     *string
	FirstSoldOrLetDate *string
	SaleCancelledDate  *string
	WithdrawnDate      *string
	ReducedDate        *string
}

// viewListing renders a stored listing.
func viewListing(l *mappings.Listing) listingView {
	images := l.Images
	if images == nil {
		images = []string{}
	}
	return listingView{
		ID: l.ID, ListingID: nullIfZero(l.ListingID), BranchID: nullIfZero(l.BranchID),
		Agent: l.Agent, AgentName: nullIfZero(l.AgentName), AgentBranch: nullIfZero(l.AgentBranch),
		UPRN: nullIfZero(l.UPRN), SaleID: nullIfZero(l.SaleID), DisplayAddress: l.DisplayAddress, Postcode: l.Postcode,
		TransactionType: l.TransactionType, LatestStatus: l.LatestStatus, LatestPrice: l.LatestPrice,
		OriginalPrice: nullIfZero(l.OriginalPrice), Reductions: int64(l.Reductions), Source: publicSource(l.Source, ""),
		PropertyType: l.PropertyType, ListingPropertyType: nullIfZero(l.ListingPropertyType),
		Ownership: nullIfZero(l.Ownership), ConstructionAge: nullIfZero(l.ConstructionAge),
		Bedrooms: nullIfZero(l.Bedrooms), Bathrooms: nullIfZero(l.Bathrooms), ReceptionRooms: nullIfZero(l.ReceptionRooms),
		Description: nullIfZero(l.Description), Images: images, Location: l.Location,
		IsLive: l.IsLive, IsWithdrawn: l.IsWithdrawn, IsNewBuild: l.IsNewBuild, HasAddressMatch: l.HasAddressMatch,
		AddedDay: day(l.AddedDate), AddedAt: dateTime(l.AddedDate),
		FirstOfferDate: day(l.FirstOfferDate), FirstSoldOrLetDate: day(l.FirstSoldOrLetDate),
		SaleCancelledDate: day(l.SaleCancelledDate), WithdrawnDate: day(l.WithdrawnDate), ReducedDate: day(l.ReducedDate),
	}
}

// daysOnMarket is the calendar days from the day listed to now's day
// (UTC), nil when the day listed is unknown.
func (v *listingView) daysOnMarket(now time.Time) *int64 {
	if v.AddedDay == nil {
		return nil
	}
	t, err := time.Parse("2006-01-02", *v.AddedDay)
	if err != nil {
		return nil
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	d := int64(math.Max(0, math.Round(today.Sub(t).Hours()/24)))
	return &d
}
