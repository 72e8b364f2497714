package mappings

// Sale is one completed (or pending) transaction (index sales, id = ID).
// Mirrors HM Land Registry Price Paid; property attributes are copied in so
// comparables and distributions need no join.
type Sale struct {
	ID                  int64     `json:"id" os:"long"`
	TxID                string    `json:"txid" os:"keyword"` // Price Paid transaction GUID
	UPRN                int64     `json:"uprn,omitempty" os:"long"`
	HasAddressMatch     bool      `json:"has_address_match" os:"boolean"`
	SoldDate            string    `json:"sold_let_date" os:"date"`
	Price               int64     `json:"sold_let_price" os:"long"`
	TransactionType     string    `json:"transaction_type" os:"keyword"` // Sale
	IsComplete          bool      `json:"is_complete" os:"boolean"`
	IsAvailable         bool      `json:"is_available" os:"boolean"`
	FirstListingDate    string    `json:"first_listing_date,omitempty" os:"date"`
	ListingIDs          []string  `json:"listing_ids,omitempty" os:"keyword"`
	PropertyType        string    `json:"property_type,omitempty" os:"keyword"` // Detached ... Flat, Other
	IsNewBuild          bool      `json:"is_new_build" os:"boolean"`
	Tenure              string    `json:"tenure,omitempty" os:"keyword"`
	PPDCategory         string    `json:"ppd_category,omitempty" os:"keyword"` // A, B
	RecordStatus        string    `json:"record_status,omitempty" os:"keyword"`
	Postcode            string    `json:"postcode,omitempty" os:"keyword"`
	Outcode             string    `json:"outcode,omitempty" os:"keyword"`
	Sector              string    `json:"sector,omitempty" os:"keyword"`
	Address             string    `json:"address" os:"keyword"`
	PAON                string    `json:"paon,omitempty" os:"keyword"`
	SAON                string    `json:"saon,omitempty" os:"keyword"`
	Street              string    `json:"street,omitempty" os:"keyword"`
	Locality            string    `json:"locality,omitempty" os:"keyword"`
	Town                string    `json:"town,omitempty" os:"keyword"`
	District            string    `json:"district,omitempty" os:"keyword"`
	County              string    `json:"county,omitempty" os:"keyword"`
	Region              string    `json:"region,omitempty" os:"keyword"`
	Bedrooms            int       `json:"bedrooms,omitempty" os:"integer"`
	Bathrooms           int       `json:"bathrooms,omitempty" os:"integer"`
	EPCFloorArea        float64   `json:"epc_floor_area,omitempty" os:"float"`
	ConstructionAgeBand string    `json:"construction_age_band,omitempty" os:"keyword"`
	CurrentEnergyEff    int       `json:"current_energy_efficiency,omitempty" os:"integer"`
	TitleNo             string    `json:"title_no,omitempty" os:"keyword"`
	Location            *GeoPoint `json:"location,omitempty" os:"geo_point"`
	Source              string    `json:"source" os:"keyword"`
}

