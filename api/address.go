package api

// Address typeahead, addresses by postcode and address retrieve (issue 12).

import "net/http"

func (s *Server) addressFind(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) addressPostcode(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}

func (s *Server) addressRetrieve(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}
