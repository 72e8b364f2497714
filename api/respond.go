package api

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"

	"github.com/ukpd/propertyapi/api/internal/fieldmap"
	"github.com/ukpd/propertyapi/mappings"
)

// writeJSON writes v as the JSON body with the given status.
// jsonContentType is the content type of every JSON response.
const jsonContentType = "application/json; charset=utf-8"

func writeJSON(w http.ResponseWriter, status int, v any) error {
	var b []byte
	var err error
	if m, ok := v.(map[string]any); ok {
		b, err = fieldmap.MarshalMap(m) // json.Marshal's bytes, without its reflection
	} else {
		b, err = json.Marshal(v)
	}
	if err != nil {
		return err
	}
	b = append(b, '\n')
	h := w.Header()
	h.Set("Content-Type", jsonContentType)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, err = w.Write(b)
	return err
}

// writeRaw writes pre-encoded bytes with a content type.
func writeRaw(w http.ResponseWriter, status int, contentType string, b []byte) error {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, err := w.Write(b)
	return err
}

type errorBody struct {
	Error errorPayload `json:"error"`
}

type errorPayload struct {
	Code      string         `json:"code"`
	Message   string         `json:"message"`
	RequestID string         `json:"request_id,omitempty"`
	Details   map[string]any `json:"details,omitempty"`
}

// writeError writes the one error envelope used by every endpoint.
func writeError(w http.ResponseWriter, e *Error, requestID string) {
	for k, vs := range e.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	_ = writeJSON(w, e.Status, errorBody{Error: errorPayload{Code: e.Code, Message: e.Message, RequestID: requestID, Details: e.Details}})
}

// pick copies the named keys of m (null when absent).
func pick(m map[string]any, keys ...string) map[string]any {
	out := make(map[string]any, len(keys))
	for _, k := range keys {
		out[k] = m[k]
	}
	return out
}

// WriteRequestError writes e in the one error envelope with the request id of
// r's call info: for middleware outside this package (the key gate).
func WriteRequestError(w http.ResponseWriter, r *http.Request, e *Error) {
	writeError(w, e, requestID(r.Context()))
}

// decodeAggs decodes each aggregation named in into into the value it
// points at; an aggregation the response lacks leaves its value zero.
func decodeAggs(aggs map[string]json.RawMessage, into map[string]any) error {
	for name, out := range into {
		raw, ok := aggs[name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("decode aggregation %s: %w", name, err)
		}
	}
	return nil
}

// roundTo rounds to n decimal places.
func roundTo(v float64, n int) float64 {
	m := math.Pow(10, float64(n))
	return math.Round(v*m) / m
}

func roundPoint(p mappings.GeoPoint, n int) mappings.GeoPoint {
	return mappings.GeoPoint{Lat: roundTo(p.Lat, n), Lon: roundTo(p.Lon, n)}
}

// nullIfZero is a pointer to v, or nil (JSON null) when v is its type's zero
// value: the unknown datum of a typed response field.
func nullIfZero[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

// nullIfZeroAny is v, or nil (JSON null) when v is its type's zero value:
// the unknown datum of a map-shaped response.
func nullIfZeroAny[T comparable](v T) any {
	var zero T
	if v == zero {
		return nil
	}
	return v
}

// day keeps the date part of a date or date-time.
func day(s string) *string {
	if len(s) >= 10 {
		s = s[:10]
	}
	return nullIfZero(s)
}

func orEmpty(s *string) *string {
	if s == nil {
		e := ""
		return &e
	}
	return s
}
