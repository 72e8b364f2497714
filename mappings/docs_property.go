package mappings

// Property is the record of one UPRN (index properties, id = UPRN): address,
// physical attributes, latest EPC, council tax, last sale and model outputs.
// Records are read by id; only the fields a query filters on are indexed
// and only those it aggregates or sorts on keep doc values (os tag options
// stored, nodocvalues, nosearch; docs/decisions.md, "What the property
// records index keeps").
type Property struct {
	UPRN           int64  `json:"uprn" os:"long"`
	UDPRN          int64  `json:"udprn,omitempty" os:"long,stored"`
	USRN           int64  `json:"usrn,omitempty" os:"long,stored"`
	ParentUPRN     int64  `json:"parent_uprn,omitempty" os:"long,stored"`
	FullAddress    string `json:"full_address" os:"keyword,stored"`
	AddressLine1   string `json:"address_line_1" os:"keyword,stored"`
	AddressLine2   string `json:"address_line_2,omitempty" os:"keyword,stored"`
	AddressLine3   string `json:"address_line_3,omitempty" os:"keyword,stored"`
	SubBuilding    string `json:"sub_building,omitempty" os:"keyword,stored"`
	BuildingName   string `json:"building_name,omitempty" os:"keyword,stored"`
	BuildingNumber string `json:"building_number,omitempty" os:"keyword,stored"`
	StreetName     string `json:"street_name,omitempty" os:"keyword,stored"`
	Locality       string `json:"locality,omitempty" os:"keyword,stored"`
	TownName       string `json:"town_name,omitempty" os:"keyword,stored"`
	PostTown       string `json:"post_town,omitempty" os:"keyword,stored"`
	Postcode       string `json:"postcode" os:"keyword,nodocvalues"`
	Outcode        string `json:"outcode" os:"keyword,stored"`
	Country        string `json:"country" os:"keyword,stored"`
	Region         string `json:"region,omitempty" os:"keyword,stored"`
	LADCode        string `json:"lad_code,omitempty" os:"keyword,stored"`
	LADName        string `json:"lad_name,omitempty" os:"keyword,stored"`
	WardCode       string `json:"ward_code,omitempty" os:"keyword,stored"`
	LSOACode       string `json:"lsoa_code,omitempty" os:"keyword,stored"`
	MSOACode       string `json:"msoa_code,omitempty" os:"keyword,stored"`
	OACode         string `json:"oa_code,omitempty" os:"keyword,stored"` // output area (ONSUD)
	// DirectoryPostcode is the UPRN's postcode in the last ONSUD/NSUL
	// release loaded; PostcodeHistory the postcodes it had in earlier
	// releases (what says where a terminated postcode's addresses went).
	DirectoryPostcode string         `json:"directory_postcode,omitempty" os:"keyword"`
	PostcodeHistory   []PostcodeMove `json:"postcode_history,omitempty" os:"object"`
	Classification    string         `json:"classification_code,omitempty" os:"keyword,stored"`

	PropertyType         string  `json:"property_type,omitempty" os:"keyword,nosearch"`       // Detached, Semi-Detached, Terraced, Flat, Bungalow
	BuiltForm            string  `json:"built_form,omitempty" os:"keyword,stored"`            // Detached, Semi-Detached, Mid-Terrace, End-Terrace, Enclosed Mid-Terrace
	Tenure               string  `json:"tenure,omitempty" os:"keyword,stored"`                // Freehold, Leasehold
	ConstructionAgeBand  string  `json:"construction_age_band,omitempty" os:"keyword,stored"` // "1930-1949"
	YearBuilt            int     `json:"year_built,omitempty" os:"integer,stored"`
	IsNewBuild           bool    `json:"is_new_build" os:"boolean,stored"`
	WindowsType          string  `json:"windows_type,omitempty" os:"keyword,stored"`
	WallType             string  `json:"wall_type,omitempty" os:"keyword,stored"`
	RoofType             string  `json:"roof_type,omitempty" os:"keyword,stored"`        // Pitched, Flat, Another dwelling above
	RoofOrientation      string  `json:"roof_orientation,omitempty" os:"keyword,stored"` // N, NE, E, SE, S, SW, W, NW
	RoofPitchDeg         float64 `json:"roof_pitch_deg,omitempty" os:"float,stored"`
	RoofAreaSqm          float64 `json:"roof_area_sqm,omitempty" os:"float,stored"`
	HeatingType          string  `json:"heating_type,omitempty" os:"keyword,stored"`
	Bedrooms             int     `json:"bedrooms,omitempty" os:"integer,stored"`
	Bathrooms            int     `json:"bathrooms,omitempty" os:"integer,stored"`
	ReceptionRooms       int     `json:"reception_rooms,omitempty" os:"integer,stored"`
	HabitableRooms       int     `json:"habitable_rooms,omitempty" os:"integer,stored"`
	Floors               int     `json:"floors,omitempty" os:"integer,stored"`
	FloorLevel           *int    `json:"floor_level,omitempty" os:"integer,stored"` // flats: 0 = ground
	EPCFloorArea         float64 `json:"epc_floor_area,omitempty" os:"float,nosearch"`
	InternalAreaSqm      float64 `json:"internal_area_sqm,omitempty" os:"float,stored"`
	PlotAreaSqm          float64 `json:"plot_area_sqm,omitempty" os:"float,stored"`
	BuildingFootprintSqm float64 `json:"building_footprint_sqm,omitempty" os:"float,stored"`
	WidthM               float64 `json:"width_m,omitempty" os:"float,stored"`
	DepthM               float64 `json:"depth_m,omitempty" os:"float,stored"`
	HeightM              float64 `json:"height_m,omitempty" os:"float,stored"`
	HasGarden            bool    `json:"has_garden" os:"boolean,stored"`
	GardenAreaSqm        float64 `json:"garden_area_sqm,omitempty" os:"float,stored"`
	GardenOrientation    string  `json:"garden_orientation,omitempty" os:"keyword,stored"`
	HasParking           bool    `json:"has_parking" os:"boolean,stored"`
	ParkingType          string  `json:"parking_type,omitempty" os:"keyword,stored"` // Garage, Driveway, Allocated, On street, None
	ParkingSpaces        int     `json:"parking_spaces,omitempty" os:"integer,stored"`

	EPCID                     string       `json:"epc_id,omitempty" os:"keyword,stored"`
	CurrentEnergyEfficiency   int          `json:"current_energy_efficiency,omitempty" os:"integer,stored"`
	PotentialEnergyEfficiency int          `json:"potential_energy_efficiency,omitempty" os:"integer,stored"`
	CurrentEnergyRating       string       `json:"current_energy_rating,omitempty" os:"keyword,stored"`
	PotentialEnergyRating     string       `json:"potential_energy_rating,omitempty" os:"keyword,stored"`
	LastEPCDate               string       `json:"last_epc_date,omitempty" os:"date,stored"`
	EPCRenovations            []Renovation `json:"epc_renovations,omitempty" os:"object"`

	CouncilTaxBand    string            `json:"council_tax_band,omitempty" os:"keyword,nosearch"`
	CouncilTaxHistory []CouncilTaxEntry `json:"council_tax_history,omitempty" os:"object"`

	LastSoldDate          string  `json:"last_sold_date,omitempty" os:"date,stored"`
	LastSoldPrice         int64   `json:"last_sold_price,omitempty" os:"long,nosearch"`
	LastSoldAdjustedPrice int64   `json:"last_sold_adjusted_price,omitempty" os:"long,stored"` // indexed to today by HPI
	PredictedValue        int64   `json:"predicted_value,omitempty" os:"long,nosearch"`
	PredictedRent         int64   `json:"predicted_rent_pcm,omitempty" os:"long,stored"`
	PredictedBedrooms     int     `json:"predicted_bedrooms,omitempty" os:"integer,stored"`
	PredictedFloorArea    float64 `json:"predicted_floor_area,omitempty" os:"float,stored"`

	TitleNo  string    `json:"title_no,omitempty" os:"keyword,stored"`
	IsListed bool      `json:"is_listed_building" os:"boolean,stored"`
	Location *GeoPoint `json:"location,omitempty" os:"geo_point,stored"`
	Source   string    `json:"source" os:"keyword,stored"`
}

