package api

// Market data: sales, listings, events, comparables, valuations, export, calculators (issue 7).

import "net/http"

func (s *Server) listingsExport(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}
