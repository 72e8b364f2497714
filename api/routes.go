package api

import (
	"net/http"

	"github.com/ukpd/propertyapi/ratelimit"
)

// AuthMode says how a route authenticates.
type AuthMode int

const (
	// AuthKey requires an API key.
	AuthKey AuthMode = iota
	// AuthOpen needs no key; a key that is sent is still validated and counted.
	AuthOpen
	// AuthPublicKey is the browser relay: Authorization: Public-Key <key>.
	AuthPublicKey
)

// Route is one API operation. Path is relative to /api (and /api/v1); every
// route also answers with a trailing slash.
type Route struct {
	Name    string // operation id, e.g. "address.find"
	Method  string
	Path    string
	Auth    AuthMode
	Weight  int    // calls charged on success; 0 = free and uncounted
	MinPlan string // lowest plan allowed (a ratelimit.Plan* name); "" = every plan
	CORS    bool   // answers OPTIONS preflight (browser relay)
	Summary string
	h       handlerFunc
}

const get, post, patch, del = http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete

// routeTable is the whole URL surface, one line a route: name, method, path,
// auth, weight (the call-weight table of spec 8.3, weighted rendering), plan gate, summary.
//
// Files follow this table: each group comment names the file of its handlers
// (api/<family>.go) and, where the family queries OpenSearch, its builders
// (api/query/<family>.go) by the same name. TestRouteFilesFollowTable checks it.
func (s *Server) routeTable() []*Route {
	return []*Route{
		// Service (spec 4.7): service.go, schema.go.
		{"service.ping", get, "/ping", AuthOpen, 0, "", false, "Liveness: text 'pong'", s.ping},
		{"service.ready", get, "/ready", AuthOpen, 0, "", false, "Readiness: 200 when dependencies answer, 503 while draining or a dependency is down", s.ready},
		{"service.health", get, "/health", AuthOpen, 0, "", false, "Health of the API, OpenSearch and Redis; index names and counts with a key", s.health},
		{"service.schema", get, "/schema", AuthOpen, 0, "", false, "OpenAPI 3.1 document (JSON, or YAML with ?format=yaml)", s.schema},

		// Account (spec 8.1, plans and pay as you go): account.go.
		{"account.usage", get, "/account/usage", AuthKey, 0, "", false, "Calls and tokens by day and endpoint, current and previous period; token balance (free)", s.accountUsage},

		// Addresses (spec 4.1): address.go, address_match.go.
		{"address.find", get, "/address/find", AuthOpen, 2, "", false, "Address typeahead", s.addressFind},
		{"address.postcode", get, "/address/postcode/{postcode}", AuthOpen, 2, "", false, "Addresses at a postcode", s.addressPostcode},
		{"address.match", get, "/address/match", AuthKey, 5, "", false, "Match a free-text address (postcode optional) to one UPRN, with a confidence and a recommendation", s.addressMatch},
		{"address.retrieve", get, "/address/retrieve/{uprn}", AuthKey, 5, "", false, "One address at level address, property or full", s.addressRetrieve},

		// Bulk address-match jobs (spec: none, docs/matching.md): jobs.go.
		{"jobs.address_match.create", post, "/jobs/address-match", AuthKey, 0, "", false, "Start a bulk address-match job: upload CSV or NDJSON (or a multipart file) of up to 1,000,000 addresses; charged per row as rows finish", s.jobCreate},
		{"jobs.list", get, "/jobs", AuthKey, 0, "", false, "The organisation's address-match jobs, newest first", s.jobList},
		{"jobs.get", get, "/jobs/{id}", AuthKey, 0, "", false, "A job's state and progress (rows, done, matched, review, no_match, rows_per_second, eta_seconds)", s.jobGet},
		{"jobs.events", get, "/jobs/{id}/events", AuthKey, 0, "", false, "A job's progress as server-sent events", s.jobEvents},
		{"jobs.results", get, "/jobs/{id}/results", AuthKey, 0, "", false, "The rows finished so far, in input order, as NDJSON or CSV, each with the quality block", s.jobResults},
		{"jobs.cancel", del, "/jobs/{id}", AuthKey, 0, "", false, "Cancel a job (finished rows are kept and paid)", s.jobCancel},

		// Property and energy (spec 4.2): property.go, valuations.go, risk.go (flood).
		{"properties.get", get, "/properties/{uprn}", AuthKey, 1, "", false, "Flat property record", s.propertyRecord},
		{"properties.part", get, "/properties/{uprn}/{part}", AuthKey, 1, "", false, "One part of a property record", s.propertyPart},
		{"property.discover", get, "/property/{uprn}", AuthKey, 1, "", false, "Tiers, parts and add-ons for a UPRN; ?with= custom selection", s.propertyDiscover},
		{"property.tier", get, "/property/{uprn}/{tier}", AuthKey, 1, "", false, "Tiered property data: address, base, core, complete", s.propertyTier},
		{"epc.checker", get, "/epc-checker/{uprn}", AuthOpen, 1, "", false, "Latest EPC and certificate history", s.epcChecker},
		{"valuations.estimate", get, "/valuations/estimate", AuthKey, 1, "", false, "Valuation estimate (sale or rent)", s.valuationEstimate},
		{"flood.risk", get, "/flood-risk", AuthKey, 1, "", false, "Rivers-and-sea and surface-water flood risk", s.floodRisk},

		// Risk and area (spec 4.3): risk.go, area.go, area_profile.go, prices.go, comparables.go, nearby.go, solar.go.
		{"risks.get", get, "/risks/{risk_type}", AuthKey, 1, "", false, "Environmental risk by type, or all", s.risks},
		{"risks.layer", get, "/risks/{risk_type}/{layer}", AuthKey, 1, "", false, "One layer (sub-type) of a risk type, e.g. flood/surface_water", s.riskLayerOne},
		{"deprivation.get", get, "/deprivation", AuthKey, 1, "", false, "Index of Multiple Deprivation for a postcode", s.deprivation},
		{"postcode.profile", get, "/postcode-profile", AuthKey, 1, "", false, "Everything about a postcode in one response", s.postcodeProfile},
		{"demographics.get", get, "/demographics", AuthKey, 1, "", false, "Census 2021 groups for the MSOA of a postcode", s.demographics},
		{"broadband.get", get, "/broadband", AuthKey, 0, "", false, "Broadband speeds and coverage (free)", s.broadband},
		{"prices.distribution", get, "/price_distributions/{outcode}", AuthKey, 1, "", false, "Sold price histogram for an outcode", s.priceDistributions},
		{"prices.growth", get, "/price-growth/{outcode}", AuthKey, 1, "", false, "Year-on-year price growth for an outcode", s.priceGrowth},
		{"prices.trends", get, "/price_trends/{outcode}", AuthKey, 1, "", false, "Monthly median asking prices and volatility", s.priceTrends},
		{"comparables.get", get, "/comparables/{uprn}", AuthKey, 10, "", false, "Comparable sales (beta)", s.comparables},
		{"schools.nearby", get, "/schools/nearby", AuthKey, 1, ratelimit.PlanStarter, false, "Schools near a postcode or point", s.schoolsNearby},
		{"amenities.nearby", get, "/amenities/nearby", AuthKey, 1, ratelimit.PlanStarter, false, "Health amenities near a UPRN or point", s.amenitiesNearby},
		{"solar.assessment", get, "/solar-assessment/{uprn}", AuthKey, 5, "", false, "Rooftop solar potential", s.solarAssessment},

		// Land, planning, tax, boundaries (spec 4.4, 4.6): titles.go, council_tax.go, planning.go,
		// boundaries.go, listing_address.go, crime.go, listed_buildings.go.
		{"titles.get", get, "/property_lr_titles/{uprn}", AuthKey, 1, "", false, "Land title polygon (GeoJSON Feature)", s.landTitle},
		{"council_tax.band", get, "/council_tax_band", AuthKey, 1, "", false, "Council tax band by postcode and building", s.councilTaxBand},
		{"council_tax.band_uprn", get, "/council_tax_band/{uprn}", AuthKey, 1, "", false, "Council tax band of a UPRN", s.councilTaxBandByUPRN},
		{"council_tax.get", get, "/council_tax/{uprn}", AuthKey, 1, "", false, "Council tax band, charge and history", s.councilTax},
		{"planning.search", get, "/planning/search", AuthKey, 1, "", false, "Planning applications near a postcode or point", s.planningSearch},
		{"boundaries.autocomplete", get, "/boundaries/autocomplete", AuthOpen, 0, "", false, "Boundary name typeahead (free)", s.boundariesAutocomplete},
		{"boundaries.geometry", get, "/boundaries/{id}/geometry", AuthOpen, 0, "", false, "A boundary's polygon as a GeoJSON Feature (free)", s.boundaryGeometry},
		{"listing_address.match", post, "/listing-address", AuthKey, 1, "", false, "Match a listing to a UPRN and address", s.listingAddress},
		{"crime.search", get, "/crime", AuthKey, 1, "", false, "Recent crime near a postcode", s.crime},
		{"listed_buildings.search", get, "/listed-buildings", AuthKey, 1, "", false, "Listed buildings near a postcode", s.listedBuildings},

		// Amenity catalogue (spec 4.6): nearby.go.
		{"amenities.list", get, "/amenities", AuthKey, 1, ratelimit.PlanStarter, false, "Amenities of every group near a place", s.amenitiesAll},
		{"amenities.group", get, "/amenities/{group}", AuthKey, 1, ratelimit.PlanStarter, false, "Amenities of one group near a place", s.amenitiesGroup},
		{"healthcare.list", get, "/healthcare", AuthKey, 1, ratelimit.PlanStarter, false, "Healthcare near a place", s.healthcareAll},
		{"healthcare.kind", get, "/healthcare/{kind}", AuthKey, 1, ratelimit.PlanStarter, false, "GPs, dentists, pharmacies or hospitals near a place", s.healthcareKind},
		{"fuel.list", get, "/fuel-stations", AuthKey, 1, ratelimit.PlanStarter, false, "Fuel and EV charging stations near a place", s.fuelAll},
		{"fuel.kind", get, "/fuel-stations/{kind}", AuthKey, 1, ratelimit.PlanStarter, false, "Petrol or EV stations near a place", s.fuelKind},

		// Sales, listings, events (spec 4.5): sales.go, live_listings.go, export.go.
		{"sales.list", get, "/property_sales", AuthKey, 1, "", false, "Sales of a property", s.propertySales},
		{"listings.list", get, "/property_listings", AuthKey, 1, "", false, "Listings of a property", s.propertyListings},
		{"listings.get", get, "/property_listings/{id}", AuthKey, 1, "", false, "One listing by UUID", s.propertyListing},
		{"events.list", get, "/property_sale_events", AuthKey, 1, "", false, "Sale lifecycle events", s.saleEvents},
		{"events.get", get, "/property_sale_events/{id}", AuthKey, 1, "", false, "One sale event", s.saleEvent},
		{"live_listings.search", get, "/live-listings/search", AuthKey, 1, "", false, "Live listings by area, viewport or property", s.liveListingsSearch},
		{"live_listings.clusters", get, "/live-listings/clusters", AuthKey, 1, "", false, "Live listings as map clusters (geotile buckets)", s.liveListingsClusters},
		{"listings.export", post, "/listings/export", AuthKey, 1, ratelimit.PlanGrowth, false, "Bulk export of live listings (CSV or JSON); 1 call per 10 rows", s.listingsExport},

		// Saved searches and alerts (issue 20; docs/alerts.md): alerts.go. The stream
		// comes before {id} so "stream" is not taken for an id.
		{"alerts.create", post, "/alerts", AuthKey, 5, "", false, "Save a search or UPRN watch list as an alert (webhook or stream)", s.alertsCreate},
		{"alerts.list", get, "/alerts", AuthKey, 1, "", false, "The organisation's alerts with delivery state", s.alertsList},
		{"alerts.stream", get, "/alerts/stream", AuthKey, 1, "", false, "Live alert events (Server-Sent Events; Last-Event-ID resumes)", s.alertsStream},
		{"alerts.get", get, "/alerts/{id}", AuthKey, 1, "", false, "One alert with its delivery state", s.alertsGet},
		{"alerts.update", patch, "/alerts/{id}", AuthKey, 5, "", false, "Change an alert (filters, events, target, enabled; rotate_secret)", s.alertsUpdate},
		{"alerts.delete", del, "/alerts/{id}", AuthKey, 1, "", false, "Delete an alert", s.alertsDelete},
		{"alerts.test", post, "/alerts/{id}/test", AuthKey, 1, "", false, "Send a sample event to the alert's webhook and stream", s.alertsTest},

		// Calculators (spec 4.6): free; calculators.go.
		{"calculators.stamp_duty", get, "/calculators/stamp-duty", AuthKey, 0, "", false, "Stamp duty (SDLT, LTT, LBTT)", s.stampDuty},
		{"calculators.mortgage", get, "/calculators/mortgage", AuthKey, 0, "", false, "Mortgage repayments", s.mortgage},

		// Browser relay (spec 4.7): embed.go.
		{"embed.relay", get, "/embed/v2/{tool_slug}", AuthPublicKey, 0, "", true, "Browser relay for a tool with a public key; charged at the weight of the relayed operation", s.embedRelay},
		{"embed.relay_op", get, "/embed/v2/{tool_slug}/{op}", AuthPublicKey, 0, "", true, "Browser relay for one operation of a tool (e.g. address-lookup/retrieve)", s.embedRelay},
	}
}
