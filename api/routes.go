package api

import (
	"net/http"

	"github.com/ukpd/propertyapi/api/openapi"
	"github.com/ukpd/propertyapi/ratelimit"
)

// AuthMode says how a route authenticates; the schema's security and its
// 401/403 responses are derived from it.
type AuthMode = openapi.Auth

const (
	// AuthKey requires an API key.
	AuthKey = openapi.AuthKey
	// AuthOpen needs no key; a key that is sent is still validated and counted.
	AuthOpen = openapi.AuthOpen
	// AuthPublicKey is the browser relay: Authorization: Public-Key <key>.
	AuthPublicKey = openapi.AuthPublicKey
)

// Route is one API operation and every fact about it that the router, the
// gate, the HTTP cache and the schema read. Path is relative to /api (and
// /api/v1); every route also answers with a trailing slash.
type Route struct {
	Name    string // operation id, e.g. "address.find"
	Method  string
	Path    string
	Auth    AuthMode
	Weight  int    // calls charged on success; 0 = free and uncounted
	MinPlan string // lowest plan allowed (a ratelimit.Plan* name); "" = every plan
	CORS    bool   // answers OPTIONS preflight (browser relay)
	// Cacheable answers change only when a dataset is loaded: they carry
	// ETag and Cache-Control, and If-None-Match is answered with a 304 that
	// is not charged (httpcache.go).
	Cacheable bool
	// Data operations serve the loaded datasets: they carry X-Data-Source
	// and may answer 404 dataset_not_loaded (not the service, calculator,
	// account and alert operations).
	Data    bool
	Summary string
	h       handlerFunc
}

// Operation is the route as the schema builder takes it.
func (rt *Route) Operation() openapi.Operation {
	return openapi.Operation{
		Name: rt.Name, Method: rt.Method, Path: rt.Path, Auth: rt.Auth,
		Weight: rt.Weight, MinPlan: rt.MinPlan, CORS: rt.CORS, Summary: rt.Summary,
		Cacheable: rt.Cacheable, Data: rt.Data,
	}
}

const get, post, patch, del = http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete

