package alerts

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// PercolateBatch is the number of changed documents sent in one percolate
// request (the benchmark in bench/results/alerts.md measured it).
const PercolateBatch = 200

// percolatePage is the number of matching alerts read per page.
const percolatePage = 1000

// candidate is one changed document to percolate with its event types.
type candidate struct {
	ch        Change
	doc       json.RawMessage // listing-shaped document to percolate
	types     []string
	listingID string
	uprn      int64
	saleEvent int64
	postcode  string
	dataset   string // epc, sales, postcodes: a dataset event
}

// Match percolates changed documents against the saved searches and
// returns the events in order: by document (the order of changes), then
// alert id, then event type (added, price, status). Nothing is written.
// Changes that cause no event type are skipped without a request.
func (s *Service) Match(ctx context.Context, changes []Change) ([]Event, error) {
	cands, err := s.candidates(ctx, changes)
	if err != nil {
		return nil, err
	}
	var out []Event
	for start := 0; start < len(cands); start += PercolateBatch {
		end := min(start+PercolateBatch, len(cands))
		evs, err := s.percolate(ctx, cands[start:end])
		if err != nil {
			return nil, err
		}
		out = append(out, evs...)
	}
	return out, nil
}

// Process matches changes and appends the events to the streams.
func (s *Service) Process(ctx context.Context, changes []Change) ([]Event, error) {
	evs, err := s.Match(ctx, changes)
	if err != nil {
		return nil, err
	}
	return s.Append(ctx, evs)
}

