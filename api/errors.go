package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Error is an error a client may see: an HTTP status, a stable machine code
// and a human message. Anything else returned by a handler is an internal
// error whose cause is logged and never shown.
type Error struct {
	Status  int
	Code    string
	Message string
	// Header holds extra response headers (Allow, Retry-After, ...).
	Header http.Header
	// Details is optional structured context (e.g. the valid values).
	Details map[string]any
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

// Stable error codes. Handlers use these constants, never literals, so the
// OpenAPI document and docs/errors.md list the same set: one status and one
// code per kind of fault (docs/errors.md is the table).
const (
	CodeBadRequest         = "bad_request"
	CodeInvalidParams      = "invalid_params"
	CodeInvalidPostcode    = "invalid_postcode"
	CodeMissingPostcode    = "missing_postcode"
	CodeInvalidUPRN        = "invalid_uprn"
	CodeInvalidType        = "invalid_type"
	CodeFilterRequired     = "filter_required"
	CodeNotFound           = "not_found"
	CodeMethodNotAllowed   = "method_not_allowed"
	CodeAuthRequired       = "authentication_required"
	CodeEndpointNotAllowed = "endpoint_not_allowed"
	CodeOriginNotAllowed   = "origin_not_allowed"
	CodeRateLimitExceeded  = "rate_limit_exceeded"
	CodeServiceUnavailable = "service_unavailable"
	CodeTimeout            = "upstream_timeout"
	CodeInternal           = "internal_error"
	CodeRequestTooLarge    = "request_too_large"
	CodeUnsupportedMedia   = "unsupported_media_type"
	CodeNotImplemented     = "not_implemented"
	CodeDataNotAvailable   = "data_not_available"
	CodeDatasetNotLoaded   = "dataset_not_loaded"
	CodeNotCovered         = "area_not_covered"
	CodePageTooDeep        = "page_too_deep"
	CodeQueryTooShort      = "query_too_short"
	CodeNotApplicable      = "not_applicable"
	// CodeExportLimitAboveCap (422): an export limit above the plan's row cap.
	CodeExportLimitAboveCap = "limit_above_plan_cap"
	// CodeAmbiguousAddress (300): several dwellings match; details.candidates.
	CodeAmbiguousAddress = "ambiguous_address"
	// CodeInsufficientBalance (402): the token balance cannot pay the call.
	CodeInsufficientBalance = "insufficient_balance"
	// CodeIdempotencyInUse (409): a request with the same Idempotency-Key
	// is still running.
	CodeIdempotencyInUse = "idempotency_key_in_use"
	// CodeIdempotencyReused (422): the Idempotency-Key was used for another request.
	CodeIdempotencyReused = "idempotency_key_reused"
	// CodeIdempotencyUnavailable (409): the first response was served and
	// charged but was too large to keep for replay.
	CodeIdempotencyUnavailable = "idempotent_response_unavailable"
	CodeLimitReached           = "limit_reached"
)

// Errorf builds a client-visible error.
func Errorf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// InvalidParam is the 422 for a parameter outside its allowed form or range.
func InvalidParam(name, format string, args ...any) *Error {
	e := Errorf(http.StatusUnprocessableEntity, CodeInvalidParams, "%s: %s", name, fmt.Sprintf(format, args...))
	e.Details = map[string]any{"parameter": name}
	return e
}

// QueryTooShort is the 422 for a typeahead text below its minimum length
// (address/find, boundaries/autocomplete).
func QueryTooShort(name string, min, max int) *Error {
	e := Errorf(http.StatusUnprocessableEntity, CodeQueryTooShort, "%s must be %d to %d characters", name, min, max)
	e.Details = map[string]any{"parameter": name, "min_length": min}
	return e
}

// NotFound is the 404 for a missing resource.
func NotFound(format string, args ...any) *Error {
	return Errorf(http.StatusNotFound, CodeNotFound, format, args...)
}

// asClientError maps any error to what the client sees. Engine outages and
// timeouts become 503/504, never 500.
func asClientError(err error) (*Error, bool) {
	var ce *Error
	if errors.As(err, &ce) {
		return ce, true
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, search.ErrTimeout):
		e := Errorf(http.StatusGatewayTimeout, CodeTimeout, "the search engine did not answer in time; retry shortly")
		e.Header = http.Header{"Retry-After": []string{"1"}}
		return e, false
	case errors.Is(err, search.ErrIndexMissing):
		return datasetNotLoaded(err), true
	case errors.Is(err, search.ErrUnavailable):
		e := Errorf(http.StatusServiceUnavailable, CodeServiceUnavailable, "the search engine is temporarily unavailable; retry shortly")
		e.Header = http.Header{"Retry-After": []string{"2"}}
		return e, false
	case errors.Is(err, context.Canceled):
		// The client went away; 499 in the log, nothing useful to send.
		return &Error{Status: 499, Code: "client_closed_request", Message: "client closed the request"}, false
	}
	return Errorf(http.StatusInternalServerError, CodeInternal, "internal error"), false
}

// datasetNames are the dataset (index) names, listed once: every read of
// every request asks DatasetOf.
var datasetNames = sync.OnceValue(mappings.Names)

// DatasetOf names the dataset (mappings index name) of an index or alias
// name such as "ukpd_crime" or "test1_crime-v20260101120000"; "" when none.

func DatasetOf(index string) string {
	if i := strings.LastIndex(index, "-v"); i > 0 {
		index = index[:i]
	}
	best := ""
	for _, n := range datasetNames() {
		if strings.HasSuffix(index, n) && len(n) > len(best) {
			best = n
		}
	}
	return best
}

// datasetNotLoaded is the 404 for a dataset whose index does not exist:
// the data was never loaded here, which is not an engine outage.
func datasetNotLoaded(err error) *Error {
	ds := ""
	var mi *search.MissingIndexError
	if errors.As(err, &mi) {
		ds = DatasetOf(mi.Index)
	}
	if ds == "" {
		e := Errorf(http.StatusNotFound, CodeDatasetNotLoaded, "a dataset this endpoint needs is not loaded on this server")
		return e
	}
	e := Errorf(http.StatusNotFound, CodeDatasetNotLoaded, "the %s dataset is not loaded on this server", ds)
	e.Details = map[string]any{"dataset": ds}
	return e
}

// errNotImplemented answers routes whose family is not built yet.
var errNotImplemented = Errorf(http.StatusNotImplemented, CodeNotImplemented, "this endpoint is not available yet")