// Listing is one sale or rental listing, live or historic (index listings,
// id = ID, a UUID).
type Listing struct {
	ID                  string    `json:"id" os:"keyword"` // UUID
	ListingID           string    `json:"listing_id" os:"keyword"`
	BranchID            string    `json:"branch_id" os:"keyword"`
	Agent               int64     `json:"agent" os:"long"`
	AgentName           string    `json:"agent_name" os:"keyword"`
	AgentBranch         string    `json:"agent_branch" os:"keyword"`
	UPRN                int64     `json:"property_uprn,omitempty" os:"long"`
	HasAddressMatch     bool      `json:"has_address_match" os:"boolean"`
	SaleID              int64     `json:"sale_id,omitempty" os:"long"`
	DisplayAddress      string    `json:"display_address" os:"keyword"`
	Postcode            string    `json:"postcode" os:"keyword"`
	Outcode             string    `json:"outcode" os:"keyword"`
	TransactionType     string    `json:"transaction_type" os:"keyword"` // Sale, Rental
	LatestStatus        string    `json:"latest_status" os:"keyword"`    // For sale, Under offer, Sold STC, To let, Let agreed, Withdrawn, Completed
	LatestPrice         int64     `json:"latest_price" os:"long"`        // GBP; rentals per calendar month
	OriginalPrice       int64     `json:"original_price" os:"long"`
	Reductions          int       `json:"reductions" os:"integer"`
	Source              string    `json:"source" os:"keyword"` // portal label shown to clients, never the portal name
	Bedrooms            int       `json:"bedrooms,omitempty" os:"integer"`
	Bathrooms           int       `json:"bathrooms,omitempty" os:"integer"`
	ReceptionRooms      int       `json:"reception_rooms,omitempty" os:"integer"`
	PropertyType        string    `json:"property_type" os:"keyword"`         // Detached, Semi-Detached, Terraced, Flat, Bungalow
	ListingPropertyType string    `json:"listing_property_type" os:"keyword"` // agent's wording, e.g. "Semi-detached house"
	Ownership           string    `json:"ownership,omitempty" os:"keyword"`
	ConstructionAge     string    `json:"construction_age,omitempty" os:"keyword"`
	IsNewBuild          bool      `json:"is_new_build" os:"boolean"`
	IsLive              bool      `json:"is_live" os:"boolean"`
	IsWithdrawn         bool      `json:"is_withdrawn" os:"boolean"`
	IsReduced           bool      `json:"is_reduced" os:"boolean"`
	AddedDate           string    `json:"added_date" os:"date"` // date-time
	FirstOfferDate      string    `json:"first_offer_date,omitempty" os:"date"`
	FirstSoldOrLetDate  string    `json:"first_sold_or_let_date,omitempty" os:"date"`
	SaleCancelledDate   string    `json:"sale_cancelled_date,omitempty" os:"date"`
	WithdrawnDate       string    `json:"withdrawn_date,omitempty" os:"date"`
	ReducedDate         string    `json:"reduced_date,omitempty" os:"date"`
	ClosedDate          string    `json:"closed_date,omitempty" os:"date"` // left the market (sold, let, withdrawn)
	Description         string    `json:"description,omitempty" os:"text"`
	Images              []string  `json:"images,omitempty" os:"noindex"`
	Location            *GeoPoint `json:"geopoint,omitempty" os:"geo_point"`
	BoundaryCodes       []string  `json:"boundary_codes,omitempty" os:"keyword"` // lad, ward, town, postcode district codes
}

// SaleEvent is one lifecycle event of a listing or sale (index sale_events,
// id = ID). Seq orders the events of one listing.
type SaleEvent struct {
	ID        int64  `json:"id" os:"long"`
	EventType string `json:"event_type" os:"keyword"` // spec section 3 values
	Date      string `json:"date" os:"date"`
	Price     int64  `json:"price,omitempty" os:"long"`
	Source    string `json:"source" os:"keyword"` // portal label or land-registry label
	Listing   string `json:"listing,omitempty" os:"keyword"`
	Sale      int64  `json:"sale,omitempty" os:"long"`
	UPRN      int64  `json:"uprn,omitempty" os:"long"`
	Seq       int    `json:"seq" os:"integer"`
}

// HPI is one month of a regional house price index (index hpi,
// id = "<region>-<YYYY-MM>"), 100 = January 2015.
type HPI struct {
	ID           string  `json:"id" os:"keyword"`
	Region       string  `json:"region" os:"keyword"`
	Month        string  `json:"month" os:"date"` // first day of month
	Index        float64 `json:"index" os:"float"`
	AveragePrice int64   `json:"average_price" os:"long"`
	Source       string  `json:"source" os:"keyword"`
	// AreaCode is the ONS code of the area (E12 region, E92 country, local
	// authority ...) in the UK HPI; empty for generated data.
	AreaCode string `json:"area_code,omitempty" os:"keyword"`
	// Attribution is the licence statement of a real source (empty for generated data).
	Attribution string `json:"attribution,omitempty" os:"noindex"`
}
