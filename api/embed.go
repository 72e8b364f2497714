package api

// Browser relay with public keys (issue 4).

import "net/http"

func (s *Server) embedRelay(w http.ResponseWriter, r *http.Request) error {
	return errNotImplemented
}
