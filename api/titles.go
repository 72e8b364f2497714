package api

// Land titles.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// titleOf returns the land title of a UPRN, nil when there is none.
func (s *Server) titleOf(r *http.Request, uprn int64) (*mappings.Title, error) {
	return s.titleByUPRN(r.Context(), uprn)
}

// titleByUPRN returns the land title of a UPRN, nil when there is none.
func (s *Server) titleByUPRN(ctx context.Context, uprn int64) (*mappings.Title, error) {
	resp, err := s.backend.Search(ctx, s.idx.Name(mappings.IndexTitles), query.TitleByUPRN(uprn))
	if err != nil {
		return nil, fmt.Errorf("title of %d: %w", uprn, err)
	}
	if len(resp.Hits.Hits) == 0 {
		return nil, nil
	}
	var t mappings.Title
	if err := json.Unmarshal(resp.Hits.Hits[0].Source, &t); err != nil {
		return nil, fmt.Errorf("decode title %s: %w", resp.Hits.Hits[0].ID, err)
	}
	return &t, nil
}

// landTitle answers a GeoJSON Feature (application/geo+json).
func (s *Server) landTitle(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	t, err := s.titleOf(r, uprn)
	if err != nil {
		return err
	}
	if t == nil || t.Geometry == nil {
		return NotFound("no land title for UPRN %d", uprn)
	}
	feature := map[string]any{
		"type":     "Feature",
		"geometry": t.Geometry,
		"properties": map[string]any{
			"title_no":                 t.TitleNo,
			"property":                 uprn,
			"record_status":            t.RecordStatus,
			"estate_interest_code":     t.EstateInterestCode,
			"estate_interest":          t.EstateInterest,
			"title_class_code":         t.TitleClassCode,
			"title_class":              t.TitleClass,
			"has_restrictive_covenant": t.HasRestrictiveCovenant,
			"created_at":               t.CreatedAt,
			"updated_at":               t.UpdatedAt,
			"area_sqm":                 nullIfZeroAny(t.AreaSqm),
		},
	}
	b, err := json.Marshal(feature)
	if err != nil {
		return fmt.Errorf("encode title %s: %w", t.TitleNo, err)
	}
	return writeRaw(w, http.StatusOK, "application/geo+json", append(b, '\n'))
}