// Renovation is one EPC recommended improvement.
type Renovation struct {
	Improvement        string `json:"improvement" os:"keyword,stored"`
	IndicativeCostLow  int    `json:"indicative_cost_low" os:"integer,stored"`
	IndicativeCostHigh int    `json:"indicative_cost_high" os:"integer,stored"`
	TypicalSavingYear  int    `json:"typical_saving_per_year" os:"integer,stored"`
	EfficiencyAfter    int    `json:"efficiency_after" os:"integer,stored"`
	RatingAfter        string `json:"rating_after" os:"keyword,stored"`
}

// PostcodeMove is a postcode a UPRN had in an earlier directory release:
// Until is the release that first gave it another postcode.
type PostcodeMove struct {
	Postcode string `json:"postcode" os:"keyword,nodocvalues"`
	Until    string `json:"until,omitempty" os:"keyword,stored"`
}

// CouncilTaxEntry is a band valid from a date.
type CouncilTaxEntry struct {
	Band      string `json:"band" os:"keyword,stored"`
	Effective string `json:"effective_date" os:"date,stored"`
	Reason    string `json:"reason,omitempty" os:"keyword,stored"`
}

// EPC is one energy performance certificate (index epc, id = EPCID, the
// LMK key). UPRN is 0 when the certificate has none; such certificates stay
// findable by postcode and address.
type EPC struct {
	EPCID                     string  `json:"epc_id" os:"keyword"`
	UPRN                      int64   `json:"uprn,omitempty" os:"long"`
	Address                   string  `json:"address" os:"keyword"`
	Postcode                  string  `json:"postcode" os:"keyword"`
	LodgementDate             string  `json:"lodgement_date" os:"date"`
	InspectionDate            string  `json:"inspection_date,omitempty" os:"date"`
	CurrentEnergyRating       string  `json:"current_energy_rating" os:"keyword"`
	PotentialEnergyRating     string  `json:"potential_energy_rating" os:"keyword"`
	CurrentEnergyEfficiency   int     `json:"current_energy_efficiency" os:"integer"`
	PotentialEnergyEfficiency int     `json:"potential_energy_efficiency" os:"integer"`
	PropertyType              string  `json:"property_type,omitempty" os:"keyword"`
	BuiltForm                 string  `json:"built_form,omitempty" os:"keyword"`
	TotalFloorArea            float64 `json:"total_floor_area,omitempty" os:"float"`
	ConstructionAgeBand       string  `json:"construction_age_band,omitempty" os:"keyword"`
	HabitableRooms            int     `json:"habitable_rooms,omitempty" os:"integer"`
	Tenure                    string  `json:"tenure,omitempty" os:"keyword"`
	WindowsDescription        string  `json:"windows_description,omitempty" os:"keyword"`
	WallsDescription          string  `json:"walls_description,omitempty" os:"keyword"`
	RoofDescription           string  `json:"roof_description,omitempty" os:"keyword"`
	MainHeating               string  `json:"main_heating,omitempty" os:"keyword"`
	TransactionType           string  `json:"transaction_type,omitempty" os:"keyword"`
	IsLatest                  bool    `json:"is_latest" os:"boolean"`
	Source                    string  `json:"source" os:"keyword"`
}

