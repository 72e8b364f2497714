package mappings

import "fmt"

// Sale event types (spec section 3): the full list, then the spellings of
// the older short list.
const (
	EventAdded             = "Added"
	EventAddedAnotherAgent = "Added by another agent"
	EventAddedNewAgent     = "Added by new agent"
	EventAddedUndetermined = "Added by another undetermined agent"
	EventAddedDateModified = "Added date modified for old listing"
	EventReduced           = "Reduced"
	EventPriceIncreased    = "Price Increased"
	EventUnderOffer        = "Under offer"
	EventSoldSTC           = "Sold STC"
	EventSoldSTCM          = "Sold STCM"
	EventCompleted         = "Completed"
	EventWithdrawn         = "Withdrawn"
	EventSaleCancelled     = "Sale Cancelled"
	EventLetAgreed         = "Let agreed"
	EventUnderOfferShort   = "Under Offer"
	EventLetShort          = "Let"
)

// EventTypeSpellings returns every stored spelling of an event type: the
// older short list's "Let" and "Under Offer" are the same events as "Let
// agreed" and "Under offer", so a filter on either finds both.
func EventTypeSpellings(t string) []string {
	switch t {
	case EventLetShort, EventLetAgreed:
		return []string{EventLetAgreed, EventLetShort}
	case EventUnderOfferShort, EventUnderOffer:
		return []string{EventUnderOffer, EventUnderOfferShort}
	}
	return []string{t}
}

// EventTypes lists every accepted event type.
func EventTypes() []string {
	return []string{EventAdded, EventAddedAnotherAgent, EventAddedNewAgent, EventAddedUndetermined, EventAddedDateModified,
		EventReduced, EventPriceIncreased, EventUnderOffer, EventSoldSTC, EventSoldSTCM, EventCompleted, EventWithdrawn,
		EventSaleCancelled, EventLetAgreed, EventUnderOfferShort, EventLetShort}
}

// ListingState is a position in the lifecycle of a listing.
type ListingState string

// Lifecycle states.
const (
	StateNone       ListingState = ""
	StateOnMarket   ListingState = "on_market"
	StateUnderOffer ListingState = "under_offer"
	StateSoldSTC    ListingState = "sold_stc"
	StateCompleted  ListingState = "completed"
	StateWithdrawn  ListingState = "withdrawn"
	StateLet        ListingState = "let"
)

func isAdded(e string) bool {
	switch e {
	case EventAdded, EventAddedAnotherAgent, EventAddedNewAgent, EventAddedUndetermined:
		return true
	}
	return false
}

// NextState applies one event to a state; ok is false when the event may
// not happen in that state. The rules: a listing starts with an Added
// event; prices move while it is marketed or agreed; an offer or a sale
// agreed (STC, STCM) may fall through (Sale Cancelled) back to the market;
// only an agreed sale completes; a withdrawn or let listing may be
// re-added; a completed one is final.
func NextState(s ListingState, event string) (ListingState, bool) {
	switch event {
	case EventUnderOfferShort:
		event = EventUnderOffer
	case EventLetShort:
		event = EventLetAgreed
	}
	if isAdded(event) {
		switch s {
		case StateNone, StateWithdrawn, StateLet, StateOnMarket:
			return StateOnMarket, true
		}
		return s, false
	}
	switch s {
	case StateOnMarket:
		switch event {
		case EventAddedDateModified, EventReduced, EventPriceIncreased:
			return s, true
		case EventUnderOffer:
			return StateUnderOffer, true
		case EventSoldSTC, EventSoldSTCM:
			return StateSoldSTC, true
		case EventWithdrawn:
			return StateWithdrawn, true
		case EventLetAgreed:
			return StateLet, true
		}
	case StateUnderOffer:
		switch event {
		case EventAddedDateModified, EventReduced, EventPriceIncreased, EventUnderOffer:
			return s, true
		case EventSoldSTC, EventSoldSTCM:
			return StateSoldSTC, true
		case EventSaleCancelled:
			return StateOnMarket, true
		case EventWithdrawn:
			return StateWithdrawn, true
		}
	case StateSoldSTC:
		switch event {
		case EventAddedDateModified, EventReduced, EventPriceIncreased, EventSoldSTC, EventSoldSTCM:
			return s, true
		case EventCompleted:
			return StateCompleted, true
		case EventSaleCancelled:
			return StateOnMarket, true
		case EventWithdrawn:
			return StateWithdrawn, true
		}
	case StateWithdrawn, StateLet, StateCompleted:
		if event == EventAddedDateModified {
			return s, true
		}
	}
	return s, false
}

// CheckEventOrder verifies that the events of one listing, in order, follow
// the lifecycle; the error names the first event out of place.
func CheckEventOrder(events []string) error {
	s := StateNone
	for i, e := range events {
		next, ok := NextState(s, e)
		if !ok {
			return fmt.Errorf("event %d %q cannot follow state %q", i, e, s)
		}
		s = next
	}
	return nil
}