func (s *Service) candidates(ctx context.Context, changes []Change) ([]candidate, error) {
	var out []candidate
	// Listings named by sale events: the version in this batch, else the
	// one in the index.
	inBatch := map[string]json.RawMessage{}
	var need []string
	for _, ch := range changes {
		if ch.Index == mappings.IndexListings && ch.After != nil {
			inBatch[ch.ID] = ch.After
		}
	}
	for _, ch := range changes {
		if ch.Index != mappings.IndexSaleEvents || SaleEventType(ch.Before, ch.After) == "" {
			continue
		}
		var se saleEventState
		_ = json.Unmarshal(ch.After, &se)
		if se.Listing != "" && inBatch[se.Listing] == nil {
			need = append(need, se.Listing)
		}
	}
	fetched, err := s.mgetListings(ctx, need)
	if err != nil {
		return nil, err
	}
	for _, ch := range changes {
		switch ch.Index {
		case mappings.IndexListings:
			types := ListingEvents(ch.Before, ch.After)
			if len(types) == 0 {
				continue
			}
			var l listingState
			_ = json.Unmarshal(ch.After, &l)
			out = append(out, candidate{ch: ch, doc: ch.After, types: types, listingID: l.ID, uprn: l.UPRN})
		case mappings.IndexSaleEvents:
			typ := SaleEventType(ch.Before, ch.After)
			if typ == "" {
				continue
			}
			var se saleEventState
			_ = json.Unmarshal(ch.After, &se)
			doc := inBatch[se.Listing]
			if doc == nil {
				doc = fetched[se.Listing]
			}
			uprn := se.UPRN
			if doc == nil {
				if uprn == 0 {
					continue // nothing to match on
				}
				doc, _ = json.Marshal(map[string]int64{mappings.ListingFieldUPRN: uprn})
			} else if uprn == 0 {
				var l listingState
				_ = json.Unmarshal(doc, &l)
				uprn = l.UPRN
			}
			out = append(out, candidate{ch: ch, doc: doc, types: []string{typ}, listingID: se.Listing, uprn: uprn, saleEvent: se.ID})
		default:
			if c, ok := datasetCandidate(ch); ok {
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// docID is the changed document's id for a dataset event ("" otherwise).
func (c candidate) docID() string {
	if c.dataset == "" {
		return ""
	}
	return c.ch.ID
}

// datasetCandidate is the watch-list event of an EPC, sale or postcode
// change: a new certificate or sale at a UPRN (percolated as
// {property_uprn}), a postcode newly terminated (as {postcode}).
func datasetCandidate(ch Change) (candidate, bool) {
	if ch.After == nil {
		return candidate{}, false
	}
	switch ch.Index {
	case mappings.IndexEPC, mappings.IndexSales:
		var d struct {
			UPRN int64 `json:"uprn"`
		}
		if ch.Before != nil || json.Unmarshal(ch.After, &d) != nil || d.UPRN == 0 {
			return candidate{}, false
		}
		typ := EventEPCLodged
		if ch.Index == mappings.IndexSales {
			typ = EventSaleRegistered
		}
		doc, _ := json.Marshal(map[string]int64{mappings.ListingFieldUPRN: d.UPRN})
		return candidate{ch: ch, doc: doc, types: []string{typ}, uprn: d.UPRN, dataset: ch.Index}, true
	case mappings.IndexPostcodes:
		var a, b struct {
			Postcode     string `json:"postcode"`
			IsTerminated bool   `json:"is_terminated"`
		}
		if json.Unmarshal(ch.After, &a) != nil || !a.IsTerminated || a.Postcode == "" {
			return candidate{}, false
		}
		if ch.Before != nil && json.Unmarshal(ch.Before, &b) == nil && b.IsTerminated {
			return candidate{}, false // terminated before this change
		}
		doc, _ := json.Marshal(map[string]string{mappings.ListingFieldPostcode: a.Postcode})
		return candidate{ch: ch, doc: doc, types: []string{EventPostcodeTerminated}, postcode: a.Postcode, dataset: ch.Index}, true
	}
	return candidate{}, false
}

func (s *Service) mgetListings(ctx context.Context, ids []string) (map[string]json.RawMessage, error) {
	out := map[string]json.RawMessage{}
	if len(ids) == 0 {
		return out, nil
	}
	var r struct {
		Docs []struct {
			ID     string          `json:"_id"`
			Found  bool            `json:"found"`
			Source json.RawMessage `json:"_source"`
		} `json:"docs"`
	}
	index := s.cfg.IndexPrefix + mappings.IndexListings
	err := s.cfg.Engine.Do(ctx, http.MethodPost, "/"+url.PathEscape(index)+"/_mget", nil, map[string]any{"ids": ids}, &r)
	if isMissing(err) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("fetch listings of sale events: %w", err)
	}
	for _, d := range r.Docs {
		if d.Found {
			out[d.ID] = d.Source
		}
	}
	return out, nil
}

type percolateHit struct {
	Source struct {
		Alert struct {
			ID     string   `json:"id"`
			OrgID  string   `json:"org_id"`
			Events []string `json:"events"`
		} `json:"alert"`
	} `json:"_source"`
	Fields struct {
		Slots []int `json:"_percolator_document_slot"`
	} `json:"fields"`
}

// percolate sends one batch and turns the hits into events.
func (s *Service) percolate(ctx context.Context, cands []candidate) ([]Event, error) {
	docs := make([]any, len(cands))
	for i, c := range cands {
		docs[i] = c.doc
	}
	type match struct {
		slot  int
		alert string
		typ   int
		ev    Event
	}
	var matches []match
	seen := map[string]bool{}
	after := ""
	for {
		var r struct {
			Hits struct {
				Hits []percolateHit `json:"hits"`
			} `json:"hits"`
		}
		err := s.cfg.Engine.Do(ctx, http.MethodPost, "/"+url.PathEscape(s.index)+"/_search", nil,
			query.AlertPercolate(PercolatorField, docs, percolatePage, after), &r)
		if isMissing(err) {
			return nil, nil // no saved search yet
		}
		if err != nil {
			return nil, fmt.Errorf("percolate %d documents: %w", len(docs), err)
		}
		for _, h := range r.Hits.Hits {
			a := h.Source.Alert
			slots := h.Fields.Slots
			if len(docs) == 1 && len(slots) == 0 {
				slots = []int{0} // a single document reports no slot field
			}
			for _, slot := range slots {
				if slot < 0 || slot >= len(cands) {
					continue
				}
				c := cands[slot]
				for ti, typ := range c.types {
					if !slices.Contains(a.Events, typ) {
						continue
					}
					// A listing status change and its sale event in the
					// same batch are one event.
					k := a.ID + "\x00" + typ + "\x00" + c.listingID
					if c.listingID != "" && seen[k] {
						continue
					}
					seen[k] = true
					matches = append(matches, match{slot: slot, alert: a.ID, typ: ti, ev: Event{
						AlertID: a.ID, OrgID: a.OrgID, Type: typ, ListingID: c.listingID, UPRN: c.uprn,
						SaleEventID: c.saleEvent, Document: c.ch.After, Postcode: c.postcode, Dataset: c.dataset, DocID: c.docID(),
						DedupKey: dedupKey(a.ID, typ, c.ch.Index+"/"+c.ch.ID, c.ch.After),
					}})
				}
			}
		}
		if len(r.Hits.Hits) < percolatePage {
			break
		}
		after = r.Hits.Hits[len(r.Hits.Hits)-1].Source.Alert.ID
	}
	sort.SliceStable(matches, func(i, j int) bool {
		if matches[i].slot != matches[j].slot {
			return matches[i].slot < matches[j].slot
		}
		if matches[i].alert != matches[j].alert {
			return matches[i].alert < matches[j].alert
		}
		return matches[i].typ < matches[j].typ
	})
	out := make([]Event, len(matches))
	for i, m := range matches {
		out[i] = m.ev
	}
	return out, nil
}
