package api

import (
	"github.com/gorilla/mux"

	"github.com/ukpd/propertyapi/widgets"
)

// mountWidgets serves the browser widgets (address finder, listing map) at
// /widgets/, built on first use; the demo page takes their versioned URLs.
func (s *Server) mountWidgets(r *mux.Router) *widgets.Lazy {
	w := widgets.NewLazy(widgets.Config{MapStyleURL: s.opt.MapStyleURL})
	r.PathPrefix(widgets.Prefix).Handler(w)
	return w
}
