package api

// OpenAPI document (issue 8).

import "net/http"

func (s *Server) schema(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}
