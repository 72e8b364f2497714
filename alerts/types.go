package alerts

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
)

// Event types a saved search can subscribe to.
const (
	EventListingAdded   = "listing_added"
	EventPriceReduced   = "price_reduced"
	EventPriceIncreased = "price_increased"
	EventUnderOffer     = "under_offer"
	EventSoldSTC        = "sold_stc"
	EventCompleted      = "completed"
	EventWithdrawn      = "withdrawn"
	EventLetAgreed      = "let_agreed"
	// EventTest is sent by POST /api/alerts/{id}/test only.
	EventTest = "test"
	// Dataset events of a watch list (a UPRN's EPC lodged or sale
	// registered, a watched postcode terminated). Not subscribed by
	// default: an alert asks for them in events.
	EventEPCLodged          = "epc_lodged"
	EventSaleRegistered     = "sale_registered"
	EventPostcodeTerminated = "postcode_terminated"
)

// DatasetEventTypes are the watch-list events of the EPC, sales and
// postcodes datasets.
func DatasetEventTypes() []string {
	return []string{EventEPCLodged, EventSaleRegistered, EventPostcodeTerminated}
}

// AllEventTypes are every subscribable event type: EventTypes (the
// default of a new alert) and DatasetEventTypes.
func AllEventTypes() []string { return append(EventTypes(), DatasetEventTypes()...) }

// EventTypes are the subscribable event types, in documentation order.
func EventTypes() []string {
	return []string{EventListingAdded, EventPriceReduced, EventPriceIncreased, EventUnderOffer,
		EventSoldSTC, EventCompleted, EventWithdrawn, EventLetAgreed}
}

// Alert is a saved search as stored (the "alert" and "def" parts of its
// percolator document). The webhook secret is only ever held encrypted.
type Alert struct {
	ID     string   `json:"id"`
	OrgID  string   `json:"org_id"`
	Name   string   `json:"name"`
	Events []string `json:"events"`
	// Filters are the live-listings search parameters as the client gave
	// them (normalised), kept to show the search back and to rebuild it.
	Filters map[string]string `json:"filters"`
	UPRNs   []int64           `json:"uprns"`
	// Postcodes is a watch list of postcodes (display form): listings at
	// them match, and so does their termination.
	Postcodes []string `json:"postcodes,omitempty"`
	// WebhookURL is "" for a stream-only alert.
	WebhookURL string `json:"webhook_url,omitempty"`
	// SecretEnc is the webhook secret sealed with the server key
	// (AES-256-GCM, see Box).
	SecretEnc string `json:"secret_enc,omitempty"`
	Enabled   bool   `json:"enabled"`
	// Public lets the organisation's public (browser) keys read this
	// alert's events through the relay (listing-map/alerts). Off by
	// default: a public key is in every visitor's browser, and an alert's
	// events say which properties the customer watches.
	Public    bool   `json:"public,omitempty"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// Event is one match of a saved search, as stored in the organisation's
// stream and as delivered (webhook body, SSE data).
type Event struct {
	// ID is the Redis stream entry id ("1732450000000-0"): unique and
	// increasing within the organisation's stream. Set when read back.
	ID      string `json:"id"`
	AlertID string `json:"alert_id"`
	OrgID   string `json:"org_id"`
	Type    string `json:"type"`
	// ListingID and UPRN say what changed (either may be empty/0).
	ListingID string `json:"listing_id,omitempty"`
	UPRN      int64  `json:"uprn,omitempty"`
	// SaleEventID is set when a sale-event document caused the event.
	SaleEventID int64 `json:"sale_event_id,omitempty"`
	// Dataset and DocID name the document of a dataset event (epc,
	// sales, postcodes) and Postcode the postcode of a termination.
	Dataset  string `json:"dataset,omitempty"`
	DocID    string `json:"doc_id,omitempty"`
	Postcode string `json:"postcode,omitempty"`
	// Document is the listing (or sale event) after the change.
	Document json.RawMessage `json:"document,omitempty"`
	// DedupKey is the same for the same change matched by the same alert,
	// even when a crashed run is repeated and the event gets a new ID.
	DedupKey string `json:"dedup_key"`
	// CreatedAt is when the event was matched (RFC 3339, ms).
	CreatedAt string `json:"created_at"`
}

// Change is one document as it was before and after a load or apply.
// Before is nil for a new document; After is nil for a deleted one.
type Change struct {
	Index  string // mappings index name: listings or sale_events
	ID     string
	Before json.RawMessage
	After  json.RawMessage
}

// listingState is the part of a listing that decides its events.
type listingState struct {
	ID          string `json:"id"`
	UPRN        int64  `json:"property_uprn"`
	Status      string `json:"latest_status"`
	Price       int64  `json:"latest_price"`
	IsLive      bool   `json:"is_live"`
	IsWithdrawn bool   `json:"is_withdrawn"`
}

// statusEvent maps a listing status or sale-event type (spec section 3)
// to an event type; "" for statuses without an event.
func statusEvent(s string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "under offer":
		return EventUnderOffer
	case "sold stc", "sold stcm":
		return EventSoldSTC
	case "completed", "sold":
		return EventCompleted
	case "withdrawn":
		return EventWithdrawn
	case "let agreed", "let":
		return EventLetAgreed
	case "reduced":
		return EventPriceReduced
	case "price increased":
		return EventPriceIncreased
	case "added", "added by another agent", "added by new agent", "added by another undetermined agent":
		return EventListingAdded
	}
	return ""
}

// ListingEvents derives the event types of one listing change, in a fixed
// order: added, price change, then the status change. A document that
// comes back unchanged has none.
func ListingEvents(before, after json.RawMessage) []string {
	if after == nil {
		return nil
	}
	var a listingState
	if json.Unmarshal(after, &a) != nil {
		return nil
	}
	if before == nil {
		if a.IsLive {
			return []string{EventListingAdded}
		}
		if e := statusEvent(a.Status); e != "" && e != EventListingAdded {
			return []string{e}
		}
		return nil
	}
	var b listingState
	if json.Unmarshal(before, &b) != nil {
		return nil
	}
	var out []string
	if a.Price > 0 && b.Price > 0 {
		switch {
		case a.Price < b.Price:
			out = append(out, EventPriceReduced)
		case a.Price > b.Price:
			out = append(out, EventPriceIncreased)
		}
	}
	if !strings.EqualFold(a.Status, b.Status) {
		if e := statusEvent(a.Status); e != "" && e != EventListingAdded && e != EventPriceReduced && e != EventPriceIncreased {
			out = append(out, e)
		}
	} else if a.IsWithdrawn && !b.IsWithdrawn {
		out = append(out, EventWithdrawn)
	}
	return out
}

// saleEventState is the part of a sale event that decides its event.
type saleEventState struct {
	ID        int64  `json:"id"`
	EventType string `json:"event_type"`
	Listing   string `json:"listing"`
	UPRN      int64  `json:"uprn"`
}

// SaleEventType maps a new sale-event document to an event type; a sale
// event that existed before (a reload of the same history) has none.
func SaleEventType(before, after json.RawMessage) string {
	if before != nil || after == nil {
		return ""
	}
	var s saleEventState
	if json.Unmarshal(after, &s) != nil {
		return ""
	}
	return statusEvent(s.EventType)
}

// dedupKey identifies (alert, event type, document id, document after).
func dedupKey(alertID, typ, docID string, after []byte) string {
	h := sha256.New()
	for _, s := range []string{alertID, typ, docID} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	h.Write(after)
	return hex.EncodeToString(h.Sum(nil)[:12])
}
