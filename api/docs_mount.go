package api

import (
	"github.com/gorilla/mux"

	"github.com/ukpd/propertyapi/api/docs"
)

// mountDocs serves the API reference page at /docs.
func (s *Server) mountDocs(r *mux.Router) {
	h := docs.Handler(docs.Config{SchemaURL: "/api/v1/schema"})
	r.Handle("/docs", h)
	r.PathPrefix("/docs/").Handler(h)
}