// Title is a land registry title (index titles, id = TitleNo).
type Title struct {
	TitleNo                string    `json:"title_no" os:"keyword"`
	UPRN                   int64     `json:"uprn" os:"long"`
	RecordStatus           string    `json:"record_status" os:"keyword"`        // A (active)
	EstateInterestCode     string    `json:"estate_interest_code" os:"keyword"` // F, L
	EstateInterest         string    `json:"estate_interest" os:"keyword"`      // Freehold, Leasehold
	TitleClassCode         string    `json:"title_class_code" os:"keyword"`     // A, P, Q, G
	TitleClass             string    `json:"title_class" os:"keyword"`          // Absolute, Possessory, Qualified, Good leasehold
	HasRestrictiveCovenant bool      `json:"has_restrictive_covenant" os:"boolean"`
	CreatedAt              string    `json:"created_at" os:"date"`
	UpdatedAt              string    `json:"updated_at" os:"date"`
	AreaSqm                float64   `json:"area_sqm,omitempty" os:"float"`
	Geometry               *Geometry `json:"geometry" os:"geo_shape"`
	Centroid               *GeoPoint `json:"centroid,omitempty" os:"geo_point"`
	Source                 string    `json:"source" os:"keyword"`
}

// CouncilTaxCharge is the annual charge per band of one billing authority
// and year (index council_tax, id = "<lad_code>-<year>").
type CouncilTaxCharge struct {
	ID               string           `json:"id" os:"keyword"`
	LADCode          string           `json:"lad_code" os:"keyword"`
	BillingAuthority string           `json:"billing_authority" os:"keyword"`
	Year             string           `json:"year" os:"keyword"` // "2025-26"
	BandDChargePence int64            `json:"band_d_charge_pence" os:"long"`
	ChargesPence     map[string]int64 `json:"charges_pence" os:"flat"` // band letter → pence
	Source           string           `json:"source" os:"keyword"`
}
