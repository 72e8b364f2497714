package api

// Area and risk intelligence (issue 6).

import "net/http"

func (s *Server) risks(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) floodRisk(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) deprivation(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) demographics(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) broadband(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) postcodeProfile(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) priceDistributions(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) priceGrowth(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) priceTrends(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) solarAssessment(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}
