package api

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
)

// requireJSONBody refuses a request whose Content-Type is set to anything
// but application/json (415); an absent Content-Type is accepted.
func requireJSONBody(r *http.Request) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return Errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "the body must be application/json")
		}
	}
	return nil
}

// decodeBody reads a POST body strictly into v: JSON only (415), at most
// limit bytes (413), one object without unknown fields (decodeJSONObject).
func decodeBody(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	if err := requireJSONBody(r); err != nil {
		return err
	}
	return decodeJSONObject(json.NewDecoder(http.MaxBytesReader(w, r.Body, limit)), v, limit, nil)
}

// decodeJSONObject decodes exactly one JSON value from dec into v, the one
// way every POST and PATCH body is read: unknown fields and trailing data
// are refused, and a decode failure is mapped to the API's codes (413 over
// limit bytes, 400 for no or malformed JSON, 422 naming the field of a
// wrong type or unknown field). own, when not nil, maps a handler's own
// decode errors first (nil for "not mine").
func decodeJSONObject(dec *json.Decoder, v any, limit int64, own func(error) error) error {
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if own != nil {
			if mapped := own(err); mapped != nil {
				return mapped
			}
		}
		var tooBig *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			return Errorf(http.StatusRequestEntityTooLarge, CodeRequestTooLarge, "the body is larger than %d bytes", limit)
		case errors.Is(err, io.EOF):
			return Errorf(http.StatusBadRequest, CodeBadRequest, "a JSON body is required")
		case errors.As(err, &typeErr):
			return InvalidParam(typeErr.Field, "must be a JSON %s", typeErr.Type.String())
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return InvalidParam(name, "unknown field")
		}
		return Errorf(http.StatusBadRequest, CodeBadRequest, "the body is not valid JSON")
	}
	if _, err := dec.Token(); err != io.EOF {
		return Errorf(http.StatusBadRequest, CodeBadRequest, "the body must hold one JSON object")
	}
	return nil
}
