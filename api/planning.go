package api

// Planning search (spec 2.17, 4.4).

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// Bounds (documented in docs/nearby.md).
const (
	planningPerPage         = 25
	planningRadiusKmDefault = 0.5
	planningRadiusKmMin     = 0.1
	planningRadiusKmMax     = 5.0
	planningDaysDefault     = 90
	planningDaysMax         = 365
	planningMaxPage         = maxResultWindow / planningPerPage
	dateLayout              = "2006-01-02"
)

type planningItem struct {
	Reference     string  `json:"reference"`
	Address       string  `json:"address"`
	Postcode      *string `json:"postcode"`
	Description   string  `json:"description"`
	Status        string  `json:"status"`
	Decision      string  `json:"decision"`
	Type          string  `json:"type"`
	Size          *string `json:"size"`
	Authority     string  `json:"authority"`
	Ward          *string `json:"ward"`
	DateReceived  string  `json:"date_received"`
	DateValidated *string `json:"date_validated"`
	DateDecided   *string `json:"date_decided"`
	// Fields after date_decided (ours, documented in docs/nearby.md).
	Applicant *string `json:"applicant"`
	Agent     *string `json:"agent"`
	URL       *string `json:"url"`
	UPRN      *int64  `json:"uprn"`
	DistanceM int64   `json:"distance_m"`
	Location  *latLng `json:"location"`
	Source    string  `json:"source"`
}

type planningResponse struct {
	Count      int64          `json:"count"`
	Page       int            `json:"page"`
	PerPage    int            `json:"per_page"`
	TotalPages int64          `json:"total_pages"`
	RadiusKm   float64        `json:"radius_km"`
	Days       int            `json:"days"`
	Since      string         `json:"since"`
	Results    []planningItem `json:"results"`
}

func (s *Server) planningSearch(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	radius := p.Float("radius_km", planningRadiusKmDefault, planningRadiusKmMin, planningRadiusKmMax)
	days := p.Int("days", planningDaysDefault, 1, planningDaysMax)
	typ := p.Enum("type", "", "Full", "Outline", "Heritage", "Trees", "Conditions")
	decision := p.Enum("status", "", "Undecided", "Approved", "Refused", "Withdrawn")
	page := p.Int("page", 1, 1, math.MaxInt32)
	if err := p.Err(); err != nil {
		return err
	}
	if page > planningMaxPage {
		return pageTooDeep(page, planningPerPage)
	}
	pl, err := s.resolvePlace(r.Context(), p, placeForms{postcode: true, latlng: true})
	if err != nil {
		return err
	}
	since := s.opt.Now().UTC().AddDate(0, 0, -days).Format(dateLayout)
	q := query.PlanningSearch{Center: pl.Point, RadiusM: radius * 1000, Since: since, Type: typ, Decision: decision,
		From: (page - 1) * planningPerPage, Size: planningPerPage}
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexPlanning), q.Body())
	if err != nil {
		return fmt.Errorf("planning search: %w", err)
	}
	out := planningResponse{Count: res.Hits.Total.Value, Page: page, PerPage: planningPerPage, RadiusKm: radius, Days: days,
		Since: since, Results: []planningItem{}}
	out.TotalPages = (out.Count + planningPerPage - 1) / planningPerPage
	for _, h := range res.Hits.Hits {
		var d mappings.Planning
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode planning %s: %w", h.ID, err)
		}
		var m float64
		if len(h.Sort) > 1 {
			if err := json.Unmarshal(h.Sort[1], &m); err != nil {
				return fmt.Errorf("planning %s distance: %w", h.ID, err)
			}
		}
		out.Results = append(out.Results, planningItem{
			Reference: d.Reference, Address: d.Address, Postcode: nullIfZero(d.Postcode), Description: d.Description,
			Status: d.Status, Decision: d.Decision, Type: d.Type, Size: nullIfZero(d.Size), Authority: d.Authority,
			Ward: nullIfZero(d.Ward), DateReceived: d.DateReceived, DateValidated: nullIfZero(d.DateValidated),
			DateDecided: nullIfZero(d.DateDecided), Applicant: nullIfZero(d.Applicant), Agent: nullIfZero(d.Agent),
			URL: nullIfZero(d.URL), UPRN: nullIfZero(d.UPRN), DistanceM: int64(math.Round(m)), Location: toLatLng(d.Location),
			Source: d.Source,
		})
	}
	return writeJSON(w, http.StatusOK, out)
}
