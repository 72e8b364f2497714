package api

// Property records, tiers, parts, EPC, land titles, council tax and listing address (issue 12).

import "net/http"

func (s *Server) propertyRecord(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) propertyPart(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) propertyDiscover(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) propertyTier(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) epcChecker(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) landTitle(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) councilTaxBand(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) councilTax(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) listingAddress(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}
