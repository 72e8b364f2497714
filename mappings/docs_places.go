package mappings

// School is one establishment (index schools, id = URN). Mirrors DfE GIAS
// plus the latest Ofsted judgement.
type School struct {
	URN                int64     `json:"urn" os:"long"`
	Name               string    `json:"name" os:"keyword"`
	Type               string    `json:"type" os:"keyword"`
	TypeGroup          string    `json:"type_group" os:"keyword"`
	Phase              string    `json:"phase" os:"keyword"` // Primary, Secondary, All-through, Nursery, 16 plus
	Gender             string    `json:"gender,omitempty" os:"keyword"`
	ReligiousCharacter string    `json:"religious_character,omitempty" os:"keyword"`
	AdmissionsPolicy   string    `json:"admissions_policy,omitempty" os:"keyword"`
	AgeLow             int       `json:"age_low,omitempty" os:"integer"`
	AgeHigh            int       `json:"age_high,omitempty" os:"integer"`
	NumberOfPupils     int       `json:"number_of_pupils,omitempty" os:"integer"`
	SchoolCapacity     int       `json:"school_capacity,omitempty" os:"integer"`
	PercentageFSM      float64   `json:"percentage_fsm,omitempty" os:"float"`
	OfstedRating       string    `json:"ofsted_rating,omitempty" os:"keyword"` // Outstanding, Good, Requires Improvement, Inadequate
	OfstedDate         string    `json:"ofsted_last_inspection,omitempty" os:"date"`
	Street             string    `json:"street,omitempty" os:"keyword"`
	Locality           string    `json:"locality,omitempty" os:"keyword"`
	Town               string    `json:"town,omitempty" os:"keyword"`
	County             string    `json:"county,omitempty" os:"keyword"`
	Postcode           string    `json:"postcode,omitempty" os:"keyword"`
	LocalAuthority     string    `json:"local_authority,omitempty" os:"keyword"`
	Website            string    `json:"website,omitempty" os:"keyword"`
	Telephone          string    `json:"telephone,omitempty" os:"keyword"`
	HeadTeacher        string    `json:"head_teacher,omitempty" os:"keyword"`
	Trust              string    `json:"trust,omitempty" os:"keyword"`
	Status             string    `json:"status" os:"keyword"` // Open, Closed, Proposed to open
	Location           *GeoPoint `json:"location,omitempty" os:"geo_point"`
	Source             string    `json:"source" os:"keyword"`
}

// Amenity is one point of interest (index amenities, id = ID): healthcare
// (gp, dentist, pharmacy, hospital), fuel stations (petrol, ev), transport
// stops and the amenity groups of spec 4.6.
type Amenity struct {
	ID          string    `json:"id" os:"keyword"` // organisation id (ODS code for healthcare)
	Name        string    `json:"name" os:"keyword"`
	Type        string    `json:"type" os:"keyword"`  // gp, dentist, pharmacy, hospital, petrol, ev_charger, bus_stop, rail_station, supermarket, cafe, ...
	Group       string    `json:"group" os:"keyword"` // food, education, healthcare, financial, civic, worship, culture, convenience, green_spaces, transport, shops, fuel
	Line1       string    `json:"line1,omitempty" os:"keyword"`
	City        string    `json:"city,omitempty" os:"keyword"`
	Postcode    string    `json:"postcode,omitempty" os:"keyword"`
	Telephone   string    `json:"telephone,omitempty" os:"keyword"`
	Website     string    `json:"website,omitempty" os:"keyword"`
	Dispensary  bool      `json:"dispensary" os:"boolean"`
	Status      string    `json:"status,omitempty" os:"keyword"` // Active, Closed, Dormant, Proposed (ODS A/C/D/P)
	OpeningDate string    `json:"opening_date,omitempty" os:"date"`
	ClosingDate string    `json:"closing_date,omitempty" os:"date"`
	Operator    string    `json:"operator,omitempty" os:"keyword"`
	Connectors  []string  `json:"connectors,omitempty" os:"keyword"` // EV: CCS, CHAdeMO, Type 2
	MaxPowerKW  float64   `json:"max_power_kw,omitempty" os:"float"`
	FuelTypes   []string  `json:"fuel_types,omitempty" os:"keyword"` // petrol: unleaded, diesel, super
	Location    *GeoPoint `json:"location,omitempty" os:"geo_point"`
	Source      string    `json:"source" os:"keyword"`
	// Attribution is the licence statement of a real source (empty for generated data).
	Attribution string `json:"attribution,omitempty" os:"noindex"`
}

// Planning is one planning application (index planning, id = Reference).
type Planning struct {
	Reference     string    `json:"reference" os:"keyword"`
	Address       string    `json:"address" os:"keyword"`
	Postcode      string    `json:"postcode,omitempty" os:"keyword"`
	UPRN          int64     `json:"uprn,omitempty" os:"long"`
	Description   string    `json:"description" os:"text"`
	Status        string    `json:"status" os:"keyword"`         // Pending, Decided, Withdrawn, Appeal
	Decision      string    `json:"decision" os:"keyword"`       // Undecided, Approved, Refused, Withdrawn
	Type          string    `json:"type" os:"keyword"`           // Full, Outline, Heritage, Trees, Conditions
	Size          string    `json:"size,omitempty" os:"keyword"` // Small, Medium, Large
	Authority     string    `json:"authority" os:"keyword"`
	Ward          string    `json:"ward,omitempty" os:"keyword"`
	DateReceived  string    `json:"date_received" os:"date"`
	DateValidated string    `json:"date_validated,omitempty" os:"date"`
	DateDecided   string    `json:"date_decided,omitempty" os:"date"`
	Applicant     string    `json:"applicant,omitempty" os:"keyword"`
	Agent         string    `json:"agent,omitempty" os:"keyword"`
	URL           string    `json:"url,omitempty" os:"keyword"`
	Location      *GeoPoint `json:"location,omitempty" os:"geo_point"`
	Source        string    `json:"source" os:"keyword"`
}

// Crime is one recorded street-level crime (index crime, id = ID), mirroring
// data.police.uk: the location is an anonymised street point.
type Crime struct {
	ID       string    `json:"id" os:"keyword"`
	Category string    `json:"category" os:"keyword"` // burglary, vehicle-crime, anti-social-behaviour, ...
	Month    string    `json:"month" os:"date"`       // first day of month
	Street   string    `json:"street,omitempty" os:"keyword"`
	Outcome  string    `json:"outcome,omitempty" os:"keyword"`
	LSOACode string    `json:"lsoa_code,omitempty" os:"keyword"`
	Location *GeoPoint `json:"location" os:"geo_point"`
	Source   string    `json:"source" os:"keyword"`
	// Attribution is the licence statement of a real source (empty for generated data).
	Attribution string `json:"attribution,omitempty" os:"noindex"`
}

// ListedBuilding is one entry of the National Heritage List (index
// listed_buildings, id = ListEntry).
type ListedBuilding struct {
	ListEntry int64     `json:"list_entry" os:"long"`
	Name      string    `json:"name" os:"keyword"`
	Grade     string    `json:"grade" os:"keyword"` // I, II*, II
	ListDate  string    `json:"list_date,omitempty" os:"date"`
	UPRN      int64     `json:"uprn,omitempty" os:"long"`
	Location  *GeoPoint `json:"location" os:"geo_point"`
	URL       string    `json:"url,omitempty" os:"keyword"`
	Source    string    `json:"source" os:"keyword"`
	// Attribution is the licence statement of a real source (empty for generated data).
	Attribution string `json:"attribution,omitempty" os:"noindex"`
}