// routeTable is the whole URL surface, one line a route with named fields:
// name, method, path, auth, weight (the call-weight table of spec 8.3,
// weighted rendering), plan gate, cacheability, data flag, summary. A
// zero field is left out. Literal segments are matched before templates
// whatever the order here (registerRoutes), and TestRoutesDoNotShadow
// checks that no route hides another.
//
// Files follow this table: each group comment names the file of its handlers
// (api/<family>.go) and, where the family queries OpenSearch, its builders
// (api/query/<family>.go) by the same name. TestRouteFilesFollowTable checks it.
func (s *Server) routeTable() []*Route {
	return []*Route{
		// Service (spec 4.7): service.go, schema.go.
		{Name: "service.ping", Method: get, Path: "/ping", Auth: AuthOpen, Summary: "Liveness: text 'pong'", h: s.ping},
		{Name: "service.ready", Method: get, Path: "/ready", Auth: AuthOpen, Summary: "Readiness: 200 when dependencies answer, 503 while draining or a dependency is down", h: s.ready},
		{Name: "service.health", Method: get, Path: "/health", Auth: AuthOpen, Summary: "Health of the API, OpenSearch and Redis; index names and counts with a key", h: s.health},
		{Name: "service.schema", Method: get, Path: "/schema", Auth: AuthOpen, Cacheable: true, Summary: "OpenAPI 3.1 document (JSON, or YAML with ?format=yaml)", h: s.schema},

		// Datasets, epochs and the changes feed (spec 4.7, beside health): epochs.go, changes.go.
		{Name: "datasets.list", Method: get, Path: "/datasets", Auth: AuthKey, Summary: "Each loaded dataset's current epoch, source, release, load time and document count (free)", h: s.datasets},                              // not cacheable: an apply changes epochs without a reload
		{Name: "changes.list", Method: get, Path: "/changes/{dataset}", Auth: AuthKey, Weight: 1, Data: true, Summary: "What changed in a dataset since an epoch (inserts, updates, deletes); 1 call per 10 rows", h: s.changes}, // not cacheable: follows the current epoch

		// Account (spec 8.1, plans and pay as you go): account.go.
		{Name: "account.usage", Method: get, Path: "/account/usage", Auth: AuthKey, Summary: "Calls and tokens by day and endpoint, current and previous period; token balance (free)", h: s.accountUsage}, // not cacheable: changes with every call of the key

		// Addresses (spec 4.1): address.go, address_match.go; postcode_terminated.go answers terminated
		// postcodes for every endpoint that takes a postcode.
		{Name: "address.find", Method: get, Path: "/address/find", Auth: AuthOpen, Weight: 2, Data: true, Summary: "Address typeahead", h: s.addressFind}, // not cacheable: typeahead: its own LRU cache, no revalidation
		{Name: "address.postcode", Method: get, Path: "/address/postcode/{postcode}", Auth: AuthOpen, Weight: 2, Cacheable: true, Data: true, Summary: "Addresses at a postcode", h: s.addressPostcode},
		{Name: "address.match", Method: get, Path: "/address/match", Auth: AuthKey, Weight: 5, Cacheable: true, Data: true, Summary: "Match a free-text address (postcode optional) to one UPRN, with a confidence and a recommendation", h: s.addressMatch},
		{Name: "address.retrieve", Method: get, Path: "/address/retrieve/{uprn}", Auth: AuthKey, Weight: 5, Cacheable: true, Data: true, Summary: "One address at level address, property or full", h: s.addressRetrieve},

		// Bulk address-match jobs (spec: none, docs/matching.md): jobs.go.
		{Name: "jobs.address_match.create", Method: post, Path: "/jobs/address-match", Auth: AuthKey, Summary: "Start a bulk address-match job: upload CSV or NDJSON (or a multipart file) of up to 1,000,000 addresses; charged per row as rows finish", h: s.jobCreate},
		{Name: "jobs.list", Method: get, Path: "/jobs", Auth: AuthKey, Summary: "The organisation's address-match jobs, newest first", h: s.jobList},
		{Name: "jobs.get", Method: get, Path: "/jobs/{id}", Auth: AuthKey, Summary: "A job's state and progress (rows, done, matched, review, no_match, rows_per_second, eta_seconds)", h: s.jobGet},
		{Name: "jobs.events", Method: get, Path: "/jobs/{id}/events", Auth: AuthKey, Summary: "A job's progress as server-sent events", h: s.jobEvents},
		{Name: "jobs.results", Method: get, Path: "/jobs/{id}/results", Auth: AuthKey, Summary: "The rows finished so far, in input order, as NDJSON or CSV, each with the quality block", h: s.jobResults},
		{Name: "jobs.cancel", Method: del, Path: "/jobs/{id}", Auth: AuthKey, Summary: "Cancel a job (finished rows are kept and paid)", h: s.jobCancel},

		// Property and energy (spec 4.2): property.go, valuations.go, risk.go (flood).
		{Name: "properties.get", Method: get, Path: "/properties/{uprn}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Flat property record", h: s.propertyRecord},
		{Name: "properties.part", Method: get, Path: "/properties/{uprn}/{part}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "One part of a property record", h: s.propertyPart},
		{Name: "property.discover", Method: get, Path: "/property/{uprn}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Tiers, parts and add-ons for a UPRN; ?with= custom selection", h: s.propertyDiscover},
		{Name: "property.tier", Method: get, Path: "/property/{uprn}/{tier}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Tiered property data: address, base, core, complete", h: s.propertyTier},
		{Name: "epc.checker", Method: get, Path: "/epc-checker/{uprn}", Auth: AuthOpen, Weight: 1, Cacheable: true, Data: true, Summary: "Latest EPC and certificate history", h: s.epcChecker},
		{Name: "valuations.estimate", Method: get, Path: "/valuations/estimate", Auth: AuthKey, Weight: 1, Data: true, Summary: "Valuation estimate (sale or rent)", h: s.valuationEstimate}, // not cacheable: a model estimate: recomputed, not loaded
		{Name: "flood.risk", Method: get, Path: "/flood-risk", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Rivers-and-sea and surface-water flood risk", h: s.floodRisk},

		// Risk and area (spec 4.3): risk.go, area.go, area_profile.go, prices.go, comparables.go, nearby.go, solar.go.
		{Name: "risks.get", Method: get, Path: "/risks/{risk_type}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Environmental risk by type, or all", h: s.risks},
		{Name: "risks.layer", Method: get, Path: "/risks/{risk_type}/{layer}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "One layer (sub-type) of a risk type, e.g. flood/surface_water", h: s.riskLayerOne},
		{Name: "deprivation.get", Method: get, Path: "/deprivation", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Index of Multiple Deprivation for a postcode", h: s.deprivation},
		{Name: "postcode.profile", Method: get, Path: "/postcode-profile", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Everything about a postcode in one response", h: s.postcodeProfile},
		{Name: "demographics.get", Method: get, Path: "/demographics", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Census 2021 groups for the MSOA of a postcode", h: s.demographics},
		{Name: "broadband.get", Method: get, Path: "/broadband", Auth: AuthKey, Cacheable: true, Data: true, Summary: "Broadband speeds and coverage (free)", h: s.broadband},
		{Name: "prices.distribution", Method: get, Path: "/price_distributions/{outcode}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Sold price histogram for an outcode", h: s.priceDistributions},
		{Name: "prices.growth", Method: get, Path: "/price-growth/{outcode}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Year-on-year price growth for an outcode", h: s.priceGrowth},
		{Name: "prices.trends", Method: get, Path: "/price_trends/{outcode}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Monthly median asking prices and volatility", h: s.priceTrends},
		{Name: "comparables.get", Method: get, Path: "/comparables/{uprn}", Auth: AuthKey, Weight: 10, Data: true, Summary: "Comparable sales (beta)", h: s.comparables}, // not cacheable: uses today's date window
		{Name: "schools.nearby", Method: get, Path: "/schools/nearby", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanStarter, Cacheable: true, Data: true, Summary: "Schools near a postcode or point", h: s.schoolsNearby},
		{Name: "amenities.nearby", Method: get, Path: "/amenities/nearby", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanStarter, Cacheable: true, Data: true, Summary: "Health amenities near a UPRN or point", h: s.amenitiesNearby},
		{Name: "solar.assessment", Method: get, Path: "/solar-assessment/{uprn}", Auth: AuthKey, Weight: 5, Cacheable: true, Data: true, Summary: "Rooftop solar potential", h: s.solarAssessment},

		// Land, planning, tax, boundaries (spec 4.4, 4.6): titles.go, council_tax.go, planning.go,
		// boundaries.go, listing_address.go, crime.go, listed_buildings.go.
		{Name: "titles.get", Method: get, Path: "/property_lr_titles/{uprn}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Land title polygon (GeoJSON Feature)", h: s.landTitle},
		{Name: "council_tax.band", Method: get, Path: "/council_tax_band", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Council tax band by postcode and building", h: s.councilTaxBand},
		{Name: "council_tax.band_uprn", Method: get, Path: "/council_tax_band/{uprn}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Council tax band of a UPRN", h: s.councilTaxBandByUPRN},
		{Name: "council_tax.get", Method: get, Path: "/council_tax/{uprn}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Council tax band, charge and history", h: s.councilTax},
		{Name: "planning.search", Method: get, Path: "/planning/search", Auth: AuthKey, Weight: 1, Data: true, Summary: "Planning applications near a postcode or point", h: s.planningSearch}, // not cacheable: its default window ends today
		{Name: "boundaries.autocomplete", Method: get, Path: "/boundaries/autocomplete", Auth: AuthOpen, Data: true, Summary: "Boundary name typeahead (free)", h: s.boundariesAutocomplete},   // not cacheable: Saved searches change with their delivery state; the stream is live.
		{Name: "boundaries.places", Method: get, Path: "/boundaries/places", Auth: AuthOpen, Cacheable: true, Data: true, Summary: "Place and street names in a map view as GeoJSON points (free; OS Open Names)", h: s.boundariesPlaces},
		{Name: "boundaries.geometry", Method: get, Path: "/boundaries/{id}/geometry", Auth: AuthOpen, Cacheable: true, Data: true, Summary: "A boundary's polygon as a GeoJSON Feature (free)", h: s.boundaryGeometry},
		{Name: "listing_address.match", Method: post, Path: "/listing-address", Auth: AuthKey, Weight: 1, Data: true, Summary: "Match a listing to a UPRN and address", h: s.listingAddress}, // not cacheable: POST
		{Name: "crime.search", Method: get, Path: "/crime", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Recent crime near a postcode", h: s.crime},
		{Name: "listed_buildings.search", Method: get, Path: "/listed-buildings", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Listed buildings near a postcode", h: s.listedBuildings},

		// Amenity catalogue (spec 4.6): nearby.go.
		{Name: "amenities.list", Method: get, Path: "/amenities", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanStarter, Cacheable: true, Data: true, Summary: "Amenities of every group near a place", h: s.amenitiesAll},
		{Name: "amenities.group", Method: get, Path: "/amenities/{group}", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanStarter, Cacheable: true, Data: true, Summary: "Amenities of one group near a place", h: s.amenitiesGroup},
		{Name: "healthcare.list", Method: get, Path: "/healthcare", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanStarter, Cacheable: true, Data: true, Summary: "Healthcare near a place", h: s.healthcareAll},
		{Name: "healthcare.kind", Method: get, Path: "/healthcare/{kind}", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanStarter, Cacheable: true, Data: true, Summary: "GPs, dentists, pharmacies or hospitals near a place", h: s.healthcareKind},
		{Name: "fuel.list", Method: get, Path: "/fuel-stations", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanStarter, Cacheable: true, Data: true, Summary: "Fuel and EV charging stations near a place", h: s.fuelAll},
		{Name: "fuel.kind", Method: get, Path: "/fuel-stations/{kind}", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanStarter, Cacheable: true, Data: true, Summary: "Petrol or EV stations near a place", h: s.fuelKind},

		// Sales, listings, events (spec 4.5): sales.go, live_listings.go, export.go.
		{Name: "sales.list", Method: get, Path: "/property_sales", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Sales of a property", h: s.propertySales},
		{Name: "listings.list", Method: get, Path: "/property_listings", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Listings of a property", h: s.propertyListings},
		{Name: "listings.get", Method: get, Path: "/property_listings/{id}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "One listing by UUID", h: s.propertyListing},
		{Name: "events.list", Method: get, Path: "/property_sale_events", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "Sale lifecycle events", h: s.saleEvents},
		{Name: "events.get", Method: get, Path: "/property_sale_events/{id}", Auth: AuthKey, Weight: 1, Cacheable: true, Data: true, Summary: "One sale event", h: s.saleEvent},
		{Name: "live_listings.search", Method: get, Path: "/live-listings/search", Auth: AuthKey, Weight: 1, Data: true, Summary: "Live listings by area, viewport or property", h: s.liveListingsSearch},
		{Name: "live_listings.clusters", Method: get, Path: "/live-listings/clusters", Auth: AuthKey, Weight: 1, Data: true, Summary: "Live listings as map clusters (geotile buckets)", h: s.liveListingsClusters},
		{Name: "listings.export", Method: post, Path: "/listings/export", Auth: AuthKey, Weight: 1, MinPlan: ratelimit.PlanGrowth, Data: true, Summary: "Bulk export of live listings (CSV or JSON); 1 call per 10 rows", h: s.listingsExport},

		// Saved searches and alerts (docs/alerts.md): alerts.go. The stream
		// comes before {id} so "stream" is not taken for an id.
		{Name: "alerts.create", Method: post, Path: "/alerts", Auth: AuthKey, Weight: 5, Summary: "Save a search or UPRN watch list as an alert (webhook or stream)", h: s.alertsCreate},
		{Name: "alerts.list", Method: get, Path: "/alerts", Auth: AuthKey, Weight: 1, Summary: "The organisation's alerts with delivery state", h: s.alertsList},
		{Name: "alerts.stream", Method: get, Path: "/alerts/stream", Auth: AuthKey, Weight: 1, Summary: "Live alert events (Server-Sent Events; Last-Event-ID resumes)", h: s.alertsStream},
		{Name: "alerts.get", Method: get, Path: "/alerts/{id}", Auth: AuthKey, Weight: 1, Summary: "One alert with its delivery state", h: s.alertsGet},
		{Name: "alerts.update", Method: patch, Path: "/alerts/{id}", Auth: AuthKey, Weight: 5, Summary: "Change an alert (filters, events, target, enabled; rotate_secret)", h: s.alertsUpdate},
		{Name: "alerts.delete", Method: del, Path: "/alerts/{id}", Auth: AuthKey, Weight: 1, Summary: "Delete an alert", h: s.alertsDelete},
		{Name: "alerts.test", Method: post, Path: "/alerts/{id}/test", Auth: AuthKey, Weight: 1, Summary: "Send a sample event to the alert's webhook and stream", h: s.alertsTest},

		// Calculators (spec 4.6): free; calculators.go.
		{Name: "calculators.stamp_duty", Method: get, Path: "/calculators/stamp-duty", Auth: AuthKey, Summary: "Stamp duty (SDLT, LTT, LBTT)", h: s.stampDuty},
		{Name: "calculators.mortgage", Method: get, Path: "/calculators/mortgage", Auth: AuthKey, Summary: "Mortgage repayments", h: s.mortgage},

		// Browser relay (spec 4.7): embed.go.
		{Name: "embed.relay", Method: get, Path: "/embed/v2/{tool_slug}", Auth: AuthPublicKey, CORS: true, Data: true, Summary: "Browser relay for a tool with a public key; charged at the weight of the relayed operation", h: s.embedRelay},
		{Name: "embed.relay_op", Method: get, Path: "/embed/v2/{tool_slug}/{op}", Auth: AuthPublicKey, CORS: true, Data: true, Summary: "Browser relay for one operation of a tool (e.g. address-lookup/retrieve)", h: s.embedRelay},
	}
}
